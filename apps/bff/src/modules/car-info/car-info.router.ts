import { CAR_INFO_ACCESS, CarInfoListFilterSchema, CarInfoPageSchema, CarInfoSchema } from '@panel/contracts/car-info';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './car-info.service';

const read = procedureFor(CAR_INFO_ACCESS.read);

/** اطلاعات خودرو: the procedures, each guarded by its line of the module's access table. */
export const carInfoRouter = router({
  list: read.meta({ summary: 'فهرست با فیلتر، ترتیب و صفحه‌بندی', output: CarInfoPageSchema }).input(CarInfoListFilterSchema).query(({ ctx, input }) => service.listCarInfo(ctx.gateway, input)),
  export: read.meta({ summary: 'همه ردیف‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(CarInfoSchema) }).input(CarInfoListFilterSchema).query(({ ctx, input }) => service.exportCarInfo(ctx.gateway, input)),
});
