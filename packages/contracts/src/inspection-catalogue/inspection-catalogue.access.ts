import { ROLES, STAFF, defineAccess } from '../common';

/**
 * Staff read the catalogue (the order forms list its packages, the order page its quotes); a
 * package's price or a rate moves every new order's price, so changing them is a supervisor's
 * (decisions 094, 099).
 */
export const INSPECTION_CATALOGUE_ACCESS = defineAccess({ read: STAFF, change: [ROLES.supervisor] });
