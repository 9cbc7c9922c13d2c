import { STAFF, defineAccess } from '../common';

/** Reserves are staff work (spec §6, decision 094). */
export const INSPECTION_RESERVES_ACCESS = defineAccess({ read: STAFF, act: STAFF });
