import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/inspection-reserves';
import { data, gatewayProcedures, results } from '../../gateway/procedures';
import { router } from '../../trpc';

// `/panel/inspection/reserves` carries the staff role (spec §6): every procedure needs it.
const { read, act } = gatewayProcedures(c.INSPECTION_RESERVES_ACCESS, '/api/inspection/reserves');
const reserve = data(c.ReserveSchema);

export const inspectionReservesRouter = router({
  ...read.list('/', c.reserveListFilter, c.ReserveListPageSchema, { list: 'فهرست رزروهای مشتریان در انتظار پرداخت با فیلتر و صفحه‌بندی', export: 'همه رزروهای فیلترشده (تا سقف خروجی) برای CSV' }),
  actionLog: read.get('/:id/action-log/', c.ReserveIdInputSchema, results(ActionLogEntrySchema.array()), 'سابقه اقدام‌های یک رزرو'),
  renew: act.post('/:id/renew/', c.ReserveIdInputSchema, reserve, 'تمدید مهلت پرداخت یک رزرو (اگر خانه هنوز آزاد باشد)'),
  sendPaymentLink: act.post('/:id/send-payment-link/', c.ReserveIdInputSchema, reserve, 'فرستادن پیوند پرداخت با پیامک (در صف خروجی ثبت می‌شود)'),
  release: act.post('/:id/release/', c.ReleaseReserveInputSchema, reserve, 'آزاد کردن رزرو با دلیل'),
});
