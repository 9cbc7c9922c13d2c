import { CreateOrderInputSchema, OrderListFilterSchema, OrderPkInputSchema } from '@panel/contracts/inspection-orders';
import { router, staffProcedure } from '../../trpc';
import { createOrder, exportOrders, listOrders, orderDetail, orderFilterOptions } from './inspection-orders.service';

export const inspectionOrdersRouter = router({
  list: staffProcedure.input(OrderListFilterSchema).query(({ ctx, input }) => listOrders(ctx.gateway, input)),
  /** The whole filtered list for a CSV export; the web picks the columns. */
  export: staffProcedure.input(OrderListFilterSchema).query(({ ctx, input }) => exportOrders(ctx.gateway, input)),
  filterOptions: staffProcedure.query(({ ctx }) => orderFilterOptions(ctx.gateway)),
  detail: staffProcedure.input(OrderPkInputSchema).query(({ ctx, input }) => orderDetail(ctx.gateway, input.pk)),
  create: staffProcedure.input(CreateOrderInputSchema).mutation(({ ctx, input }) => createOrder(ctx.gateway, input)),
});
