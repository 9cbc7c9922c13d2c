import { STAFF, defineAccess } from '../common';

/** Divar tokens are staff work (spec §6, decision 094). */
export const DIVAR_TOKENS_ACCESS = defineAccess({ read: STAFF, link: STAFF });
