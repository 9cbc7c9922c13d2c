import { STAFF, defineAccess } from '../common';

/**
 * Who may do what in AI quality control (decisions 094, 116): staff read the queue and review
 * (the workflow's actions name their own roles: a supervisor returns a decided text to the
 * queue); the producing model submits through an API token of a staff account.
 */
export const AI_QC_ACCESS = defineAccess({ read: STAFF, review: STAFF, submit: STAFF });
