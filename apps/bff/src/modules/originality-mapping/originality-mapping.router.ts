import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/originality-mapping';
import { data, gatewayProcedures, results } from '../../gateway/procedures';
import { router } from '../../trpc';

// The sidebar item has an empty role list (spec §2, §6): every signed-in user reads the map and
// its history; saving it changes every post's label, so it is staff's (decision 085).
const { read, edit } = gatewayProcedures(c.ORIGINALITY_MAPPING_ACCESS, '/api/originality-map');

export const originalityMappingRouter = router({
  map: read.get('/', c.OriginalityMapSchema, 'نگاشت یافته‌های بدنه به برچسب‌های اصالت'),
  history: read.get('/history/', results(z.array(ActionLogEntrySchema)), 'سابقه ویرایش‌های نگاشت اصالت'),
  save: edit.put('/', c.SaveOriginalityMapInputSchema, data(c.SaveOriginalityMapResultSchema), 'ذخیره کل نگاشت اصالت با بررسی نسخه'),
});
