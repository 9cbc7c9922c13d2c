import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import {
  RefundCheckInputSchema,
  RefundOutcomeSchema,
  RefundStepInputSchema,
  RequestRefundInputSchema,
  TRANSACTIONS_ACCESS,
  TransactionDetailSchema,
  TransactionIdInputSchema,
  TransactionPageSchema,
  TransactionSchema,
  TransactionsListFilterSchema,
} from '@panel/contracts/transactions';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './transactions.service';

const read = procedureFor(TRANSACTIONS_ACCESS.read);
const check = procedureFor(TRANSACTIONS_ACCESS.check);
const supervise = procedureFor(TRANSACTIONS_ACCESS.supervise);
/** Examples for the reference (an account number is Latin, which a generated example is not). */
const examples = { refund: { transaction_id: 1024, amount: 450_000, sheba: 'IR120120000000001234567890', reason: 'پرداخت تکراری' } };

/** تراکنش‌ها (issue 33, decision 118): the procedures, each guarded by its line of the module's access table. */
export const transactionsRouter = router({
  list: read.meta({ summary: 'فهرست تراکنش‌ها با فیلتر، ترتیب، صفحه‌بندی و جمع مجموعه فیلترشده', output: TransactionPageSchema }).input(TransactionsListFilterSchema).query(({ ctx, input }) => service.listTransactions(ctx.gateway, input)),
  export: read.meta({ summary: 'همه تراکنش‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(TransactionSchema) }).input(TransactionsListFilterSchema).query(({ ctx, input }) => service.exportTransactions(ctx.gateway, input)),
  detail: read.meta({ summary: 'یک تراکنش با بازگشت وجه آن و مانده قابل بازگشت', output: TransactionDetailSchema }).input(TransactionIdInputSchema).query(({ ctx, input }) => service.detail(ctx.gateway, input.id)),
  history: read.meta({ summary: 'سابقه بازگشت وجه یک تراکنش', output: z.array(ActionLogEntrySchema) }).input(TransactionIdInputSchema).query(({ ctx, input }) => service.history(ctx.gateway, input.id)),
  requestRefund: supervise.meta({ summary: 'درخواست بازگشت وجه بانکی از یک پرداخت (ثبت در صف خروجی)', output: RefundOutcomeSchema, example: examples.refund }).input(RequestRefundInputSchema).mutation(({ ctx, input }) => service.requestRefund(ctx.gateway, input)),
  checkRefund: check.meta({ summary: 'بررسی وضعیت بازگشت وجه نزد بانک و حرکت آن با پاسخ بانک', output: RefundOutcomeSchema }).input(RefundCheckInputSchema).mutation(({ ctx, input }) => service.checkRefund(ctx.gateway, input)),
  stepRefund: check.meta({ summary: 'ارسال دوباره یا لغو بازگشت وجه (سرپرست)', output: RefundOutcomeSchema }).input(RefundStepInputSchema).mutation(({ ctx, input }) => service.stepRefund(ctx.gateway, input)),
});
