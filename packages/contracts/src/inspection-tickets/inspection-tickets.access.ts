import { STAFF, defineAccess } from '../common';

/** Inspection tickets are staff work (spec §6, decision 094): the list and the ticket actions. */
export const INSPECTION_TICKETS_ACCESS = defineAccess({ read: STAFF, act: STAFF });
