import { ROLES, STAFF, defineAccess } from '../common';

/**
 * Who may do what in NPS (decisions 094, 115): staff read the answers, record one taken by phone
 * and follow detractors up (call back, refer, resolve, close); a supervisor also sets an answer
 * aside (a test or duplicate), restores it and reopens a closed follow-up (the workflow's roles).
 */
export const NPS_ACCESS = defineAccess({ read: STAFF, act: STAFF, supervise: [ROLES.supervisor] });
