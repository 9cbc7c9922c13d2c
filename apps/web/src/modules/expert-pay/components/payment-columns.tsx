import { formatJalaliDate, formatNumber, toPersianDigits } from '@panel/contracts/common';
import { PAY_LINE_KIND_LABELS, type ExpertPayment, type PayLine } from '@panel/contracts/expert-pay';
import type { ListColumn } from '@panel/ui';

const amount = (n: number) => `${formatNumber(n)} تومان`;

/** The payments list's columns, declared once for the table, the column chooser and the CSV. */
export const PAYMENT_COLUMNS: ListColumn<ExpertPayment>[] = [
  { key: 'name', header: 'کارشناس', text: (r) => toPersianDigits(r.name), csv: (r) => r.name },
  { key: 'lines', header: 'ردیف‌ها', text: (r) => formatNumber(r.lines), csv: (r) => String(r.lines) },
  { key: 'earnings', header: 'سهم کارشناسی', text: (r) => amount(r.earnings), csv: (r) => String(r.earnings) },
  { key: 'penalties', header: 'جریمه‌ها', text: (r) => amount(r.penalties), csv: (r) => String(r.penalties) },
  { key: 'clawbacks', header: 'اصلاحیه‌ها', text: (r) => amount(r.clawbacks), csv: (r) => String(r.clawbacks) },
  { key: 'total', header: 'مبلغ قابل پرداخت', text: (r) => amount(r.total), csv: (r) => String(r.total) },
];

/** One line as a person reads it: where it comes from and what it was computed from. */
export function lineSource(line: PayLine): string {
  const rule = line.rule_id ? `قاعده ${toPersianDigits(String(line.rule_id))} نسخه ${toPersianDigits(String(line.rule_version))}` : 'ضرایب پیش‌فرض ۱٫۰۰';
  const { price, base_share, inspection_price_ratio, share_ratio } = line.inputs;
  const ratio = (n: number) => toPersianDigits(n.toFixed(2)).replace('.', '٫');
  const inputs = `قیمت ${formatNumber(price)} × ضریب قیمت ${ratio(inspection_price_ratio)} × ضریب سهم ${ratio(share_ratio)} × سهم پایه ${formatNumber(Math.round(Math.abs(base_share) * 100))}٪`;
  return `${rule}؛ ${inputs}`;
}

export const LINE_COLUMNS: ListColumn<PayLine>[] = [
  { key: 'inspection_code', header: 'سفارش', text: (l) => (l.inspection_code ? toPersianDigits(l.inspection_code) : '—'), csv: (l) => l.inspection_code ?? '' },
  { key: 'kind', header: 'نوع', text: (l) => PAY_LINE_KIND_LABELS[l.kind], csv: (l) => l.kind },
  { key: 'day', header: 'روز', text: (l) => formatJalaliDate(`${l.day}T12:00:00+03:30`), csv: (l) => l.day },
  { key: 'source', header: 'محاسبه', text: lineSource, csv: (l) => JSON.stringify({ rule_id: l.rule_id, rule_version: l.rule_version, ...l.inputs }) },
  { key: 'amount', header: 'مبلغ', text: (l) => amount(l.amount), csv: (l) => String(l.amount) },
  { key: 'reason', header: 'دلیل', text: (l) => l.reason || '—', csv: (l) => l.reason },
];
