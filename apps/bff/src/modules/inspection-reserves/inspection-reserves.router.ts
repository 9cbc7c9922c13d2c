import { ReleaseReserveInputSchema, ReserveIdInputSchema, ReserveListFilterSchema, INSPECTION_RESERVES_ACCESS } from '@panel/contracts/inspection-reserves';
import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import { ReserveListPageSchema, ReserveSchema } from '@panel/contracts/inspection-reserves';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import { exportReserves, listReserves, releaseReserve, renewReserve, reserveActionLog, sendPaymentLink } from './inspection-reserves.service';

// `/panel/inspection/reserves` carries the staff role (spec §6): every procedure needs it.
const act = procedureFor(INSPECTION_RESERVES_ACCESS.act);
const read = procedureFor(INSPECTION_RESERVES_ACCESS.read);

export const inspectionReservesRouter = router({
  list: read.meta({ summary: 'فهرست رزروهای مشتریان در انتظار پرداخت با فیلتر و صفحه‌بندی', output: ReserveListPageSchema }).input(ReserveListFilterSchema).query(({ ctx, input }) => listReserves(ctx.gateway, input)),
  export: read.meta({ summary: 'همه رزروهای فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(ReserveSchema) }).input(ReserveListFilterSchema).query(({ ctx, input }) => exportReserves(ctx.gateway, input)),
  actionLog: read.meta({ summary: 'سابقه اقدام‌های یک رزرو', output: z.array(ActionLogEntrySchema) }).input(ReserveIdInputSchema).query(({ ctx, input }) => reserveActionLog(ctx.gateway, input)),
  renew: act.meta({ summary: 'تمدید مهلت پرداخت یک رزرو (اگر خانه هنوز آزاد باشد)', output: ReserveSchema }).input(ReserveIdInputSchema).mutation(({ ctx, input }) => renewReserve(ctx.gateway, input)),
  sendPaymentLink: act.meta({ summary: 'فرستادن پیوند پرداخت با پیامک (در صف خروجی ثبت می‌شود)', output: ReserveSchema }).input(ReserveIdInputSchema).mutation(({ ctx, input }) => sendPaymentLink(ctx.gateway, input)),
  release: act.meta({ summary: 'آزاد کردن رزرو با دلیل', output: ReserveSchema }).input(ReleaseReserveInputSchema).mutation(({ ctx, input }) => releaseReserve(ctx.gateway, input)),
});
