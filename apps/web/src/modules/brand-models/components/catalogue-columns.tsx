import { Image } from '@chakra-ui/react';
import { CAR_BODY_TYPE_LABELS, MODEL_STATES, type ManagedModel } from '@panel/contracts/brand-models';
import { VEHICLE_TYPE_LABELS, formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import type { ListColumn } from '@panel/ui';

/** Model years as the market quotes them: «۱۳۹۰ تا ۱۴۰۲» or «۱۴۰۰ به بعد». */
export const yearsText = (r: { year_from: number | null; year_to: number | null }) =>
  r.year_from === null ? '—' : toPersianDigits(r.year_to === null ? `${r.year_from} به بعد` : `${r.year_from} تا ${r.year_to}`);

/** The state, and for a merged model the one it joined. */
export const modelStateText = (r: Pick<ManagedModel, 'state' | 'merged_into_name'>) =>
  r.state === 'merged' && r.merged_into_name ? `ادغام‌شده در «${toPersianDigits(r.merged_into_name)}»` : MODEL_STATES[r.state];

/** The list's columns, declared once for the table, the column chooser and the CSV. */
export const CATALOGUE_COLUMNS: ListColumn<ManagedModel>[] = [
  {
    key: 'logo',
    header: 'لوگو',
    text: (r) => (r.logo_url ? 'دارد' : 'ندارد'),
    render: (r) => (r.logo_url ? <Image src={r.logo_url} alt={`لوگوی ${r.full_name}`} maxH="8" maxW="12" objectFit="contain" /> : '—'),
    csv: (r) => r.logo_url,
  },
  { key: 'brand', header: 'برند', text: (r) => toPersianDigits(r.brand_name), csv: (r) => r.brand_name, sortKey: 'name' },
  { key: 'model', header: 'مدل', text: (r) => toPersianDigits(r.model_name), csv: (r) => r.model_name },
  { key: 'name_en', header: 'نام لاتین', text: (r) => r.model_name_en || '—', csv: (r) => r.model_name_en },
  { key: 'body', header: 'بدنه', text: (r) => CAR_BODY_TYPE_LABELS[r.body_type] },
  { key: 'vehicle', header: 'نوع وسیله', text: (r) => VEHICLE_TYPE_LABELS[r.vehicle_type] },
  { key: 'years', header: 'سال‌های تولید', text: yearsText, csv: (r) => `${r.year_from}-${r.year_to ?? ''}`, sortKey: 'year_from' },
  { key: 'imported', header: 'وارداتی', text: (r) => (r.is_imported ? 'بله' : 'خیر') },
  { key: 'types', header: 'تیپ‌ها', text: (r) => toPersianDigits(r.type_count), csv: (r) => r.type_count },
  { key: 'state', header: 'وضعیت', text: modelStateText },
  { key: 'updated_at', header: 'آخرین تغییر', text: (r) => formatJalaliDateTime(r.updated_at), csv: (r) => r.updated_at, csvDate: 'instant', sortKey: 'updated_at' },
];
