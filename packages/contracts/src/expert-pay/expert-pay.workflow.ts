import { ROLES, defineWorkflow } from '../common';

// A pay period's state table (decision 108): open while its lines are computed from the done
// inspections, settled once (one transaction), never reopened: a later correction becomes a
// clawback line of a later period. A share rule's versions: saved, then retired by a new version.

export const PAY_PERIOD_STATES = { open: 'باز', settled: 'تسویه‌شده' } as const;
export type PayPeriodState = keyof typeof PAY_PERIOD_STATES;

export const PAY_PERIOD_WORKFLOW = defineWorkflow({
  noun: 'دوره پرداخت',
  states: PAY_PERIOD_STATES,
  actions: {
    settle: { label: 'تسویه دوره', from: ['open'], to: 'settled', confirm: 'این دوره با همین مبلغ تسویه شود؟ تسویه برگشت‌پذیر نیست.', roles: [ROLES.supervisor] },
  },
});

export const SHARE_RULE_STATES = { in_force: 'برقرار', retired: 'جایگزین‌شده' } as const;
export const SHARE_RULE_WORKFLOW = defineWorkflow({
  noun: 'قاعده سهم',
  states: SHARE_RULE_STATES,
  actions: {
    revise: { label: 'ویرایش قاعده', from: ['in_force'], to: 'retired', roles: [ROLES.supervisor] },
  },
});
