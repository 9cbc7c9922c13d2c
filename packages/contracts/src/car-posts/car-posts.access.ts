import { STAFF, defineAccess } from '../common';

/** Car posts are staff work (spec §6, decision 094): the queue and its review actions. */
export const CAR_POSTS_ACCESS = defineAccess({ read: STAFF, review: STAFF });
