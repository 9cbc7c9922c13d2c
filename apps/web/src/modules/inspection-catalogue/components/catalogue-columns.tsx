import { CITIES, PRICING_CONDITION_LABELS, formatJalaliDate, formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import { INSPECTION_TYPES, describeRatio, type InspectionPackage, type PricingRate, type VehicleKind } from '@panel/contracts/inspection-catalogue';
import type { ListColumn } from '@panel/ui';

// The columns of the catalogue's three lists, declared once: the table, the column chooser and
// the CSV read them.

const yesNo = (value: boolean, yes: string, no: string) => (value ? yes : no);
const citiesOf = (ids: readonly number[]) => CITIES.filter((c) => ids.includes(c.id)).map((c) => c.name);

export const PACKAGE_COLUMNS: ListColumn<InspectionPackage>[] = [
  { key: 'name', header: 'نام بسته', sortKey: 'name', text: (p) => p.name },
  { key: 'vehicle_kind', header: 'نوع خودرو', text: (p) => p.vehicle_kind },
  { key: 'base_price', header: 'قیمت پایه', sortKey: 'base_price', text: (p) => formatToman(p.base_price), csv: (p) => p.base_price, align: 'end' },
  { key: 'service_minutes', header: 'زمان خدمت', sortKey: 'service_minutes', text: (p) => `${toPersianDigits(p.service_minutes)} دقیقه`, csv: (p) => p.service_minutes },
  { key: 'inspection_type', header: 'نوع کارشناسی', text: (p) => INSPECTION_TYPES[p.inspection_type] },
  { key: 'is_active', header: 'فروش', text: (p) => yesNo(p.is_active, 'در حال فروش', 'فروخته نمی‌شود') },
  {
    key: 'cities',
    header: 'شهرها',
    text: (p) => (p.city_ids.length === CITIES.length ? `همه (${toPersianDigits(p.city_ids.length)})` : `${toPersianDigits(p.city_ids.length)} شهر`),
    csv: (p) => citiesOf(p.city_ids).join('، '),
  },
];

export const VEHICLE_KIND_COLUMNS: ListColumn<VehicleKind>[] = [
  { key: 'name', header: 'نوع خودرو', text: (k) => k.name },
  { key: 'is_active', header: 'وضعیت', text: (k) => yesNo(k.is_active, 'فعال', 'غیرفعال') },
  { key: 'packages', header: 'بسته‌ها', text: (k) => toPersianDigits(k.packages), csv: (k) => k.packages },
];

export const RATE_COLUMNS: ListColumn<PricingRate>[] = [
  { key: 'condition', header: 'شرط', text: (r) => PRICING_CONDITION_LABELS[r.condition] },
  { key: 'city', header: 'شهر', text: (r) => r.city ?? 'همه شهرها' },
  { key: 'package', header: 'بسته', text: (r) => r.package ?? 'همه بسته‌ها' },
  { key: 'starts_on', header: 'از تاریخ', text: (r) => formatJalaliDate(r.starts_on), csv: (r) => r.starts_on, csvDate: 'day' },
  { key: 'ends_on', header: 'تا تاریخ', text: (r) => formatJalaliDate(r.ends_on), csv: (r) => r.ends_on, csvDate: 'day' },
  { key: 'ratio', header: 'ضریب', text: (r) => describeRatio(r.ratio), csv: (r) => r.ratio },
  { key: 'note', header: 'توضیح', text: (r) => r.note || '—' },
  { key: 'updated_at', header: 'آخرین تغییر', text: (r) => formatJalaliDateTime(r.updated_at), csv: (r) => r.updated_at, csvDate: 'instant' },
];
