import { Badge } from '@chakra-ui/react';
import { formatJalaliDate, formatNumber, formatToman, toPersianDigits } from '@panel/contracts/common';
import { LEASING_CLAIM_STATES, LEASING_CLAIM_STEPS, type LeasingClaim, type LeasingClaimState } from '@panel/contracts/leasing';
import type { ListColumn } from '@panel/ui';

const STATE_COLORS: Record<LeasingClaimState, string> = { current: 'blue', followup: 'orange', legal: 'red', settled: 'green' };

export function ClaimStateBadge({ state, size = 'sm' }: { state: LeasingClaimState; size?: 'sm' | 'lg' }) {
  return (
    <Badge colorPalette={STATE_COLORS[state]} variant="subtle" size={size}>
      {LEASING_CLAIM_STATES[state]}
    </Badge>
  );
}

const toman = (n: number) => formatToman(n);

/** The claims list's columns (issue 30), declared once for the table, the chooser and the CSV. */
export const CLAIM_COLUMNS: ListColumn<LeasingClaim>[] = [
  { key: 'order_code', header: 'کد سفارش', text: (c) => c.order_code, latin: true },
  { key: 'customer_name', header: 'مشتری', text: (c) => c.customer_name },
  { key: 'phone_number', header: 'تلفن', text: (c) => toPersianDigits(c.phone_number), csv: (c) => c.phone_number },
  { key: 'provider_name', header: 'لیزینگ', text: (c) => c.provider_name },
  { key: 'total', header: 'مبلغ کل', text: (c) => toman(c.total), csv: (c) => c.total },
  { key: 'paid', header: 'پرداخت‌شده', text: (c) => toman(c.paid), csv: (c) => c.paid },
  { key: 'balance', header: 'مانده', text: (c) => toman(c.balance), csv: (c) => c.balance },
  { key: 'overdue_amount', header: 'معوق', text: (c) => (c.overdue_amount > 0 ? toman(c.overdue_amount) : '—'), csv: (c) => c.overdue_amount },
  { key: 'next_due_date', header: 'سررسید بعدی', text: (c) => (c.next_due_date ? formatJalaliDate(c.next_due_date) : '—'), csv: (c) => c.next_due_date, csvDate: 'day' },
  { key: 'state', header: 'وضعیت', text: (c) => LEASING_CLAIM_STATES[c.state], render: (c) => <ClaimStateBadge state={c.state} /> },
  { key: 'step', header: 'مرحله', text: (c) => (c.step ? LEASING_CLAIM_STEPS[c.step] : '—') },
];
export const CLAIM_COLUMNS_KEY = 'leasing.claims.columns';
export const DEFAULT_CLAIM_COLUMNS = ['order_code', 'customer_name', 'provider_name', 'total', 'paid', 'balance', 'next_due_date', 'state', 'step'];
/** Counts in Persian digits, for the few texts that are not money. */
export const countText = (n: number) => formatNumber(n);
