import { STAFF, defineAccess } from '../common';

/** Who may do what in اسکیماهای کارشناسی (decision 094): the gateway's guards, the BFF's procedures and the web's buttons read this table. */
export const REPORT_SCHEMAS_ACCESS = defineAccess({ read: STAFF });
