import { z } from 'zod';
import * as c from '@panel/contracts/car-posts';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import { data, gatewayProcedures, results } from '../../gateway/procedures';
import { publicMediaUrl } from '../../media';
import { router } from '../../trpc';

// Spec §6: the car posts item of the sidebar needs backoffice#staff; reading and moderating alike.
// The actions (decision 080) each name the version the moderator saw; the gateway enforces the
// workflow and the version, logs the action and answers the post's new state.
const { read, review } = gatewayProcedures(c.CAR_POSTS_ACCESS, '/api/car-posts');
const id = c.CarPostIdInputSchema;
const reasons = results(c.CarPostReasonsSchema);
const outcome = data(c.CarPostActionResultSchema);

/** The gateway's media addresses become the BFF's own (`/media/12`), which the browser can load with its session. */
const withPublicCover = (item: c.CarPostListItem): c.CarPostListItem => ({ ...item, cover_url: item.cover_url && publicMediaUrl(item.cover_url) });
const withPublicImages = (post: c.CarPostDetail): c.CarPostDetail => ({ ...post, car_images: post.car_images.map((image) => ({ ...image, url: publicMediaUrl(image.url) })) });

export const carPostsRouter = router({
  ...read.list('/', c.carPostListFilter, c.CarPostListPageSchema, { list: 'صف و فهرست آگهی‌های خودرو با فیلتر، قدیمی‌ترین منتظر بررسی اول', export: 'همه آگهی‌های فیلترشده (تا سقف خروجی) برای CSV' }, { row: withPublicCover }),
  stateCounts: read.get('/states/', c.CarPostListFilterSchema, results(c.CarPostStateCountsSchema), 'شمار آگهی‌ها در هر وضعیت برای زبانه‌های صف', { query: c.carPostListFilter.toQuery }),
  neighbours: read.get('/:id/neighbours/', c.CarPostNeighboursInputSchema, data(c.CarPostNeighboursSchema), 'آگهی قبلی و بعدی در همان صف (برای کلیدهای J و K)', {
    query: ({ filter }) => c.carPostListFilter.toQuery(filter),
  }),
  detail: read.get('/:id/', id, c.CarPostDetailSchema, 'جزئیات کامل یک آگهی خودرو با تصاویر (همه فیلدهای بخش ۳)', { map: withPublicImages }),
  history: read.get('/:id/history/', id, results(z.array(ActionLogEntrySchema)), 'سابقه وضعیت‌ها و ویرایش‌های یک آگهی'),
  feedback: read.get('/:id/feedback/', id, results(c.CarPostFeedbacksSchema), 'پیام‌هایی که به فروشنده آگهی فرستاده شده'),
  rejectionReasons: read.get('/rejection-reasons/', reasons, 'فهرست دلیل‌های رد آگهی'),
  editReasons: read.get('/edit-reasons/', reasons, 'فهرست دلیل‌های بازگرداندن آگهی به ویرایش'),

  approve: review.post('/:id/approve/', c.CarPostActionInputSchema, outcome, 'تأیید و انتشار آگهی (با نسخه‌ای که بررسی‌کننده دید)'),
  reject: review.post('/:id/reject/', c.CarPostReasonedInputSchema, outcome, 'رد آگهی با یک یا چند دلیل و متن برای فروشنده'),
  returnToEditing: review.post('/:id/editing/', c.CarPostReasonedInputSchema, outcome, 'بازگرداندن آگهی به ویرایش با دلیل‌ها و متن برای فروشنده'),
  republish: review.post('/:id/republish/', c.CarPostActionInputSchema, outcome, 'انتشار دوباره آگهی'),
  archive: review.post('/:id/archive/', c.CarPostArchiveInputSchema, outcome, 'بایگانی آگهی'),
  changeOwnership: review.post('/:id/change-ownership/', c.ChangeOwnershipInputSchema, outcome, 'انتقال مالکیت آگهی به مالکی دیگر با شماره تلفن'),
});
