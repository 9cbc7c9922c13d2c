import { z } from 'zod';
import * as c from '@panel/contracts/inspection-assistants';
import { data, gatewayProcedures, results } from '../../gateway/procedures';
import { publicMediaUrl } from '../../media';
import { router } from '../../trpc';

// Roles (README): the turn-assign page is the "inspection admin" of spec §6 with an empty role
// list, so anyone signed in reads the board, ledger, change log and balance plan; changing the
// rotation is staff's. The QC and pricing desks need backoffice#staff (their sidebar items);
// the gateway also requires the caller's active reviewer row of the desk for its actions.
const { read, manage, review } = gatewayProcedures(c.INSPECTION_ASSISTANTS_ACCESS, '/api/inspection');
const qcOrder = z.object({ pk: c.ReviewOrderInputSchema.shape.pk });
const moved = data(c.MovedResultSchema);
const assistant = data(c.AssistantActionResultSchema);
const reviewer = data(c.ReviewerResultSchema);
const reviewed = data(c.ReviewResultSchema);
const queue = review.list('/review-queue/:kind/', c.reviewQueueFilter, c.QueueSchema, { list: 'صف سفارش‌های در انتظار کنترل کیفیت یا قیمت‌گذاری، قدیمی‌ترین اول، با صفحه‌بندی', export: 'همه سفارش‌های فیلترشده صف (تا سقف خروجی) برای CSV' }, {
  input: c.ReviewQueueInputSchema,
});

export const inspectionAssistantsRouter = router({
  // Turn-assign.
  board: read.get('/assistants/', c.AssistantBoardSchema, 'دستیاران کارشناسی: نوبت، بار باز، سفارش‌های امروز و آخرین تخصیص'),
  ledger: read.get('/assistants/ledger/', c.LedgerFilterSchema, results(z.array(c.LedgerEntrySchema)), 'دفتر نوبت: چرا هر سفارش به هر دستیار رسید'),
  changes: read.get('/assistants/changes/', results(z.array(c.TurnLogEntrySchema)), 'سابقه تغییرهای نوبت‌دهی'),
  balancePlan: read.get('/assistants/balance/', data(c.BalancePlanSchema), 'برنامه متعادل‌سازی سفارش‌های باز پیش از اجرا'),
  applyBalance: manage.post('/assistants/balance/', c.ApplyBalanceInputSchema, moved, 'اجرای برنامه متعادل‌سازی نمایش‌داده‌شده'),
  assign: manage.post('/assistants/assign/', c.AssignByHandInputSchema, moved, 'دادن یک سفارش باز به دستیار به دست کارمند'),
  activate: manage.post('/assistants/:id/activate/', c.AssistantActionInputSchema, assistant, 'فعال‌سازی دستیار'),
  deactivate: manage.post('/assistants/:id/deactivate/', c.AssistantActionInputSchema, assistant, 'غیرفعال‌سازی دستیار'),
  pause: manage.post('/assistants/:id/pause/', c.PauseAssistantInputSchema, assistant, 'استراحت دستیار تا پایان شیفت، با دلیل'),
  resume: manage.post('/assistants/:id/resume/', c.AssistantActionInputSchema, assistant, 'پایان استراحت دستیار'),
  clear: manage.post('/assistants/:id/clear/', c.AssistantActionInputSchema, assistant, 'بازگرداندن سفارش‌های باز دستیار به صف'),

  // The review desks.
  reviewers: review.get('/reviewers/:kind/', c.ReviewKindInputSchema, results(z.array(c.ReviewerSchema)), 'بررسی‌کنندگان کنترل کیفیت یا قیمت‌گذاری با شمارها'),
  activateReviewer: review.post('/reviewers/:id/activate/', c.ReviewerActionInputSchema, reviewer, 'فعال‌سازی بررسی‌کننده'),
  deactivateReviewer: review.post('/reviewers/:id/deactivate/', c.ReviewerActionInputSchema, reviewer, 'غیرفعال‌سازی بررسی‌کننده (برداشته‌هایش به صف برمی‌گردد)'),
  queue: queue.list,
  queueExport: queue.export,
  /** The report page; photo addresses become the BFF's `/media/:id` (an <img> cannot send the gateway's token). */
  report: review.get('/review-queue/:kind/:pk/', c.ReviewOrderInputSchema, data(c.QcReportSchema), 'صفحه گزارش کنترل کیفیت: بخش‌ها، پنج عکس و نظرها', {
    map: (page) => ({ ...page, photos: page.photos.map((photo) => ({ ...photo, url: photo.url && publicMediaUrl(photo.url) })) }),
  }),
  claim: review.post('/review-queue/:kind/:pk/claim/', c.ReviewOrderInputSchema, reviewed, 'برداشتن سفارش از صف یا تمدید برداشتن (صفحه هر ۳۰ ثانیه)'),
  release: review.post('/review-queue/:kind/:pk/release/', c.ReviewOrderInputSchema, reviewed, 'برگرداندن سفارش برداشته‌شده به صف'),
  verdict: review.post('/review-queue/qc/:pk/verdict/', c.SlotVerdictInputSchema, reviewed, 'نظر کنترل کیفیت برای یک جایگاه عکس'),
  approve: review.post('/review-queue/qc/:pk/approve/', qcOrder, reviewed, 'تأیید کنترل کیفیت (به قیمت‌گذاری یا انجام‌شده)'),
  return: review.post('/review-queue/qc/:pk/return/', c.ReturnOrderInputSchema, reviewed, 'بازگرداندن سفارش با یافته‌ها به کارشناس'),
  price: review.post('/review-queue/pricing/:pk/price/', c.PriceBandInputSchema, reviewed, 'ثبت بازه قیمت تخمینی و پایان سفارش'),
});
