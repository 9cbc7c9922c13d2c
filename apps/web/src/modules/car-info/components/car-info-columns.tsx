import { formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import type { CarInfo } from '@panel/contracts/car-info';
import type { ListColumn } from '@panel/ui';

const n = (value: number) => toPersianDigits(value.toLocaleString('fa-IR'));

/** The list's columns, declared once for the table, the column chooser and the CSV. */
export const CAR_INFO_COLUMNS: ListColumn<CarInfo>[] = [
  { key: 'car', header: 'برند و مدل', text: (r) => toPersianDigits(r.full_name), csv: (r) => r.full_name, sortKey: 'name' },
  { key: 'type', header: 'تیپ', text: (r) => toPersianDigits(r.type_name), csv: (r) => r.type_name },
  { key: 'content', header: 'توضیحات', text: (r) => (r.has_content ? 'دارد' : 'ندارد') },
  { key: 'options', header: 'آپشن‌ها', text: (r) => n(r.option_count), csv: (r) => r.option_count },
  { key: 'images', header: 'تصاویر', text: (r) => n(r.image_count), csv: (r) => r.image_count },
  { key: 'comments', header: 'یادداشت‌ها', text: (r) => n(r.comment_count), csv: (r) => r.comment_count },
  { key: 'feedbacks', header: 'بازخوردها', text: (r) => n(r.feedback_count), csv: (r) => r.feedback_count },
  { key: 'updated_at', header: 'آخرین ویرایش', text: (r) => (r.updated_at ? formatJalaliDateTime(r.updated_at) : '—'), csv: (r) => r.updated_at, csvDate: 'instant', sortKey: 'updated_at' },
];
