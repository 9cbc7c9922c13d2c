import { STAFF, defineAccess } from '../common';

/** Sell tickets are staff work (spec §6, decision 094): the list and the ticket actions. */
export const SELL_TICKETS_ACCESS = defineAccess({ read: STAFF, act: STAFF });
