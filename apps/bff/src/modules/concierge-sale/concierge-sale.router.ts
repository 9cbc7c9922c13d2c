import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/concierge-sale';
import { data, gatewayProcedures, results } from '../../gateway/procedures';
import { router } from '../../trpc';
import { watchOffersProcedure } from './concierge-sale.live';

// The access table (decision 094): the team is staff, supervisors and sales experts; the gateway
// narrows a sales expert to their own sales (403 on another's). Assigning, accepting an offer and
// approving a deal are the supervisor's. The sale's actions (decision 070): the gateway enforces
// the table, the version and the roles.
const { work: team, supervise: supervisor } = gatewayProcedures(c.CONCIERGE_SALE_ACCESS, '/api/concierge-sale');
const outcome = data(c.SaleActionResultSchema);
const offers = team.list('/offers/', c.buyerOfferListFilter, c.BuyerOfferListPageSchema, {
  list: 'فهرست پیشنهادهای خریداران با فیلتر و صفحه‌بندی',
  export: 'همه پیشنهادهای خریداران فیلترشده (تا سقف خروجی) برای CSV',
});
const deals = team.list('/deals/', c.dealListFilter, c.DealListPageSchema, {
  list: 'فهرست معامله‌ها با جمع تعداد، قیمت و کمیسیون مجموعهٔ فیلترشده',
  export: 'همه معامله‌های فیلترشده (تا سقف خروجی) برای CSV',
});

export const conciergeSaleRouter = router({
  ...team.list('/sales/', c.saleListFilter, c.SaleListPageSchema, {
    list: 'فهرست فروش‌های همراه با فیلتر، مرتب‌سازی و صفحه‌بندی (کارشناس فروش فقط فروش‌های خودش)',
    export: 'همه فروش‌های فیلترشده (تا سقف خروجی) برای CSV',
  }),
  people: team.get('/sales/people/', data(c.SalePeopleSchema), 'ناظران و کارشناسان فروش برای فیلترها و انتخاب ناظر'),
  detail: team.get('/sales/:id/', c.SaleIdInputSchema, data(c.ConciergeSaleDetailSchema), 'جزئیات کامل یک فروش همراه (همه فیلدهای بخش ۳)'),
  actionLog: team.get('/sales/:id/action-log/', c.SaleIdInputSchema, results(z.array(ActionLogEntrySchema)), 'سابقه اقدام‌های یک فروش (چه کسی، کی، از چه وضعیتی به چه وضعیتی، چرا)'),
  create: team.post('/sales/', c.CreateSaleInputSchema, data(c.CreatedSaleSchema), 'ثبت فروش همراه تازه با تماس تلفنی'),

  assignSupervisor: supervisor.post('/sales/:id/assign-supervisor/', c.AssignSupervisorInputSchema, outcome, 'تعیین ناظر فروش (نقش ناظر)'),
  sendToOffer: team.post('/sales/:id/send-to-offer/', c.SaleStepInputSchema, outcome, 'فرستادن فروش به پیشنهاد خریداران'),
  removeFromOffer: team.post('/sales/:id/remove-from-offer/', c.SaleStepInputSchema, outcome, 'برداشتن فروش از پیشنهاد خریداران'),
  submitDeal: team.post('/sales/:id/submit-deal/', c.SubmitDealInputSchema, outcome, 'ثبت معامله با خریدار، قیمت، تاریخ و درصدهای کمیسیون'),
  approveDeal: supervisor.post('/sales/:id/approve-deal/', c.SaleStepInputSchema, outcome, 'تأیید معامله (نقش ناظر)'),
  cancelDeal: team.post('/sales/:id/cancel-deal/', c.SaleReasonInputSchema, outcome, 'لغو معامله با دلیل'),
  revert: team.post('/sales/:id/revert/', c.SaleReasonInputSchema, outcome, 'بازگرداندن فروش یک مرحله به عقب با دلیل'),
  cancel: team.post('/sales/:id/cancel/', c.CancelSaleInputSchema, outcome, 'لغو فروش با یکی از دلیل‌های لغو'),
  addNote: team.post('/sales/:id/notes/', c.AddNoteInputSchema, outcome, 'افزودن یادداشت به فروش'),

  // The offer list and live offer monitoring.
  offers: offers.list,
  exportOffers: offers.export,
  acceptOffer: supervisor.post('/offers/:offer_id/accept/', c.AcceptOfferInputSchema, outcome, 'پذیرفتن پیشنهاد یک خریدار که معامله را آغاز می‌کند (نقش ناظر)'),
  watchOffers: watchOffersProcedure,

  deals: deals.list,
  exportDeals: deals.export,
});
