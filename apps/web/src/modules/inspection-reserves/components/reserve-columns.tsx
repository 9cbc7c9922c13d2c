import { Badge } from '@chakra-ui/react';
import { formatJalaliDate, formatJalaliDateLatin, formatJalaliDateTime, formatShiftRange, formatToman, toPersianDigits } from '@panel/contracts/common';
import { RESERVE_STATES, type Reserve, type ReserveState } from '@panel/contracts/inspection-reserves';
import type { ListColumn } from '@panel/ui';

const STATE_COLORS: Record<ReserveState, string> = { waiting: 'orange', paid: 'green', expired: 'gray', released: 'red' };

export function ReserveStateBadge({ state }: { state: ReserveState }) {
  return (
    <Badge colorPalette={STATE_COLORS[state]} variant="subtle">
      {RESERVE_STATES[state]}
    </Badge>
  );
}

/** The reserve list's columns, declared once for the table, the chooser and the CSV. */
/** The slot's shift as the sheet says it ('08:00-10:00' -> '8 تا 10'). */
export const shiftLabel = (shift: string) => {
  const [start, end] = shift.split('-');
  return start && end ? formatShiftRange(start, end) : shift;
};

export const RESERVE_COLUMNS: ListColumn<Reserve>[] = [
  { key: 'customer_name', header: 'مشتری', sortKey: 'customer_name', text: (r) => r.customer_name },
  { key: 'phone_number', header: 'تلفن', text: (r) => toPersianDigits(r.phone_number), csv: (r) => r.phone_number },
  { key: 'package', header: 'بسته', text: (r) => r.package },
  { key: 'price', header: 'مبلغ', sortKey: 'price', text: (r) => formatToman(r.price), csv: (r) => r.price },
  { key: 'slot', header: 'نوبت', sortKey: 'slot', text: (r) => `${formatJalaliDate(r.date)} · ${toPersianDigits(shiftLabel(r.shift))}`, csv: (r) => `${formatJalaliDateLatin(r.date)} ${r.shift}` },
  { key: 'expert_name', header: 'کارشناس', text: (r) => r.expert_name },
  { key: 'city', header: 'شهر', text: (r) => r.city },
  { key: 'reserved_at', header: 'زمان رزرو', sortKey: 'reserved_at', text: (r) => formatJalaliDateTime(r.reserved_at), csv: (r) => r.reserved_at, csvDate: 'instant' },
  { key: 'payment_deadline', header: 'مهلت پرداخت', sortKey: 'payment_deadline', text: (r) => formatJalaliDateTime(r.payment_deadline), csv: (r) => r.payment_deadline, csvDate: 'instant' },
  { key: 'paid', header: 'پرداخت', text: (r) => (r.paid ? 'پرداخت شده' : 'پرداخت نشده') },
  { key: 'state', header: 'وضعیت', text: (r) => RESERVE_STATES[r.state], render: (r) => <ReserveStateBadge state={r.state} /> },
  { key: 'link_sent_at', header: 'لینک پرداخت', text: (r) => (r.link_sent_at ? formatJalaliDateTime(r.link_sent_at) : '—'), csv: (r) => r.link_sent_at ?? '', csvDate: 'instant' },
];
