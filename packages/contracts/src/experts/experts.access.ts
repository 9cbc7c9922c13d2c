import { STAFF, defineAccess } from '../common';

/**
 * Who may do what with the experts (decision 094, 105): the sidebar item is staff's (spec §6), and
 * staff keep the people (add, edit, activate) and answer their tickets.
 */
export const EXPERTS_ACCESS = defineAccess({ read: STAFF, change: STAFF, tickets: STAFF });
