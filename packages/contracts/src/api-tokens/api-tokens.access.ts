import { STAFF, defineAccess } from '../common/plain';

/** API tokens are made, listed and revoked by staff, in the panel's own session (decision 094). */
export const API_TOKENS_ACCESS = defineAccess({ manage: STAFF });
