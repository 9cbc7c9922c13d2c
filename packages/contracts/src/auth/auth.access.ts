import { SIGNED_IN, STAFF, defineAccess } from '../common';

/** Who may do what with accounts (decision 094): one's own profile and token, the people list, calls (API tokens: API_TOKENS_ACCESS). */
export const AUTH_ACCESS = defineAccess({ self: SIGNED_IN, users: STAFF, calls: STAFF });
