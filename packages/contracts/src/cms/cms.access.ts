import { STAFF, defineAccess } from '../common';

/**
 * Who may do what in the content section (decision 094): staff read and write content and
 * categories (spec §6: the sidebar items name no stricter role). Published content is read by
 * anyone through the gateway's public endpoint, which needs no table.
 */
export const CMS_ACCESS = defineAccess({ read: STAFF, write: STAFF });
