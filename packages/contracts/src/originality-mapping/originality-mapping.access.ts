import { SIGNED_IN, STAFF, defineAccess } from '../common';

/** Spec §6: every signed-in user reads the map; staff save it (decision 094). */
export const ORIGINALITY_MAPPING_ACCESS = defineAccess({ read: SIGNED_IN, edit: STAFF });
