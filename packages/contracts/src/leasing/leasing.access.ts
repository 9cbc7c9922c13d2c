import { STAFF, defineAccess } from '../common';

/** Leasing is staff work (spec §6): they read orders and claims, and register, move and chase them (decision 094). */
export const LEASING_ACCESS = defineAccess({ read: STAFF, act: STAFF });
