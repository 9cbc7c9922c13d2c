import { z } from 'zod';
import { publicProcedure, router } from '../../trpc';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

export const systemRouter = router({
  /** The BFF is up and reaches the gateway and its database. */
  health: publicProcedure.meta({ summary: 'سلامت BFF و دسترسی آن به سرور و پایگاه داده' }).output(z.object({ bff: z.literal('ok'), gateway: HealthSchema })).query(async ({ ctx }) => {
    const gateway = await ctx.gateway.get(HealthSchema, '/health');
    return { bff: 'ok' as const, gateway };
  }),
});
