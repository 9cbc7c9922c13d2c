import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/expert-pay';
import { data, gatewayProcedures, results } from '../../gateway/procedures';
import { router } from '../../trpc';

const { read, rules, settle } = gatewayProcedures(c.EXPERT_PAY_ACCESS, '/api/expert-pay');
const history = results(z.array(ActionLogEntrySchema));

/** Inspection share settings and expert payments (issue 31, decisions 107-108): each procedure declared once, guarded by its line of the access table. */
export const expertPayRouter = router({
  rules: read.get('/rules/', results(z.array(c.ShareRuleSchema)), 'قاعده‌های سهم (برقرار و جایگزین‌شده)'),
  saveRule: rules.post('/rules/', c.SaveShareRuleInputSchema, data(c.ShareRuleSchema), 'ثبت قاعده سهم یا نسخه تازه یک قاعده (بازه‌ها هم‌پوشانی ندارند)'),
  ruleImpact: read.postQuery('/rules/impact/', c.SaveShareRuleInputSchema, data(c.RuleImpactSchema), 'پیش از ذخیره: برای هر کارشناس چند ردیف و چه مبلغی تغییر می‌کند'),
  applicableRule: read.get('/rules/applicable/', c.ApplicableRuleInputSchema, data(c.ApplicableRuleSchema), 'قاعده سهمی که بر یک سفارش اعمال می‌شود'),
  ruleHistory: read.get('/rules/:ruleId/history/', c.RuleIdInputSchema, history, 'سابقه یک قاعده سهم'),
  // "Payments of one expert": the settled statements and the open period's lines.
  ...read.list('/payments/', c.paymentsListFilter, c.ExpertPaymentPageSchema, { list: 'پرداخت کارشناسان در یک دوره، هر کارشناس یک ردیف', export: 'همه کارشناسان دوره (تا سقف خروجی) برای CSV' }),
  period: read.get('/periods/:period/', c.PeriodInputSchema, data(c.PeriodStateSchema), 'وضعیت و مبلغ یک دوره'),
  lines: read.get('/periods/:period/lines/', c.PeriodLinesInputSchema, results(z.array(c.PayLineSchema)), 'ردیف‌های یک دوره (هر ردیف با سفارش، نسخه قاعده و ورودی‌های محاسبه)'),
  periodHistory: read.get('/periods/:period/history/', c.PeriodInputSchema, history, 'سابقه یک دوره'),
  settle: settle.post('/periods/:period/settle/', c.SettlePeriodInputSchema, data(c.PeriodStateSchema), 'تسویه یک دوره در یک تراکنش (یک بار؛ مبلغ باید همان مبلغ دیده‌شده باشد)'),
  ofExpert: read.get('/experts/:expertId/payments/', c.ExpertPaymentsInputSchema, data(c.ExpertPaymentsSchema), 'پرداخت‌های یک کارشناس (صورت‌حساب‌های تسویه‌شده و دوره باز)'),
});
