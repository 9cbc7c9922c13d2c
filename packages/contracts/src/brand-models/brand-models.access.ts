import { ROLES, SIGNED_IN, STAFF, defineAccess } from '../common';

/**
 * Who may do what with the catalogue (decisions 094, 119): every signed-in user reads it (every
 * module's forms pick from it); staff add and edit brands, models, types, files and external
 * names and retire or restore them; merging two models and undoing a merge is a supervisor's
 * (it rewrites what other modules' records point at).
 */
export const BRAND_MODELS_ACCESS = defineAccess({ read: SIGNED_IN, manage: STAFF, merge: [ROLES.supervisor] });
