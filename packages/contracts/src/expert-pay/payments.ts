import { z } from 'zod';
import { defineListFilter, idField, keyField, listField, paginated } from '../common';
import { PeriodKeySchema } from './period';

export const EXPERT_PAY_MESSAGES = {
  empty: 'در این دوره پرداختی برای کارشناسی نیست.',
  loadFailed: 'پرداخت‌ها بارگذاری نشد.',
  settled: 'دوره تسویه شد.',
  alreadySettled: 'این دوره پیش‌تر تسویه شده است و دوباره تسویه نمی‌شود.',
  stale: 'مبلغ دوره پس از نمایش تغییر کرده است؛ صفحه را تازه کنید و دوباره بررسی کنید.',
  nothing: 'در این دوره ردیفی برای تسویه نیست.',
  overlap: 'بازه این قاعده با قاعده دیگری هم‌پوشانی دارد؛ در هر روز تنها یک قاعده سهم برقرار است.',
  ruleStale: 'این قاعده پس از باز کردن فرم تغییر کرده است؛ دوباره باز کنید.',
} as const;

export const PAY_LINE_KINDS = ['expert_share', 'mechanic_share', 'penalty', 'clawback'] as const;
export type PayLineKind = (typeof PAY_LINE_KINDS)[number];
export const PAY_LINE_KIND_LABELS: Record<PayLineKind, string> = {
  expert_share: 'سهم کارشناس',
  mechanic_share: 'سهم مکانیک',
  penalty: 'جریمه لغو',
  clawback: 'اصلاحیه',
};

/** What a line was computed from: the inspection's price and the ratios of the rule in force (or the defaults). */
export const PayLineInputsSchema = z.object({
  price: z.number(),
  base_share: z.number(),
  inspection_price_ratio: z.number(),
  share_ratio: z.number(),
});

export const PayLineSchema = z.object({
  kind: z.enum(PAY_LINE_KINDS),
  expert_id: z.number().int(),
  source_key: z.string(),
  inspection_id: z.number().int().nullable(),
  inspection_code: z.string().nullable(),
  day: z.string(),
  rule_pk: z.number().int().nullable(),
  rule_id: z.number().int().nullable(),
  rule_version: z.number().int().nullable(),
  inputs: PayLineInputsSchema,
  amount: z.number(),
  reason: z.string(),
  /** A clawback's settled line. */
  corrects_line: z.number().int().nullable(),
  /** Settled lines only. */
  pk: z.number().int().nullable(),
  period: z.string().nullable(),
});
export type PayLine = z.infer<typeof PayLineSchema>;

/** One expert's row of a period. */
export const ExpertPaymentSchema = z.object({
  expert_id: z.number().int(),
  name: z.string(),
  lines: z.number().int(),
  earnings: z.number(),
  penalties: z.number(),
  clawbacks: z.number(),
  total: z.number(),
});
export type ExpertPayment = z.infer<typeof ExpertPaymentSchema>;

export const PeriodStateSchema = z.object({
  period: z.string(),
  start: z.string(),
  end: z.string(),
  settled: z.object({ pk: z.number().int(), total: z.number(), line_count: z.number().int(), settled_by: z.string(), settled_at: z.string() }).nullable(),
  total: z.number(),
  line_count: z.number().int(),
});
export type PeriodState = z.infer<typeof PeriodStateSchema>;

/** The list of the payments screen: the experts of one period (absent: the current one). */
export const paymentsListFilter = defineListFilter({
  period: listField.oneOf(PeriodKeySchema),
  expert: listField.id('کارشناس نامعتبر است.'),
});
export const PaymentsListFilterSchema = paymentsListFilter.schema;
export type PaymentsListFilter = z.infer<typeof PaymentsListFilterSchema>;
export const ExpertPaymentPageSchema = paginated(ExpertPaymentSchema);
export type ExpertPaymentPage = z.infer<typeof ExpertPaymentPageSchema>;

export const PeriodInputSchema = z.object({ period: PeriodKeySchema });
export const PeriodLinesInputSchema = z.object({ period: PeriodKeySchema, expert: idField('کارشناس نامعتبر است.').optional() });
export const SettlePeriodInputSchema = z.object({
  period: PeriodKeySchema,
  /** The total the staff saw; a different total now is a 409 (decision 108). */
  expectedTotal: z.number({ error: 'مبلغ دوره نامعتبر است.' }),
});
export type SettlePeriodInput = z.input<typeof SettlePeriodInputSchema>;

/** "Payments of one expert": the settled statements and the open period's lines. */
export const ExpertPaymentsInputSchema = z.object({ expertId: keyField('کارشناس نامعتبر است.') });
export const ExpertPaymentsSchema = z.object({
  expert_id: z.number().int(),
  open: z.object({ period: z.string(), total: z.number(), lines: z.array(PayLineSchema) }),
  settled: z.array(z.object({ period: z.string(), total: z.number(), settled_at: z.string(), lines: z.array(PayLineSchema) })),
});
export type ExpertPayments = z.infer<typeof ExpertPaymentsSchema>;
