import { TRANSACTIONS_ACCESS, TransactionsListFilterSchema, TransactionsPageSchema, TransactionsSchema } from '@panel/contracts/transactions';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './transactions.service';

const read = procedureFor(TRANSACTIONS_ACCESS.read);

/** تراکنش‌ها: the procedures, each guarded by its line of the module's access table. */
export const transactionsRouter = router({
  list: read.meta({ summary: 'فهرست با فیلتر، ترتیب و صفحه‌بندی', output: TransactionsPageSchema }).input(TransactionsListFilterSchema).query(({ ctx, input }) => service.listTransactions(ctx.gateway, input)),
  export: read.meta({ summary: 'همه ردیف‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(TransactionsSchema) }).input(TransactionsListFilterSchema).query(({ ctx, input }) => service.exportTransactions(ctx.gateway, input)),
});
