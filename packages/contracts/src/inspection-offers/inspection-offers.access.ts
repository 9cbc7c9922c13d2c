import { ROLES, STAFF, defineAccess } from '../common';

/** Staff read and send offers; an expert answers the offers sent to them (decision 094). */
export const INSPECTION_OFFERS_ACCESS = defineAccess({ read: STAFF, send: STAFF, answer: [ROLES.expert] });
