import { STAFF, defineAccess } from '../common';

/** Affidavits are staff work (spec §6): they read, add, price, purchase and send links (decision 094, 104). */
export const AFFIDAVITS_ACCESS = defineAccess({ read: STAFF, act: STAFF });
