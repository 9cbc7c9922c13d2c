import { STAFF, defineAccess } from '../common';

/**
 * Who may do what in اسکیماهای کارشناسی (decision 094): staff read, edit, activate and customise
 * (spec §6 gives the group no role of its own; decision 110 records it).
 */
export const REPORT_SCHEMAS_ACCESS = defineAccess({ read: STAFF, change: STAFF });
