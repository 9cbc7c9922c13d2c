import { NPS_ACCESS, NpsListFilterSchema, NpsPageSchema, NpsSchema } from '@panel/contracts/nps';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './nps.service';

const read = procedureFor(NPS_ACCESS.read);

/** نظرسنجی رضایت (NPS): the procedures, each guarded by its line of the module's access table. */
export const npsRouter = router({
  list: read.meta({ summary: 'فهرست با فیلتر، ترتیب و صفحه‌بندی', output: NpsPageSchema }).input(NpsListFilterSchema).query(({ ctx, input }) => service.listNps(ctx.gateway, input)),
  export: read.meta({ summary: 'همه ردیف‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(NpsSchema) }).input(NpsListFilterSchema).query(({ ctx, input }) => service.exportNps(ctx.gateway, input)),
});
