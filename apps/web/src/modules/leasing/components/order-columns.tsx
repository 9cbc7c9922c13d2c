import { Badge, Stack, Text } from '@chakra-ui/react';
import { formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import { LEASING_ORDER_STATES, type LeasingOrder, type LeasingOrderState } from '@panel/contracts/leasing';
import type { ListColumn } from '@panel/ui';

const STATE_COLORS: Record<LeasingOrderState, string> = {
  registered: 'blue',
  documents: 'orange',
  provider_review: 'purple',
  approved: 'teal',
  contract_signed: 'cyan',
  delivered: 'green',
  rejected: 'red',
  canceled: 'gray',
};

export function OrderStateBadge({ state, size = 'sm' }: { state: LeasingOrderState; size?: 'sm' | 'lg' }) {
  return (
    <Badge colorPalette={STATE_COLORS[state]} variant="subtle" size={size}>
      {LEASING_ORDER_STATES[state]}
    </Badge>
  );
}

/** The leasing orders list's columns, declared once for the table and the CSV. */
export const LEASING_ORDER_COLUMNS: ListColumn<LeasingOrder>[] = [
  { key: 'code', header: 'کد سفارش', text: (o) => o.code, latin: true },
  {
    key: 'customer',
    header: 'مشتری',
    text: (o) => o.customer_name,
    render: (o) => (
      <Stack gap="0">
        <Text fontWeight="medium">{o.customer_name}</Text>
        <Text textStyle="xs" color="fg.muted" dir="ltr" textAlign="end" data-ltr="">
          {toPersianDigits(o.phone_number)}
        </Text>
      </Stack>
    ),
  },
  { key: 'phone_number', header: 'تلفن', text: (o) => o.phone_number, latin: true },
  { key: 'provider', header: 'لیزینگ', text: (o) => o.provider_name },
  { key: 'plan', header: 'طرح', text: (o) => o.plan_name },
  { key: 'city', header: 'شهر', text: (o) => o.city },
  { key: 'car', header: 'خودرو', text: (o) => o.car_title },
  { key: 'price', header: 'قیمت خودرو', text: (o) => formatToman(o.price), csv: (o) => o.price, align: 'end' },
  { key: 'monthly', header: 'قسط ماهانه', text: (o) => `${formatToman(o.monthly)} × ${toPersianDigits(o.months)}`, csv: (o) => o.monthly, align: 'end' },
  { key: 'total', header: 'جمع اقساط', text: (o) => formatToman(o.total), csv: (o) => o.total, align: 'end' },
  { key: 'state', header: 'وضعیت', text: (o) => o.state_label, render: (o) => <OrderStateBadge state={o.state} /> },
  { key: 'created_at', header: 'زمان ثبت', text: (o) => formatJalaliDateTime(o.created_at), csv: (o) => o.created_at, csvDate: 'instant' },
];

/** What shows at first; the rest are in the column chooser. */
export const DEFAULT_LEASING_ORDER_COLUMNS = ['code', 'customer', 'provider', 'city', 'car', 'monthly', 'state', 'created_at'];
