import {
  CarPostActionInputSchema,
  CarPostArchiveInputSchema,
  CarPostIdInputSchema,
  CarPostListFilterSchema,
  CarPostNeighboursInputSchema,
  CarPostReasonedInputSchema,
  ChangeOwnershipInputSchema,
  CAR_POSTS_ACCESS,
} from '@panel/contracts/car-posts';
import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import {
  CarPostActionResultSchema,
  CarPostDetailSchema,
  CarPostFeedbacksSchema,
  CarPostListItemSchema,
  CarPostListPageSchema,
  CarPostNeighboursSchema,
  CarPostReasonsSchema,
  CarPostStateCountsSchema,
} from '@panel/contracts/car-posts';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as posts from './car-posts.service';

// Spec §6: the car posts item of the sidebar needs backoffice#staff; reading and moderating alike.
const read = procedureFor(CAR_POSTS_ACCESS.read);
const review = procedureFor(CAR_POSTS_ACCESS.review);

export const carPostsRouter = router({
  list: read.meta({ summary: 'صف و فهرست آگهی‌های خودرو با فیلتر، قدیمی‌ترین منتظر بررسی اول', output: CarPostListPageSchema }).input(CarPostListFilterSchema).query(({ ctx, input }) => posts.listCarPosts(ctx.gateway, input)),
  /** The whole filtered list for a CSV export; the web picks the columns. */
  export: read.meta({ summary: 'همه آگهی‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(CarPostListItemSchema) }).input(CarPostListFilterSchema).query(({ ctx, input }) => posts.exportCarPosts(ctx.gateway, input)),
  stateCounts: read.meta({ summary: 'شمار آگهی‌ها در هر وضعیت برای زبانه‌های صف', output: CarPostStateCountsSchema }).input(CarPostListFilterSchema).query(({ ctx, input }) => posts.stateCounts(ctx.gateway, input)),
  neighbours: read.meta({ summary: 'آگهی قبلی و بعدی در همان صف (برای کلیدهای J و K)', output: CarPostNeighboursSchema }).input(CarPostNeighboursInputSchema).query(({ ctx, input }) => posts.neighbours(ctx.gateway, input)),
  detail: read.meta({ summary: 'جزئیات کامل یک آگهی خودرو با تصاویر (همه فیلدهای بخش ۳)', output: CarPostDetailSchema }).input(CarPostIdInputSchema).query(({ ctx, input }) => posts.carPostDetail(ctx.gateway, input.id)),
  history: read.meta({ summary: 'سابقه وضعیت‌ها و ویرایش‌های یک آگهی', output: z.array(ActionLogEntrySchema) }).input(CarPostIdInputSchema).query(({ ctx, input }) => posts.carPostHistory(ctx.gateway, input.id)),
  feedback: read.meta({ summary: 'پیام‌هایی که به فروشنده آگهی فرستاده شده', output: CarPostFeedbacksSchema }).input(CarPostIdInputSchema).query(({ ctx, input }) => posts.carPostFeedback(ctx.gateway, input.id)),
  rejectionReasons: read.meta({ summary: 'فهرست دلیل‌های رد آگهی', output: CarPostReasonsSchema }).query(({ ctx }) => posts.rejectionReasons(ctx.gateway)),
  editReasons: read.meta({ summary: 'فهرست دلیل‌های بازگرداندن آگهی به ویرایش', output: CarPostReasonsSchema }).query(({ ctx }) => posts.editReasons(ctx.gateway)),

  approve: review.meta({ summary: 'تأیید و انتشار آگهی (با نسخه‌ای که بررسی‌کننده دید)', output: CarPostActionResultSchema }).input(CarPostActionInputSchema).mutation(({ ctx, input }) => posts.approve(ctx.gateway, input)),
  reject: review.meta({ summary: 'رد آگهی با یک یا چند دلیل و متن برای فروشنده', output: CarPostActionResultSchema }).input(CarPostReasonedInputSchema).mutation(({ ctx, input }) => posts.reject(ctx.gateway, input)),
  returnToEditing: review.meta({ summary: 'بازگرداندن آگهی به ویرایش با دلیل‌ها و متن برای فروشنده', output: CarPostActionResultSchema }).input(CarPostReasonedInputSchema).mutation(({ ctx, input }) => posts.returnToEditing(ctx.gateway, input)),
  republish: review.meta({ summary: 'انتشار دوباره آگهی', output: CarPostActionResultSchema }).input(CarPostActionInputSchema).mutation(({ ctx, input }) => posts.republish(ctx.gateway, input)),
  archive: review.meta({ summary: 'بایگانی آگهی', output: CarPostActionResultSchema }).input(CarPostArchiveInputSchema).mutation(({ ctx, input }) => posts.archive(ctx.gateway, input)),
  changeOwnership: review.meta({ summary: 'انتقال مالکیت آگهی به مالکی دیگر با شماره تلفن', output: CarPostActionResultSchema }).input(ChangeOwnershipInputSchema).mutation(({ ctx, input }) => posts.changeOwnership(ctx.gateway, input)),
});
