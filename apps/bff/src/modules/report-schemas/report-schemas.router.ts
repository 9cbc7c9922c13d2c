import { REPORT_SCHEMAS_ACCESS, ReportSchemasListFilterSchema, ReportSchemasPageSchema, ReportSchemasSchema } from '@panel/contracts/report-schemas';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './report-schemas.service';

const read = procedureFor(REPORT_SCHEMAS_ACCESS.read);

/** اسکیماهای کارشناسی: the procedures, each guarded by its line of the module's access table. */
export const reportSchemasRouter = router({
  list: read.meta({ summary: 'فهرست با فیلتر، ترتیب و صفحه‌بندی', output: ReportSchemasPageSchema }).input(ReportSchemasListFilterSchema).query(({ ctx, input }) => service.listReportSchemas(ctx.gateway, input)),
  export: read.meta({ summary: 'همه ردیف‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(ReportSchemasSchema) }).input(ReportSchemasListFilterSchema).query(({ ctx, input }) => service.exportReportSchemas(ctx.gateway, input)),
});
