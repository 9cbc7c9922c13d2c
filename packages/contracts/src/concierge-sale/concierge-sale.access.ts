import { ROLES, STAFF, defineAccess } from '../common/plain';

/**
 * The concierge sale's team (issue 15, decision 094): staff, supervisors and sales experts work
 * here (the gateway narrows a sales expert to their own sales); a supervisor assigns, accepts a
 * buyer's offer and approves a deal. The offers' live feed is staff's (it carries buyers' phones).
 */
export const CONCIERGE_SALE_ACCESS = defineAccess({
  work: [ROLES.staff, ROLES.supervisor, ROLES.salesExpert],
  supervise: [ROLES.supervisor],
  watch: STAFF,
});
