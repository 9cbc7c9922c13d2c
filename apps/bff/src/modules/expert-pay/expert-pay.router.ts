import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import {
  ApplicableRuleInputSchema,
  ApplicableRuleSchema,
  EXPERT_PAY_ACCESS,
  ExpertPaymentPageSchema,
  ExpertPaymentSchema,
  ExpertPaymentsInputSchema,
  ExpertPaymentsSchema,
  PayLineSchema,
  PaymentsListFilterSchema,
  PeriodInputSchema,
  PeriodLinesInputSchema,
  PeriodStateSchema,
  RuleIdInputSchema,
  RuleImpactSchema,
  SaveShareRuleInputSchema,
  SettlePeriodInputSchema,
  ShareRuleSchema,
} from '@panel/contracts/expert-pay';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './expert-pay.service';

const read = procedureFor(EXPERT_PAY_ACCESS.read);
const changeRules = procedureFor(EXPERT_PAY_ACCESS.rules);
const settle = procedureFor(EXPERT_PAY_ACCESS.settle);

/** Inspection share settings and expert payments (issue 31, decisions 107-108): each procedure guarded by its line of the access table. */
export const expertPayRouter = router({
  rules: read.meta({ summary: 'قاعده‌های سهم (برقرار و جایگزین‌شده)', output: z.array(ShareRuleSchema) }).query(({ ctx }) => service.rules(ctx.gateway)),
  saveRule: changeRules.meta({ summary: 'ثبت قاعده سهم یا نسخه تازه یک قاعده (بازه‌ها هم‌پوشانی ندارند)', output: ShareRuleSchema }).input(SaveShareRuleInputSchema).mutation(({ ctx, input }) => service.saveRule(ctx.gateway, input)),
  ruleImpact: read.meta({ summary: 'پیش از ذخیره: برای هر کارشناس چند ردیف و چه مبلغی تغییر می‌کند', output: RuleImpactSchema }).input(SaveShareRuleInputSchema).query(({ ctx, input }) => service.ruleImpact(ctx.gateway, input)),
  applicableRule: read.meta({ summary: 'قاعده سهمی که بر یک سفارش اعمال می‌شود', output: ApplicableRuleSchema }).input(ApplicableRuleInputSchema).query(({ ctx, input }) => service.applicableRule(ctx.gateway, input.code)),
  ruleHistory: read.meta({ summary: 'سابقه یک قاعده سهم', output: z.array(ActionLogEntrySchema) }).input(RuleIdInputSchema).query(({ ctx, input }) => service.ruleHistory(ctx.gateway, input.ruleId)),

  list: read.meta({ summary: 'پرداخت کارشناسان در یک دوره، هر کارشناس یک ردیف', output: ExpertPaymentPageSchema }).input(PaymentsListFilterSchema).query(({ ctx, input }) => service.listPayments(ctx.gateway, input)),
  export: read.meta({ summary: 'همه کارشناسان دوره (تا سقف خروجی) برای CSV', output: exportAnswer(ExpertPaymentSchema) }).input(PaymentsListFilterSchema).query(({ ctx, input }) => service.exportPayments(ctx.gateway, input)),
  period: read.meta({ summary: 'وضعیت و مبلغ یک دوره', output: PeriodStateSchema }).input(PeriodInputSchema).query(({ ctx, input }) => service.period(ctx.gateway, input.period)),
  lines: read.meta({ summary: 'ردیف‌های یک دوره (هر ردیف با سفارش، نسخه قاعده و ورودی‌های محاسبه)', output: z.array(PayLineSchema) }).input(PeriodLinesInputSchema).query(({ ctx, input }) => service.periodLines(ctx.gateway, input.period, input.expert)),
  periodHistory: read.meta({ summary: 'سابقه یک دوره', output: z.array(ActionLogEntrySchema) }).input(PeriodInputSchema).query(({ ctx, input }) => service.periodHistory(ctx.gateway, input.period)),
  settle: settle.meta({ summary: 'تسویه یک دوره در یک تراکنش (یک بار؛ مبلغ باید همان مبلغ دیده‌شده باشد)', output: PeriodStateSchema }).input(SettlePeriodInputSchema).mutation(({ ctx, input }) => service.settle(ctx.gateway, input)),
  ofExpert: read.meta({ summary: 'پرداخت‌های یک کارشناس (صورت‌حساب‌های تسویه‌شده و دوره باز)', output: ExpertPaymentsSchema }).input(ExpertPaymentsInputSchema).query(({ ctx, input }) => service.ofExpert(ctx.gateway, input.expertId)),
});
