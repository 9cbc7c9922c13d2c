import { Badge } from '@chakra-ui/react';
import { formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { CAR_POST_STATES } from '@panel/contracts/car-posts';
import { SALE_STATES } from '@panel/contracts/concierge-sale';
import { DIVAR_LINK_KINDS, type DivarLinkTarget, type DivarToken } from '@panel/contracts/divar-tokens';
import { LatinCode, type ListColumn } from '@panel/ui';

/** The car post's or sale's state, read in its own module's words. */
export const targetState = (t: DivarLinkTarget) =>
  t.kind === 'car_post' ? (CAR_POST_STATES[t.state as keyof typeof CAR_POST_STATES] ?? t.state) : (SALE_STATES[t.state as keyof typeof SALE_STATES] ?? t.state);

export const LinkBadge = ({ token }: { token: DivarToken }) =>
  token.target ? (
    <Badge colorPalette="green" variant="subtle">
      متصل
    </Badge>
  ) : (
    <Badge colorPalette="gray" variant="subtle">
      بدون اتصال
    </Badge>
  );

/** The list's columns, declared once for the table and the CSV. */
export const DIVAR_TOKEN_COLUMNS: ListColumn<DivarToken>[] = [
  { key: 'token', header: 'توکن', text: (t) => t.token, latin: true },
  { key: 'state', header: 'وضعیت', text: (t) => (t.target ? 'متصل' : 'بدون اتصال'), render: (t) => <LinkBadge token={t} /> },
  { key: 'kind', header: 'متصل به', text: (t) => (t.target ? DIVAR_LINK_KINDS[t.target.kind] : '—') },
  { key: 'target', header: 'آگهی یا فروش', text: (t) => (t.target ? toPersianDigits(t.target.title) : '—'), csv: (t) => t.target?.title ?? '' },
  { key: 'code', header: 'شناسه آگهی / کد فروش', text: (t) => t.target?.code ?? '—', render: (t) => (t.target ? <LatinCode value={t.target.code} /> : '—') },
  { key: 'car', header: 'خودرو', text: (t) => (t.target ? toPersianDigits(t.target.car) : '—'), csv: (t) => t.target?.car ?? '' },
  { key: 'linked_by', header: 'متصل‌کننده', text: (t) => t.linked_by ?? '—' },
  { key: 'linked_at', header: 'زمان اتصال', text: (t) => (t.linked_at ? formatJalaliDateTime(t.linked_at) : '—'), csv: (t) => t.linked_at ?? '', csvDate: 'instant' },
  { key: 'created_at', header: 'زمان ثبت', text: (t) => formatJalaliDateTime(t.created_at), csv: (t) => t.created_at, csvDate: 'instant' },
];
