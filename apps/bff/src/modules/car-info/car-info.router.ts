import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/car-info';
import { data, gatewayProcedures, result, results } from '../../gateway/procedures';
import { publicMediaUrl } from '../../media';
import { router } from '../../trpc';

// Images become the BFF's `/media/:id`.
const { read, change } = gatewayProcedures(c.CAR_INFO_ACCESS, '/api/car-info');
const outcome = data(c.CarInfoOutcomeSchema);

/** اطلاعات خودرو: each procedure declared once, guarded by its line of the module's access table. */
export const carInfoRouter = router({
  ...read.list('/', c.carInfoListFilter, c.CarInfoPageSchema, { list: 'تیپ‌های خودرو با میزان اطلاعات هر یک، با فیلتر و صفحه‌بندی', export: 'همه ردیف‌های فیلترشده (تا سقف خروجی) برای CSV' }),
  detail: read.get('/types/:id/', c.CarInfoIdInputSchema, result(c.CarInfoDetailSchema), 'اطلاعات یک تیپ: توضیحات، آپشن‌ها، تصاویر، یادداشت‌ها و بازخوردها', {
    map: (found) => ({ ...found, images: found.images.map((i) => ({ ...i, url: publicMediaUrl(i.url) })) }),
  }),
  history: read.get('/types/:id/history/', c.CarInfoIdInputSchema, results(z.array(ActionLogEntrySchema)), 'سابقه اطلاعات یک تیپ'),
  edit: change.put('/types/:id/', c.CarInfoEditInputSchema, outcome, { summary: 'ذخیره توضیحات و آپشن‌های یک تیپ', example: { id: 12, version: 0, content: 'سدان خانوادگی', options: ['کیسه هوا', 'ترمز ABS'] } }),
  addImage: change.post('/types/:id/images/', c.CarInfoImageInputSchema, outcome, 'افزودن تصویر به یک تیپ'),
  removeImage: change.delete('/images/:id/', c.ImageIdInputSchema, outcome, 'حذف تصویر'),
  addNote: change.post('/types/:id/notes/', c.CarInfoNoteInputSchema, outcome, 'ثبت یادداشت کارشناس یا بازخورد مشتری'),
  stepFeedback: change.post('/notes/:id/update-state/', c.FeedbackStepInputSchema, outcome, 'انتشار یا پنهان کردن بازخورد'),
});
