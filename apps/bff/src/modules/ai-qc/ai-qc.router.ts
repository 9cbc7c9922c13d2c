import { AI_QC_ACCESS, AiQcListFilterSchema, AiQcPageSchema, AiQcSchema } from '@panel/contracts/ai-qc';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './ai-qc.service';

const read = procedureFor(AI_QC_ACCESS.read);

/** کنترل کیفیت هوشمند: the procedures, each guarded by its line of the module's access table. */
export const aiQcRouter = router({
  list: read.meta({ summary: 'فهرست با فیلتر، ترتیب و صفحه‌بندی', output: AiQcPageSchema }).input(AiQcListFilterSchema).query(({ ctx, input }) => service.listAiQc(ctx.gateway, input)),
  export: read.meta({ summary: 'همه ردیف‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(AiQcSchema) }).input(AiQcListFilterSchema).query(({ ctx, input }) => service.exportAiQc(ctx.gateway, input)),
});
