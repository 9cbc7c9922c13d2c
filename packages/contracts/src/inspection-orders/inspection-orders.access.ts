import { SIGNED_IN, STAFF, defineAccess } from '../common';

/** Spec §6: the order list opens to every signed-in user; staff register orders and act on them (decision 094). */
export const INSPECTION_ORDERS_ACCESS = defineAccess({ read: SIGNED_IN, act: STAFF });
