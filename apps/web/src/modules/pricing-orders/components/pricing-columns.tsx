import { formatJalaliDateTime, formatMileage, formatToman } from '@panel/contracts/common';
import type { PricingOrder } from '@panel/contracts/pricing-orders';
import type { ListColumn } from '@panel/ui';

const band = (o: PricingOrder) => (o.estimate_min !== null && o.estimate_max !== null ? `${formatToman(o.estimate_min)} تا ${formatToman(o.estimate_max)}` : '—');

/** The list's columns, declared once for the table, the chooser and the CSV; the sort keys are the gateway's. */
export const PRICING_COLUMNS: ListColumn<PricingOrder>[] = [
  { key: 'code', header: 'کد', sortKey: 'code', text: (o) => o.code },
  { key: 'car', header: 'خودرو', text: (o) => o.brand_model },
  { key: 'year', header: 'سال ساخت', sortKey: 'year', text: (o) => String(o.year), csv: (o) => o.year },
  { key: 'usage', header: 'کارکرد', sortKey: 'usage', text: (o) => formatMileage(o.usage), csv: (o) => o.usage },
  { key: 'city', header: 'شهر', text: (o) => o.city },
  { key: 'customer', header: 'مشتری', text: (o) => o.customer_name },
  { key: 'phone', header: 'تلفن مشتری', text: (o) => o.phone_number },
  { key: 'expert', header: 'کارشناس قیمت', text: (o) => o.expert_name ?? '—', csv: (o) => o.expert_name ?? '' },
  { key: 'estimate', header: 'قیمت', text: band, csv: (o) => (o.estimate_min === null ? '' : `${o.estimate_min}-${o.estimate_max}`) },
  { key: 'created_at', header: 'زمان ثبت', sortKey: 'created_at', text: (o) => formatJalaliDateTime(o.created_at), csv: (o) => o.created_at, csvDate: 'instant' },
  { key: 'estimated_at', header: 'زمان قیمت‌گذاری', sortKey: 'estimated_at', text: (o) => (o.estimated_at ? formatJalaliDateTime(o.estimated_at) : '—'), csv: (o) => o.estimated_at ?? '', csvDate: 'instant' },
];
export const PRICING_COLUMN_KEYS = PRICING_COLUMNS.map((c) => c.key);
/** The phone is in the chooser; left out at first so the list fits a 1366 screen. */
export const DEFAULT_PRICING_COLUMNS = PRICING_COLUMN_KEYS.filter((key) => key !== 'phone');
