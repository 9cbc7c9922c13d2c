import { SIGNED_IN, defineAccess } from '../common';

/** The catalogue is read by every signed-in user (decision 094). */
export const BRAND_MODELS_ACCESS = defineAccess({ read: SIGNED_IN });
