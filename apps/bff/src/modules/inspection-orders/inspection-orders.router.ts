import {
  CancelOrderInputSchema,
  ChangePackageInputSchema,
  ChangePricingInputSchema,
  CreateOrderInputSchema,
  HoldOrderInputSchema,
  OrderListFilterSchema,
  OrderPkActionInputSchema,
  OrderPkInputSchema,
  ReportDifferencesInputSchema,
} from '@panel/contracts/inspection-orders';
import { authedProcedure, router, staffProcedure } from '../../trpc';
import * as orders from './inspection-orders.service';

// Spec §6: the order list carries no role (anyone signed in reads it and its history); creating
// and every action on an order need staff.
export const inspectionOrdersRouter = router({
  list: authedProcedure.input(OrderListFilterSchema).query(({ ctx, input }) => orders.listOrders(ctx.gateway, input)),
  /** The whole filtered list for a CSV export; the web picks the columns. */
  export: authedProcedure.input(OrderListFilterSchema).query(({ ctx, input }) => orders.exportOrders(ctx.gateway, input)),
  filterOptions: authedProcedure.query(({ ctx }) => orders.orderFilterOptions(ctx.gateway)),
  detail: authedProcedure.input(OrderPkInputSchema).query(({ ctx, input }) => orders.orderDetail(ctx.gateway, input.pk)),
  actionLog: authedProcedure.input(OrderPkInputSchema).query(({ ctx, input }) => orders.orderActionLog(ctx.gateway, input.pk)),
  create: staffProcedure.input(CreateOrderInputSchema).mutation(({ ctx, input }) => orders.createOrder(ctx.gateway, input)),

  hold: staffProcedure.input(HoldOrderInputSchema).mutation(({ ctx, input }) => orders.holdOrder(ctx.gateway, input)),
  releaseHold: staffProcedure.input(OrderPkActionInputSchema).mutation(({ ctx, input }) => orders.releaseHold(ctx.gateway, input)),
  sendToOffer: staffProcedure.input(OrderPkActionInputSchema).mutation(({ ctx, input }) => orders.sendToOffer(ctx.gateway, input)),
  removeOffer: staffProcedure.input(OrderPkActionInputSchema).mutation(({ ctx, input }) => orders.removeOffer(ctx.gateway, input)),
  changePackage: staffProcedure.input(ChangePackageInputSchema).mutation(({ ctx, input }) => orders.changePackage(ctx.gateway, input)),
  changePricing: staffProcedure.input(ChangePricingInputSchema).mutation(({ ctx, input }) => orders.changePricing(ctx.gateway, input)),
  settlementLink: staffProcedure.input(OrderPkActionInputSchema).mutation(({ ctx, input }) => orders.settlementLink(ctx.gateway, input)),
  reportDifferences: staffProcedure.input(ReportDifferencesInputSchema).mutation(({ ctx, input }) => orders.reportDifferences(ctx.gateway, input)),
  cancel: staffProcedure.input(CancelOrderInputSchema).mutation(({ ctx, input }) => orders.cancelOrder(ctx.gateway, input)),
});
