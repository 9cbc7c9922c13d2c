import { Badge } from '@chakra-ui/react';
import { formatJalaliDate, formatJalaliDateTime, formatNumber, toPersianDigits } from '@panel/contracts/common';
import {
  BUYER_OFFER_STATES,
  DEAL_STATES,
  SALE_PLANS,
  SALE_STATES,
  type BuyerOffer,
  type Deal,
  type DealState,
  type SaleListItem,
  type SaleState,
} from '@panel/contracts/concierge-sale';
import type { ListColumn } from '@panel/ui';

const SALE_COLORS: Record<SaleState, string> = { new: 'gray', assigned: 'blue', on_offer: 'purple', in_deal: 'orange', sold: 'green', canceled: 'red' };
const DEAL_COLORS: Record<DealState, string> = { pending: 'orange', approved: 'green', canceled: 'red' };

export function SaleStateBadge({ state, size = 'sm' }: { state: SaleState; size?: 'sm' | 'lg' }) {
  return (
    <Badge colorPalette={SALE_COLORS[state]} variant="subtle" size={size}>
      {SALE_STATES[state]}
    </Badge>
  );
}

export function DealStateBadge({ state }: { state: DealState }) {
  return (
    <Badge colorPalette={DEAL_COLORS[state]} variant="subtle">
      {DEAL_STATES[state]}
    </Badge>
  );
}

const yesNo = (v: boolean) => (v ? 'بله' : 'خیر');
const toman = (n: number | null) => (n === null ? '—' : formatNumber(n));

/** The sale list's columns, declared once for the table, the chooser and the CSV. */
export const SALE_COLUMNS: ListColumn<SaleListItem>[] = [
  { key: 'token', header: 'کد فروش', text: (s) => s.token, latin: true },
  { key: 'status', header: 'وضعیت', text: (s) => SALE_STATES[s.status], render: (s) => <SaleStateBadge state={s.status} /> },
  { key: 'applicant_full_name', header: 'متقاضی', text: (s) => s.applicant_full_name },
  { key: 'phone_number', header: 'شماره تماس', text: (s) => toPersianDigits(s.phone_number), csv: (s) => s.phone_number },
  { key: 'car', header: 'خودرو', text: (s) => toPersianDigits(`${s.car_brand_model} ${s.car_brand_model_year}`), csv: (s) => `${s.car_brand_model} ${s.car_brand_model_year}`, sortKey: 'year' },
  { key: 'usage', header: 'کارکرد (کیلومتر)', text: (s) => formatNumber(s.usage), csv: (s) => s.usage, sortKey: 'usage', align: 'end' },
  { key: 'price', header: 'قیمت درخواستی (تومان)', text: (s) => toman(s.price), csv: (s) => s.price ?? '', sortKey: 'price', align: 'end' },
  { key: 'city', header: 'شهر', text: (s) => s.city },
  { key: 'plan', header: 'طرح', text: (s) => SALE_PLANS[s.plan] },
  { key: 'supervisor_name', header: 'ناظر', text: (s) => s.supervisor_name ?? '—' },
  { key: 'sales_expert_name', header: 'کارشناس فروش', text: (s) => s.sales_expert_name ?? '—' },
  { key: 'is_quick_sale', header: 'فروش فوری', text: (s) => yesNo(s.is_quick_sale) },
  { key: 'is_leasing_available', header: 'امکان لیزینگ', text: (s) => yesNo(s.is_leasing_available) },
  { key: 'has_deal', header: 'معامله', text: (s) => yesNo(s.has_deal) },
  { key: 'created_at', header: 'زمان ثبت', text: (s) => formatJalaliDateTime(s.created_at), csv: (s) => s.created_at, csvDate: 'instant', sortKey: 'created_at' },
];
export const SALE_COLUMN_KEYS = SALE_COLUMNS.map((c) => c.key);
export const DEFAULT_SALE_COLUMNS = ['token', 'status', 'applicant_full_name', 'phone_number', 'car', 'price', 'city', 'supervisor_name', 'sales_expert_name', 'created_at'];

const percent = (n: number) => `${formatNumber(n)}٪`;

/** The deals list's columns. */
export const DEAL_COLUMNS: ListColumn<Deal>[] = [
  { key: 'sale_token', header: 'کد فروش', text: (d) => d.sale_token, latin: true },
  { key: 'state', header: 'وضعیت', text: (d) => DEAL_STATES[d.state], render: (d) => <DealStateBadge state={d.state} /> },
  { key: 'car_brand_model', header: 'خودرو', text: (d) => toPersianDigits(d.car_brand_model), csv: (d) => d.car_brand_model },
  { key: 'seller_name', header: 'فروشنده', text: (d) => d.seller_name },
  { key: 'buyer_name', header: 'خریدار', text: (d) => d.buyer_name },
  { key: 'buyer_phone_number', header: 'تلفن خریدار', text: (d) => toPersianDigits(d.buyer_phone_number), csv: (d) => d.buyer_phone_number },
  { key: 'city', header: 'شهر', text: (d) => d.city },
  { key: 'price', header: 'مبلغ معامله (تومان)', sortKey: 'price', text: (d) => formatNumber(d.price), csv: (d) => d.price, align: 'end' },
  { key: 'sale_commission', header: 'کمیسیون فروش (تومان)', text: (d) => `${formatNumber(d.sale_commission)} (${percent(d.sale_commission_percent)})`, csv: (d) => d.sale_commission, align: 'end' },
  { key: 'buy_commission', header: 'کمیسیون خرید (تومان)', text: (d) => `${formatNumber(d.buy_commission)} (${percent(d.buy_commission_percent)})`, csv: (d) => d.buy_commission, align: 'end' },
  { key: 'product_commission', header: 'کمیسیون کل (تومان)', sortKey: 'product_commission', text: (d) => formatNumber(d.product_commission), csv: (d) => d.product_commission, align: 'end' },
  { key: 'deal_date', header: 'تاریخ معامله', sortKey: 'deal_date', text: (d) => formatJalaliDate(d.deal_date), csv: (d) => d.deal_date, csvDate: 'day' },
  { key: 'supervisor_name', header: 'ناظر', text: (d) => d.supervisor_name ?? '—' },
  { key: 'approved_at', header: 'زمان تأیید', text: (d) => (d.approved_at ? formatJalaliDateTime(d.approved_at) : '—'), csv: (d) => d.approved_at ?? '', csvDate: 'instant' },
];
export const DEAL_COLUMN_KEYS = DEAL_COLUMNS.map((c) => c.key);
export const DEFAULT_DEAL_COLUMNS = ['sale_token', 'state', 'car_brand_model', 'buyer_name', 'city', 'price', 'sale_commission', 'buy_commission', 'product_commission', 'deal_date'];

/** Where an offer stands against the sale's price bounds. */
export function boundsLabel(offer: Pick<BuyerOffer, 'amount' | 'min_price' | 'max_price'>): { text: string; color: string } {
  if (offer.min_price === null || offer.max_price === null) return { text: 'بدون بازه قیمت', color: 'gray' };
  if (offer.amount < offer.min_price) return { text: 'کمتر از بازه', color: 'red' };
  if (offer.amount > offer.max_price) return { text: 'بیشتر از بازه', color: 'blue' };
  return { text: 'در بازه قیمت', color: 'green' };
}

/** The concierge-sale offer list's columns. */
export const OFFER_COLUMNS: ListColumn<BuyerOffer>[] = [
  { key: 'sale_token', header: 'کد فروش', text: (o) => o.sale_token, latin: true },
  { key: 'car', header: 'خودرو', text: (o) => toPersianDigits(`${o.car_brand_model} ${o.car_brand_model_year}`), csv: (o) => `${o.car_brand_model} ${o.car_brand_model_year}` },
  { key: 'buyer_name', header: 'خریدار', text: (o) => o.buyer_name },
  { key: 'buyer_phone_number', header: 'تلفن خریدار', text: (o) => toPersianDigits(o.buyer_phone_number), csv: (o) => o.buyer_phone_number },
  { key: 'amount', header: 'مبلغ پیشنهاد (تومان)', sortKey: 'amount', text: (o) => formatNumber(o.amount), csv: (o) => o.amount, align: 'end' },
  {
    key: 'bounds',
    header: 'بازه قیمت (تومان)',
    text: (o) => (o.min_price === null || o.max_price === null ? '—' : `${formatNumber(o.min_price)} تا ${formatNumber(o.max_price)}`),
    render: (o) => {
      const b = boundsLabel(o);
      return (
        <Badge colorPalette={b.color} variant="subtle">
          {b.text}
        </Badge>
      );
    },
  },
  { key: 'city', header: 'شهر', text: (o) => o.city },
  { key: 'created_at', header: 'زمان پیشنهاد', sortKey: 'created_at', text: (o) => formatJalaliDateTime(o.created_at), csv: (o) => o.created_at, csvDate: 'instant' },
  { key: 'state', header: 'وضعیت', text: (o) => BUYER_OFFER_STATES[o.state] },
];
export const OFFER_COLUMN_KEYS = OFFER_COLUMNS.map((c) => c.key);
