import { ROLES, STAFF, defineAccess } from '../common';

/**
 * Who may do what in تراکنش‌ها (decisions 094, 118): staff read the ledger and ask the bank for a
 * refund's status (the answer moves it, no money is decided by the asker); requesting a refund,
 * sending a failed one again and cancelling one move money, so they are a supervisor's.
 */
export const TRANSACTIONS_ACCESS = defineAccess({ read: STAFF, check: STAFF, supervise: [ROLES.supervisor] });
