import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/transactions';
import { data, gatewayProcedures, results } from '../../gateway/procedures';
import { router } from '../../trpc';

const { read, check, supervise } = gatewayProcedures(c.TRANSACTIONS_ACCESS, '/api/transactions');
const refund = data(c.RefundOutcomeSchema);
/** Examples for the reference (an account number is Latin, which a generated example is not). */
const examples = { refund: { transaction_id: 1024, amount: 450_000, sheba: 'IR120120000000001234567890', reason: 'پرداخت تکراری' } };

/** تراکنش‌ها (issue 33, decision 118): each procedure declared once, guarded by its line of the module's access table. */
export const transactionsRouter = router({
  ...read.list('/', c.transactionsListFilter, c.TransactionPageSchema, {
    list: 'فهرست تراکنش‌ها با فیلتر، ترتیب، صفحه‌بندی و جمع مجموعه فیلترشده',
    export: 'همه تراکنش‌های فیلترشده (تا سقف خروجی) برای CSV',
  }),
  detail: read.get('/:id/', c.TransactionIdInputSchema, c.TransactionDetailSchema, 'یک تراکنش با بازگشت وجه آن و مانده قابل بازگشت'),
  history: read.get('/:id/history/', c.TransactionIdInputSchema, results(z.array(ActionLogEntrySchema)), 'سابقه بازگشت وجه یک تراکنش'),
  requestRefund: supervise.post('/:transaction_id/refund/', c.RequestRefundInputSchema, refund, { summary: 'درخواست بازگشت وجه بانکی از یک پرداخت (ثبت در صف خروجی)', example: examples.refund }),
  checkRefund: check.post('/refunds/:id/check/', c.RefundCheckInputSchema, refund, 'بررسی وضعیت بازگشت وجه نزد بانک و حرکت آن با پاسخ بانک'),
  stepRefund: check.post('/refunds/:id/update-state/', c.RefundStepInputSchema, refund, 'ارسال دوباره یا لغو بازگشت وجه (سرپرست)'),
});
