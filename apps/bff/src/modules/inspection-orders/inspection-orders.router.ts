import { CreateOrderInputSchema, OrderListFilterSchema, OrderPkInputSchema } from '@panel/contracts/inspection-orders';
import { authedProcedure, router, staffProcedure } from '../../trpc';
import { createOrder, exportOrders, listOrders, orderDetail, orderFilterOptions } from './inspection-orders.service';

// Spec §6: the order list carries no role (anyone signed in reads it); creating needs staff.
export const inspectionOrdersRouter = router({
  list: authedProcedure.input(OrderListFilterSchema).query(({ ctx, input }) => listOrders(ctx.gateway, input)),
  /** The whole filtered list for a CSV export; the web picks the columns. */
  export: authedProcedure.input(OrderListFilterSchema).query(({ ctx, input }) => exportOrders(ctx.gateway, input)),
  filterOptions: authedProcedure.query(({ ctx }) => orderFilterOptions(ctx.gateway)),
  detail: authedProcedure.input(OrderPkInputSchema).query(({ ctx, input }) => orderDetail(ctx.gateway, input.pk)),
  create: staffProcedure.input(CreateOrderInputSchema).mutation(({ ctx, input }) => createOrder(ctx.gateway, input)),
});
