import { ROLES, STAFF, defineAccess } from '../common';

/**
 * Who may do what in the expert pay screens (decision 094): staff read the rules and the
 * payments; a supervisor changes a share rule and settles a period (money leaves on it).
 */
export const EXPERT_PAY_ACCESS = defineAccess({ read: STAFF, rules: [ROLES.supervisor], settle: [ROLES.supervisor] });
