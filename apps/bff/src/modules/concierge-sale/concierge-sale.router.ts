import {
  AcceptOfferInputSchema,
  CONCIERGE_SALE_ACCESS,
  AddNoteInputSchema,
  AssignSupervisorInputSchema,
  BuyerOfferListFilterSchema,
  CancelSaleInputSchema,
  CreateSaleInputSchema,
  DealListFilterSchema,
  SaleIdInputSchema,
  SaleListFilterSchema,
  SaleReasonInputSchema,
  SaleStepInputSchema,
  SubmitDealInputSchema,
} from '@panel/contracts/concierge-sale';
import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import {
  BuyerOfferListPageSchema,
  BuyerOfferSchema,
  ConciergeSaleDetailSchema,
  CreatedSaleSchema,
  DealListPageSchema,
  DealSchema,
  SaleActionResultSchema,
  SaleListItemSchema,
  SaleListPageSchema,
  SalePeopleSchema,
} from '@panel/contracts/concierge-sale';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import { watchOffersProcedure } from './concierge-sale.live';
import * as sales from './concierge-sale.service';

// The access table (decision 094): the team is staff, supervisors and sales experts; the gateway
// narrows a sales expert to their own sales (403 on another's). Assigning, accepting an offer and
// approving a deal are the supervisor's.
const team = procedureFor(CONCIERGE_SALE_ACCESS.work);
const supervisor = procedureFor(CONCIERGE_SALE_ACCESS.supervise);

export const conciergeSaleRouter = router({
  list: team.meta({ summary: 'فهرست فروش‌های همراه با فیلتر، مرتب‌سازی و صفحه‌بندی (کارشناس فروش فقط فروش‌های خودش)', output: SaleListPageSchema }).input(SaleListFilterSchema).query(({ ctx, input }) => sales.listSales(ctx.gateway, input)),
  export: team.meta({ summary: 'همه فروش‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(SaleListItemSchema) }).input(SaleListFilterSchema).query(({ ctx, input }) => sales.exportSales(ctx.gateway, input)),
  people: team.meta({ summary: 'ناظران و کارشناسان فروش برای فیلترها و انتخاب ناظر', output: SalePeopleSchema }).query(({ ctx }) => sales.salePeople(ctx.gateway)),
  detail: team.meta({ summary: 'جزئیات کامل یک فروش همراه (همه فیلدهای بخش ۳)', output: ConciergeSaleDetailSchema }).input(SaleIdInputSchema).query(({ ctx, input }) => sales.saleDetail(ctx.gateway, input.id)),
  actionLog: team.meta({ summary: 'سابقه اقدام‌های یک فروش (چه کسی، کی، از چه وضعیتی به چه وضعیتی، چرا)', output: z.array(ActionLogEntrySchema) }).input(SaleIdInputSchema).query(({ ctx, input }) => sales.saleActionLog(ctx.gateway, input.id)),
  create: team.meta({ summary: 'ثبت فروش همراه تازه با تماس تلفنی', output: CreatedSaleSchema }).input(CreateSaleInputSchema).mutation(({ ctx, input }) => sales.createSale(ctx.gateway, input)),

  assignSupervisor: supervisor.meta({ summary: 'تعیین ناظر فروش (نقش ناظر)', output: SaleActionResultSchema }).input(AssignSupervisorInputSchema).mutation(({ ctx, input }) => sales.assignSupervisor(ctx.gateway, input)),
  sendToOffer: team.meta({ summary: 'فرستادن فروش به پیشنهاد خریداران', output: SaleActionResultSchema }).input(SaleStepInputSchema).mutation(({ ctx, input }) => sales.sendToOffer(ctx.gateway, input)),
  removeFromOffer: team.meta({ summary: 'برداشتن فروش از پیشنهاد خریداران', output: SaleActionResultSchema }).input(SaleStepInputSchema).mutation(({ ctx, input }) => sales.removeFromOffer(ctx.gateway, input)),
  submitDeal: team.meta({ summary: 'ثبت معامله با خریدار، قیمت، تاریخ و درصدهای کمیسیون', output: SaleActionResultSchema }).input(SubmitDealInputSchema).mutation(({ ctx, input }) => sales.submitDeal(ctx.gateway, input)),
  approveDeal: supervisor.meta({ summary: 'تأیید معامله (نقش ناظر)', output: SaleActionResultSchema }).input(SaleStepInputSchema).mutation(({ ctx, input }) => sales.approveDeal(ctx.gateway, input)),
  cancelDeal: team.meta({ summary: 'لغو معامله با دلیل', output: SaleActionResultSchema }).input(SaleReasonInputSchema).mutation(({ ctx, input }) => sales.cancelDeal(ctx.gateway, input)),
  revert: team.meta({ summary: 'بازگرداندن فروش یک مرحله به عقب با دلیل', output: SaleActionResultSchema }).input(SaleReasonInputSchema).mutation(({ ctx, input }) => sales.revertSale(ctx.gateway, input)),
  cancel: team.meta({ summary: 'لغو فروش با یکی از دلیل‌های لغو', output: SaleActionResultSchema }).input(CancelSaleInputSchema).mutation(({ ctx, input }) => sales.cancelSale(ctx.gateway, input)),
  addNote: team.meta({ summary: 'افزودن یادداشت به فروش', output: SaleActionResultSchema }).input(AddNoteInputSchema).mutation(({ ctx, input }) => sales.addNote(ctx.gateway, input)),

  /** The concierge-sale offer list and live offer monitoring. */
  offers: team.meta({ summary: 'فهرست پیشنهادهای خریداران با فیلتر و صفحه‌بندی', output: BuyerOfferListPageSchema }).input(BuyerOfferListFilterSchema).query(({ ctx, input }) => sales.listBuyerOffers(ctx.gateway, input)),
  exportOffers: team.meta({ summary: 'همه پیشنهادهای خریداران فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(BuyerOfferSchema) }).input(BuyerOfferListFilterSchema).query(({ ctx, input }) => sales.exportBuyerOffers(ctx.gateway, input)),
  acceptOffer: supervisor.meta({ summary: 'پذیرفتن پیشنهاد یک خریدار که معامله را آغاز می‌کند (نقش ناظر)', output: SaleActionResultSchema }).input(AcceptOfferInputSchema).mutation(({ ctx, input }) => sales.acceptOffer(ctx.gateway, input)),
  watchOffers: watchOffersProcedure,

  deals: team.meta({ summary: 'فهرست معامله‌ها با جمع تعداد، قیمت و کمیسیون مجموعهٔ فیلترشده', output: DealListPageSchema }).input(DealListFilterSchema).query(({ ctx, input }) => sales.listDeals(ctx.gateway, input)),
  exportDeals: team.meta({ summary: 'همه معامله‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(DealSchema) }).input(DealListFilterSchema).query(({ ctx, input }) => sales.exportDeals(ctx.gateway, input)),
});
