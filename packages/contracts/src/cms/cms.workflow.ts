import { z } from 'zod';
import { defineWorkflow, codesOf } from '../common';

// A content item's publish state (spec §7 CMS, decision 112). Written as a draft, published
// (then the public endpoint serves it), taken back to draft to rework, archived when it should
// no longer be served or edited, and restored from the archive as a draft. The gateway enforces
// the table, the web draws a button per action the current state allows.

export const CMS_CONTENT_STATES = {
  draft: 'پیش‌نویس',
  published: 'منتشرشده',
  archived: 'بایگانی‌شده',
} as const;
export type CmsContentState = keyof typeof CMS_CONTENT_STATES;
export const CMS_CONTENT_STATE_LIST = codesOf(CMS_CONTENT_STATES);
export const CmsContentStateSchema = z.enum(CMS_CONTENT_STATE_LIST, { error: 'وضعیت نامعتبر است' });

export const CMS_CONTENT_WORKFLOW = defineWorkflow({
  noun: 'محتوا',
  states: CMS_CONTENT_STATES,
  actions: {
    save: { label: 'ذخیره محتوا', from: ['draft', 'published'] },
    publish: { label: 'انتشار', from: ['draft'], to: 'published', confirm: 'این محتوا منتشر شود؟ پس از انتشار برای همه قابل خواندن است.' },
    unpublish: { label: 'لغو انتشار', from: ['published'], to: 'draft', confirm: 'انتشار این محتوا لغو شود و به پیش‌نویس برگردد؟' },
    archive: { label: 'بایگانی', from: ['draft', 'published'], to: 'archived', confirm: 'این محتوا بایگانی شود؟ دیگر نمایش داده نمی‌شود.', reason: 'required' },
    restore: { label: 'بازگردانی به پیش‌نویس', from: ['archived'], to: 'draft' },
  },
});
export type CmsContentAction = (typeof CMS_CONTENT_WORKFLOW.actionList)[number];
/** The moves a button makes (saving is the editor's own button). */
export const CMS_STEP_ACTIONS = ['publish', 'unpublish', 'archive', 'restore'] as const;
export type CmsStepAction = (typeof CMS_STEP_ACTIONS)[number];

/**
 * Persian text as it is kept (decision 112): the Arabic yeh and kaf (ي ى ك) typed by Arabic
 * keyboards become the Persian ی and ک, and Arabic-Indic digits (٠-٩) the Persian ones (۰-۹), so
 * a search for «پیکان» finds «پيكان». Latin digits stay Latin: in a body they are codes,
 * addresses and model names. Applied to titles and bodies on save and to the list's search.
 */
export function normalizePersian(text: string): string {
  return text
    .replace(/[\u064A\u0649]/g, '\u06CC')
    .replace(/\u0643/g, '\u06A9')
    .replace(/[\u0660-\u0669]/g, (d) => String.fromCharCode(0x06f0 + d.charCodeAt(0) - 0x0660));
}
