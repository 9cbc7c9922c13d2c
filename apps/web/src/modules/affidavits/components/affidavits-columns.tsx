import { Badge, Stack, Text } from '@chakra-ui/react';
import { formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import { AFFIDAVIT_STATES, type Affidavit, type AffidavitState } from '@panel/contracts/affidavits';
import type { ListColumn } from '@panel/ui';

const STATE_COLORS: Record<AffidavitState, string> = {
  draft: 'gray',
  priced: 'blue',
  purchased: 'purple',
  links_sent: 'teal',
  done: 'green',
  canceled: 'red',
};

export function AffidavitStateBadge({ state, size = 'sm' }: { state: AffidavitState; size?: 'sm' | 'lg' }) {
  return (
    <Badge colorPalette={STATE_COLORS[state]} variant="subtle" size={size}>
      {AFFIDAVIT_STATES[state]}
    </Badge>
  );
}

const person = (name: string, phone: string) => (
  <Stack gap="0">
    <Text fontWeight="medium">{name}</Text>
    <Text textStyle="xs" color="fg.muted" dir="ltr" textAlign="end" data-ltr="">
      {toPersianDigits(phone)}
    </Text>
  </Stack>
);

/** The affidavit list's columns, declared once for the table, the column chooser and the CSV. */
export const AFFIDAVIT_COLUMNS: ListColumn<Affidavit>[] = [
  { key: 'id', header: 'شماره', text: (a) => toPersianDigits(a.id), csv: (a) => a.id },
  { key: 'buyer', header: 'خریدار', text: (a) => a.buyer_name, render: (a) => person(a.buyer_name, a.buyer_phone) },
  { key: 'buyer_phone', header: 'تلفن خریدار', text: (a) => a.buyer_phone, latin: true },
  { key: 'seller', header: 'فروشنده', text: (a) => a.seller_name, render: (a) => person(a.seller_name, a.seller_phone) },
  { key: 'seller_phone', header: 'تلفن فروشنده', text: (a) => a.seller_phone, latin: true },
  { key: 'car', header: 'خودرو', text: (a) => `${a.car_title} ${toPersianDigits(a.car_year)}`, csv: (a) => `${a.car_title} ${a.car_year}` },
  { key: 'city', header: 'شهر', text: (a) => a.city },
  { key: 'price', header: 'قیمت توافقی', text: (a) => formatToman(a.price), csv: (a) => a.price, align: 'end', sortKey: 'price' },
  { key: 'fee', header: 'کارمزد', text: (a) => (a.fee === null ? '—' : formatToman(a.fee)), csv: (a) => a.fee ?? '', align: 'end' },
  { key: 'state', header: 'وضعیت', text: (a) => a.state_label, render: (a) => <AffidavitStateBadge state={a.state} /> },
  { key: 'concierge_sale', header: 'فروش همراه', text: (a) => (a.concierge_sale_id === null ? '—' : toPersianDigits(a.concierge_sale_id)), csv: (a) => a.concierge_sale_id ?? '' },
  { key: 'created_at', header: 'زمان ثبت', text: (a) => formatJalaliDateTime(a.created_at), csv: (a) => a.created_at, csvDate: 'instant', sortKey: 'created_at' },
];

/** What shows at first; the rest are in the column chooser. */
export const DEFAULT_AFFIDAVIT_COLUMNS = ['id', 'buyer', 'seller', 'car', 'city', 'price', 'fee', 'state', 'created_at'];
