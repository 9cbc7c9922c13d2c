import { DISCOUNTS_ACCESS, DiscountsListFilterSchema, DiscountsPageSchema, DiscountsSchema } from '@panel/contracts/discounts';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './discounts.service';

const read = procedureFor(DISCOUNTS_ACCESS.read);

/** کدهای تخفیف: the procedures, each guarded by its line of the module's access table. */
export const discountsRouter = router({
  list: read.meta({ summary: 'فهرست با فیلتر، ترتیب و صفحه‌بندی', output: DiscountsPageSchema }).input(DiscountsListFilterSchema).query(({ ctx, input }) => service.listDiscounts(ctx.gateway, input)),
  export: read.meta({ summary: 'همه ردیف‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(DiscountsSchema) }).input(DiscountsListFilterSchema).query(({ ctx, input }) => service.exportDiscounts(ctx.gateway, input)),
});
