import { STAFF, defineAccess } from '../common';

/** Who may do what in کنترل کیفیت هوشمند (decision 094): the gateway's guards, the BFF's procedures and the web's buttons read this table. */
export const AI_QC_ACCESS = defineAccess({ read: STAFF });
