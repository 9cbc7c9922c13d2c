import { STAFF, defineAccess } from '../common/access';

/** The allocation desk is staff work (spec §6, decision 094). */
export const DISPATCH_ACCESS = defineAccess({ plan: STAFF });
