import { CAR_DETAIL_ACCESS, CarDetailListFilterSchema, CarDetailPageSchema, CarDetailSchema } from '@panel/contracts/car-detail';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './car-detail.service';

const read = procedureFor(CAR_DETAIL_ACCESS.read);

/** جزئیات خودرو: the procedures, each guarded by its line of the module's access table. */
export const carDetailRouter = router({
  list: read.meta({ summary: 'فهرست با فیلتر، ترتیب و صفحه‌بندی', output: CarDetailPageSchema }).input(CarDetailListFilterSchema).query(({ ctx, input }) => service.listCarDetail(ctx.gateway, input)),
  export: read.meta({ summary: 'همه ردیف‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(CarDetailSchema) }).input(CarDetailListFilterSchema).query(({ ctx, input }) => service.exportCarDetail(ctx.gateway, input)),
});
