import { z } from 'zod';
import { defineWorkflow, codesOf } from '../common';
import { EXPERTS_ACCESS } from './experts.access';

// An expert's state table (issue 31, decision 105): an expert works (active) or not (inactive).
// Staff deactivate an expert with a reason; the dispatch sheet gives an inactive expert no new
// cells, and an expert who still holds an order from today on cannot be deactivated. Editing the
// profile is logged too, but does not move the table.

export const EXPERT_STATES = { active: 'فعال', inactive: 'غیرفعال' } as const;
export type ExpertState = keyof typeof EXPERT_STATES;
export const EXPERT_STATE_LIST = codesOf(EXPERT_STATES);
export const ExpertStateSchema = z.enum(EXPERT_STATE_LIST, { error: 'وضعیت نامعتبر است' });
export const expertState = (expert: { is_active: boolean }): ExpertState => (expert.is_active ? 'active' : 'inactive');

export const EXPERT_WORKFLOW = defineWorkflow({
  noun: 'کارشناس',
  states: EXPERT_STATES,
  roles: EXPERTS_ACCESS.change,
  actions: {
    deactivate: { label: 'غیرفعال کردن', from: ['active'], to: 'inactive', confirm: 'این کارشناس غیرفعال شود؟ در روزهای بعد برگه تخصیص برای او خانه‌ای نمی‌سازد.', reason: 'required' },
    activate: { label: 'فعال کردن', from: ['inactive'], to: 'active', confirm: 'این کارشناس دوباره فعال شود؟ خانه‌های شیفت‌های پیش رو برای او ساخته می‌شود.' },
  },
});
export type ExpertAction = (typeof EXPERT_WORKFLOW.actionList)[number];
