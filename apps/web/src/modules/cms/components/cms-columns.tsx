import { Badge, Image } from '@chakra-ui/react';
import { formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { CMS_CONTENT_STATES, type CmsContentRow, type CmsContentState } from '@panel/contracts/cms';
import type { ListColumn } from '@panel/ui';

const STATE_COLORS: Record<CmsContentState, string> = { draft: 'gray', published: 'green', archived: 'orange' };

export function CmsStateBadge({ state, size = 'sm' }: { state: CmsContentState; size?: 'sm' | 'lg' }) {
  return (
    <Badge colorPalette={STATE_COLORS[state]} variant="subtle" size={size}>
      {CMS_CONTENT_STATES[state]}
    </Badge>
  );
}

/** The contents list's columns, declared once for the table, the column chooser and the CSV. */
export const CMS_COLUMNS: ListColumn<CmsContentRow>[] = [
  {
    key: 'cover',
    header: 'کاور',
    text: (r) => (r.cover_url ? 'دارد' : 'ندارد'),
    render: (r) => (r.cover_url ? <Image src={r.cover_url} alt="" width="12" height="8" objectFit="cover" borderRadius="sm" loading="lazy" /> : '—'),
  },
  { key: 'id', header: 'شماره', text: (r) => toPersianDigits(r.id), csv: (r) => r.id },
  { key: 'title', header: 'عنوان', text: (r) => toPersianDigits(r.title), csv: (r) => r.title, sortKey: 'title' },
  { key: 'category', header: 'دسته‌بندی', text: (r) => r.category_name },
  { key: 'state', header: 'وضعیت', text: (r) => CMS_CONTENT_STATES[r.state], render: (r) => <CmsStateBadge state={r.state} /> },
  { key: 'tags', header: 'برچسب خودرو', text: (r) => toPersianDigits(r.tag_count), csv: (r) => r.tag_count },
  { key: 'published_at', header: 'زمان انتشار', text: (r) => (r.published_at ? formatJalaliDateTime(r.published_at) : '—'), csv: (r) => r.published_at ?? '', csvDate: 'instant' },
  { key: 'updated_at', header: 'آخرین تغییر', text: (r) => formatJalaliDateTime(r.updated_at), csv: (r) => r.updated_at, csvDate: 'instant', sortKey: 'updated_at' },
  { key: 'updated_by', header: 'ویرایشگر', text: (r) => r.updated_by, latin: true },
];
