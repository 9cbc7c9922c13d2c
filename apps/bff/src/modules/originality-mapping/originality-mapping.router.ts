import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import { OriginalityMapSchema, SaveOriginalityMapInputSchema, SaveOriginalityMapResultSchema } from '@panel/contracts/originality-mapping';
import { authedProcedure, router, staffProcedure } from '../../trpc';
import * as map from './originality-mapping.service';

// The sidebar item has an empty role list (spec §2, §6): every signed-in user reads the map and
// its history; saving it changes every post's label, so it is staff's (decision 085).
export const originalityMappingRouter = router({
  map: authedProcedure.meta({ summary: 'نگاشت یافته‌های بدنه به برچسب‌های اصالت', output: OriginalityMapSchema }).query(({ ctx }) => map.originalityMap(ctx.gateway)),
  history: authedProcedure.meta({ summary: 'سابقه ویرایش‌های نگاشت اصالت', output: z.array(ActionLogEntrySchema) }).query(({ ctx }) => map.originalityHistory(ctx.gateway)),
  save: staffProcedure.meta({ summary: 'ذخیره کل نگاشت اصالت با بررسی نسخه', output: SaveOriginalityMapResultSchema }).input(SaveOriginalityMapInputSchema).mutation(({ ctx, input }) => map.saveOriginalityMap(ctx.gateway, input)),
});
