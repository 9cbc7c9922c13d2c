import { ROLES, STAFF, defineAccess } from '../common';

/**
 * Who may do what in کدهای تخفیف (decisions 094, 117): staff read the codes, check one against an
 * order, record a use, create a code or a campaign and pause or resume a code; deactivating a code
 * for good is a supervisor's (the workflow's roles).
 */
export const DISCOUNTS_ACCESS = defineAccess({ read: STAFF, act: STAFF, supervise: [ROLES.supervisor] });
