import { SIGNED_IN, STAFF, defineAccess } from '../common';

/** Spec §6: every signed-in user reads the SMS history and templates; staff write templates and send (decision 094). */
export const NOTIFICATIONS_ACCESS = defineAccess({ read: SIGNED_IN, manage: STAFF });
