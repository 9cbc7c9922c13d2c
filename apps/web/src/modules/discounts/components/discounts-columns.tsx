import { formatJalaliDate, formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import { CITIES } from '@panel/contracts/common';
import { DISCOUNT_ORIGINS, DISCOUNT_SERVICES, type DiscountCode } from '@panel/contracts/discounts';
import type { ListColumn } from '@panel/ui';

const cityName = (id: number | null) => (id === null ? 'همه شهرها' : (CITIES.find((c) => c.id === id)?.name ?? toPersianDigits(id)));
/** What a code gives, as a person reads it: «۲۰٪ تا ۱۵۰٬۰۰۰ تومان» or «۸۰٬۰۰۰ تومان». */
export const discountValueText = (r: Pick<DiscountCode, 'kind' | 'value' | 'max_discount'>) =>
  r.kind === 'percent' ? `${toPersianDigits(r.value)}٪${r.max_discount !== null ? ` تا ${formatToman(r.max_discount)}` : ''}` : formatToman(r.value);
/** The state, or for an active code outside its window: expired, or not begun yet. */
export const statusText = (r: Pick<DiscountCode, 'state_label' | 'state' | 'expired' | 'scheduled'>) =>
  r.state === 'active' && r.expired ? 'منقضی' : r.state === 'active' && r.scheduled ? 'در انتظار شروع' : r.state_label;
export const servicesText = (r: Pick<DiscountCode, 'services'>) => r.services.map((s) => DISCOUNT_SERVICES[s]).join('، ');
export const usedText = (r: Pick<DiscountCode, 'used' | 'reserved' | 'usage_limit'>) =>
  `${toPersianDigits(r.used.toLocaleString('fa-IR'))} از ${r.usage_limit.toLocaleString('fa-IR')}${r.reserved ? ` (${r.reserved.toLocaleString('fa-IR')} رزرو)` : ''}`;
export { cityName };

/** The list's columns, declared once for the table, the column chooser and the CSV. */
export const DISCOUNTS_COLUMNS: ListColumn<DiscountCode>[] = [
  { key: 'code', header: 'کد', text: (r) => r.code, csv: (r) => r.code, latin: true, sortKey: 'code' },
  { key: 'value', header: 'تخفیف', text: discountValueText, csv: (r) => (r.kind === 'percent' ? `${r.value}%` : String(r.value)) },
  { key: 'state', header: 'وضعیت', text: statusText },
  { key: 'used', header: 'استفاده‌شده', text: usedText, csv: (r) => String(r.used), sortKey: 'used' },
  { key: 'valid_until', header: 'اعتبار', text: (r) => `${formatJalaliDate(r.valid_from)} تا ${formatJalaliDate(new Date(Date.parse(r.valid_until) - 1))}`, csv: (r) => r.valid_until, csvDate: 'instant', sortKey: 'valid_until' },
  { key: 'campaign', header: 'کمپین / منشأ', text: (r) => r.campaign_name ?? DISCOUNT_ORIGINS[r.origin], csv: (r) => r.campaign_name ?? DISCOUNT_ORIGINS[r.origin] },
  { key: 'services', header: 'خدمات', text: servicesText },
  { key: 'city', header: 'شهر', text: (r) => cityName(r.city_id) },
  { key: 'min_order', header: 'حداقل سفارش', text: (r) => (r.min_order ? formatToman(r.min_order) : '—'), csv: (r) => String(r.min_order) },
  { key: 'created_at', header: 'زمان ثبت', text: (r) => formatJalaliDateTime(r.created_at), csv: (r) => r.created_at, csvDate: 'instant', sortKey: 'created_at' },
];
