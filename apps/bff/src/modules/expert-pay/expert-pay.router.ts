import { EXPERT_PAY_ACCESS, ExpertPayListFilterSchema, ExpertPayPageSchema, ExpertPaySchema } from '@panel/contracts/expert-pay';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './expert-pay.service';

const read = procedureFor(EXPERT_PAY_ACCESS.read);

/** پرداخت‌های کارشناسان: the procedures, each guarded by its line of the module's access table. */
export const expertPayRouter = router({
  list: read.meta({ summary: 'فهرست با فیلتر، ترتیب و صفحه‌بندی', output: ExpertPayPageSchema }).input(ExpertPayListFilterSchema).query(({ ctx, input }) => service.listExpertPay(ctx.gateway, input)),
  export: read.meta({ summary: 'همه ردیف‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(ExpertPaySchema) }).input(ExpertPayListFilterSchema).query(({ ctx, input }) => service.exportExpertPay(ctx.gateway, input)),
});
