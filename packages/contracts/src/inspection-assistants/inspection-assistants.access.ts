import { SIGNED_IN, STAFF, defineAccess } from '../common';

/**
 * Turn-assign is the "inspection admin" of spec §6 (an empty role list: anyone signed in reads the
 * board); changing the rotation and the QC and pricing desks are staff's (decision 094). A desk's
 * action also needs the actor's active reviewer row, a state the gateway checks (409), not a role.
 */
export const INSPECTION_ASSISTANTS_ACCESS = defineAccess({ read: SIGNED_IN, manage: STAFF, review: STAFF });
