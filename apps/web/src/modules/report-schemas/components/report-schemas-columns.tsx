import { formatJalaliDateTime, toPersianDigits, VEHICLE_TYPE_LABELS } from '@panel/contracts/common';
import type { ReportSchema } from '@panel/contracts/report-schemas';
import type { ListColumn } from '@panel/ui';

const types = (r: ReportSchema) => r.vehicle_types.map((t) => VEHICLE_TYPE_LABELS[t]).join('، ');
const active = (r: ReportSchema) => (r.is_active ? `فعال برای ${r.active_for.map((t) => VEHICLE_TYPE_LABELS[t]).join('، ')}` : 'غیرفعال');

/** The list's columns (§3 schema info: name, slug, isActive; with vehicle types and version), for the table, the chooser and the CSV. */
export const REPORT_SCHEMAS_COLUMNS: ListColumn<ReportSchema>[] = [
  { key: 'name', header: 'نام', text: (r) => toPersianDigits(r.name), csv: (r) => r.name, sortKey: 'name' },
  { key: 'slug', header: 'شناسه', text: (r) => r.slug, latin: true, sortKey: 'slug' },
  { key: 'vehicle_types', header: 'انواع خودرو', text: types },
  { key: 'version', header: 'نسخه', text: (r) => toPersianDigits(r.version), csv: (r) => String(r.version) },
  { key: 'is_active', header: 'وضعیت', text: active },
  { key: 'updated_at', header: 'آخرین ذخیره', text: (r) => formatJalaliDateTime(r.updated_at), csv: (r) => r.updated_at, csvDate: 'instant', sortKey: 'updated_at' },
];
