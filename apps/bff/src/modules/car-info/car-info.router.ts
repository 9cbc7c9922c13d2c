import { z } from 'zod';
import {
  CAR_INFO_ACCESS,
  CarInfoDetailSchema,
  CarInfoEditInputSchema,
  CarInfoIdInputSchema,
  CarInfoImageInputSchema,
  CarInfoListFilterSchema,
  CarInfoNoteInputSchema,
  CarInfoOutcomeSchema,
  CarInfoPageSchema,
  CarInfoSchema,
  FeedbackStepInputSchema,
  ImageIdInputSchema,
} from '@panel/contracts/car-info';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './car-info.service';

const read = procedureFor(CAR_INFO_ACCESS.read);
const change = procedureFor(CAR_INFO_ACCESS.change);

/** اطلاعات خودرو: the procedures, each guarded by its line of the module's access table. */
export const carInfoRouter = router({
  list: read.meta({ summary: 'تیپ‌های خودرو با میزان اطلاعات هر یک، با فیلتر و صفحه‌بندی', output: CarInfoPageSchema }).input(CarInfoListFilterSchema).query(({ ctx, input }) => service.listCarInfo(ctx.gateway, input)),
  export: read.meta({ summary: 'همه ردیف‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(CarInfoSchema) }).input(CarInfoListFilterSchema).query(({ ctx, input }) => service.exportCarInfo(ctx.gateway, input)),
  detail: read.meta({ summary: 'اطلاعات یک تیپ: توضیحات، آپشن‌ها، تصاویر، یادداشت‌ها و بازخوردها', output: CarInfoDetailSchema }).input(CarInfoIdInputSchema).query(({ ctx, input }) => service.detail(ctx.gateway, input.id)),
  history: read.meta({ summary: 'سابقه اطلاعات یک تیپ', output: z.array(ActionLogEntrySchema) }).input(CarInfoIdInputSchema).query(({ ctx, input }) => service.history(ctx.gateway, input.id)),
  edit: change.meta({ summary: 'ذخیره توضیحات و آپشن‌های یک تیپ', output: CarInfoOutcomeSchema, example: { id: 12, version: 0, content: 'سدان خانوادگی', options: ['کیسه هوا', 'ترمز ABS'] } }).input(CarInfoEditInputSchema).mutation(({ ctx, input }) => service.edit(ctx.gateway, input)),
  addImage: change.meta({ summary: 'افزودن تصویر به یک تیپ', output: CarInfoOutcomeSchema }).input(CarInfoImageInputSchema).mutation(({ ctx, input }) => service.addImage(ctx.gateway, input)),
  removeImage: change.meta({ summary: 'حذف تصویر', output: CarInfoOutcomeSchema }).input(ImageIdInputSchema).mutation(({ ctx, input }) => service.removeImage(ctx.gateway, input.id)),
  addNote: change.meta({ summary: 'ثبت یادداشت کارشناس یا بازخورد مشتری', output: CarInfoOutcomeSchema }).input(CarInfoNoteInputSchema).mutation(({ ctx, input }) => service.addNote(ctx.gateway, input)),
  stepFeedback: change.meta({ summary: 'انتشار یا پنهان کردن بازخورد', output: CarInfoOutcomeSchema }).input(FeedbackStepInputSchema).mutation(({ ctx, input }) => service.stepFeedback(ctx.gateway, input)),
});
