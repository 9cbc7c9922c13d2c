import { STAFF, defineAccess } from '../common';

/** Who may do what in کدهای تخفیف (decision 094): the gateway's guards, the BFF's procedures and the web's buttons read this table. */
export const DISCOUNTS_ACCESS = defineAccess({ read: STAFF });
