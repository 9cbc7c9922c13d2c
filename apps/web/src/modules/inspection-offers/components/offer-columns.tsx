import { Badge } from '@chakra-ui/react';
import { formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import { OFFER_STATES, offerAnswers, type Offer, type OfferState } from '@panel/contracts/inspection-offers';
import type { ListColumn } from '@panel/ui';

const STATE_COLORS: Record<OfferState, string> = { open: 'green', accepted: 'blue', expired: 'gray', removed: 'red' };

export function OfferStateBadge({ state }: { state: OfferState }) {
  return (
    <Badge colorPalette={STATE_COLORS[state]} variant="subtle">
      {OFFER_STATES[state]}
    </Badge>
  );
}

/** The offer list's columns, declared once for the table and the CSV. */
export const OFFER_COLUMNS: ListColumn<Offer>[] = [
  { key: 'order_code', header: 'کد سفارش', sortKey: 'order_code', text: (o) => toPersianDigits(o.order_code), csv: (o) => o.order_code },
  { key: 'customer_name', header: 'مشتری', sortKey: 'customer_name', text: (o) => o.customer_name },
  { key: 'city', header: 'شهر', text: (o) => o.city },
  { key: 'visit_place', header: 'محل بازدید', text: (o) => o.visit_place },
  { key: 'package', header: 'بسته', text: (o) => o.package },
  { key: 'price', header: 'قیمت', sortKey: 'price', text: (o) => formatToman(o.price), csv: (o) => o.price },
  { key: 'sent_at', header: 'زمان ارسال', sortKey: 'sent_at', text: (o) => formatJalaliDateTime(o.sent_at), csv: (o) => o.sent_at, csvDate: 'instant' },
  { key: 'deadline', header: 'مهلت', sortKey: 'deadline', text: (o) => formatJalaliDateTime(o.deadline), csv: (o) => o.deadline, csvDate: 'instant' },
  {
    key: 'answers',
    header: 'دیده / رد شده',
    text: (o) => offerAnswers(o).text,
    csv: (o) => {
      const { seen, declined, recipients } = offerAnswers(o);
      return `${seen}/${declined}/${recipients}`;
    },
  },
  { key: 'state', header: 'وضعیت', text: (o) => OFFER_STATES[o.state], render: (o) => <OfferStateBadge state={o.state} /> },
  { key: 'accepted_expert', header: 'کارشناس پذیرنده', text: (o) => o.accepted_expert ?? '—' },
];
