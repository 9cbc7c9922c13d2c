import { Badge, Wrap } from '@chakra-ui/react';
import { EXPERT_LEVEL_LABELS, EXPERT_TYPES, EXPERT_TYPE_LABELS, formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { EXPERT_STATES, expertState, type Expert } from '@panel/contracts/experts';
import type { ListColumn } from '@panel/ui';

const typesOf = (e: Expert) => EXPERT_TYPES.filter((t) => e[t]).map((t) => EXPERT_TYPE_LABELS[t]);

export function ExpertStateBadge({ expert, size = 'sm' }: { expert: Pick<Expert, 'is_active'>; size?: 'sm' | 'lg' }) {
  return (
    <Badge colorPalette={expert.is_active ? 'green' : 'gray'} size={size} variant="subtle">
      {EXPERT_STATES[expertState(expert)]}
    </Badge>
  );
}

/** The list's columns, declared once for the table, the column chooser and the CSV. */
export const EXPERT_COLUMNS: ListColumn<Expert>[] = [
  { key: 'pk', header: 'شناسه', text: (e) => toPersianDigits(e.pk), csv: (e) => String(e.pk), sortKey: 'pk', width: '6rem' },
  { key: 'report_name', header: 'نام', text: (e) => e.report_name, sortKey: 'report_name' },
  { key: 'phone_number', header: 'تلفن همراه', text: (e) => (e.phone_number ? toPersianDigits(e.phone_number) : '—'), csv: (e) => e.phone_number ?? '' },
  { key: 'level', header: 'سطح', text: (e) => EXPERT_LEVEL_LABELS[e.level], sortKey: 'level', width: '7rem' },
  {
    key: 'types',
    header: 'نوع',
    text: (e) => typesOf(e).join('، '),
    render: (e) => (
      <Wrap gap="1">
        {typesOf(e).map((t) => (
          <Badge key={t} size="sm" variant="outline">
            {t}
          </Badge>
        ))}
      </Wrap>
    ),
  },
  { key: 'city', header: 'شهر', text: (e) => e.city_name, width: '7rem' },
  { key: 'areas', header: 'منطقه‌ها', text: (e) => toPersianDigits(e.area_names.join('، ')) },
  { key: 'is_active', header: 'وضعیت', text: (e) => EXPERT_STATES[expertState(e)], render: (e) => <ExpertStateBadge expert={e} />, width: '6rem' },
  { key: 'updated_at', header: 'آخرین تغییر', text: (e) => formatJalaliDateTime(e.updated_at), csv: (e) => e.updated_at, csvDate: 'instant' },
];
export const DEFAULT_EXPERT_COLUMNS = EXPERT_COLUMNS.map((c) => c.key).filter((key) => key !== 'updated_at');
