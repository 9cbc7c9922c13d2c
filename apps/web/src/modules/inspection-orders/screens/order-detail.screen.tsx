import { useState } from 'react';
import { Badge, Link } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { MESSAGES, PRICING_CONDITION_LABELS, formatJalaliDate, formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import { OrderPkInputSchema, type OrderDetail, INSPECTION_ORDERS_ACCESS } from '@panel/contracts/inspection-orders';
import { DetailGroups, DetailPage, LatinCode, type DetailGroup } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { orderStateLabel, requestTypeLabel, timeSlotLabel } from '../state/order-labels';
import { DiscountCodeDialog, OrderActions } from '../components/order-actions';
import { OrderConversation } from '../components/order-conversation';
import { OrderHistory } from '../components/order-history';
import { OrderPriceBreakdown } from '../components/order-price-breakdown';
import { OrderVinAction } from '../components/order-vin';
import { useCan } from '../../../lib/session';

const yesNo = (value: boolean) => (value ? 'بله' : 'خیر');
const digits = (value: string | number | null) => (value === null ? null : toPersianDigits(value));

/** The inspection order detail fields of spec §3, grouped the way staff read them on a call. */
const ORDER_GROUPS: DetailGroup<OrderDetail>[] = [
  {
    title: 'مشتری',
    fields: [
      { label: 'نام مشتری', value: (o) => o.customer_name },
      { label: 'شماره تماس', value: (o) => digits(o.phone_number), ltr: true },
      { label: 'نام فروشنده', value: (o) => o.seller_name },
      { label: 'تلفن فروشنده', value: (o) => digits(o.seller_phone_number), ltr: true },
      { label: 'نوع درخواست', value: (o) => requestTypeLabel(o.request_type) },
    ],
  },
  {
    title: 'خودرو و هزینه',
    fields: [
      { label: 'خودرو', value: (o) => o.brand_model },
      { label: 'شماره شاسی (VIN)', value: (o) => o.vin && <LatinCode value={o.vin} /> },
      { label: 'بسته', value: (o) => o.package },
      { label: 'قیمت', value: (o) => formatToman(o.price) },
      { label: 'مابه‌التفاوت قیمت', value: (o) => formatToman(o.price_diff) },
      { label: 'کارشناسی فوری', value: (o) => yesNo(o.is_immediate) },
      { label: 'شرایط قیمت‌گذاری', value: (o) => o.pricing_conditions.map((c) => PRICING_CONDITION_LABELS[c]).join('، ') },
      { label: 'فروش همراه', value: (o) => digits(o.concierge_sale) },
    ],
  },
  {
    title: 'زمان و مکان بازدید',
    fields: [
      { label: 'شهر', value: (o) => o.city },
      { label: 'محل بازدید', value: (o) => o.visit_place },
      { label: 'مرکز کارشناسی', value: (o) => o.inspection_center },
      { label: 'شناسه مرکز', value: (o) => digits(o.center) },
      { label: 'تاریخ بازدید', value: (o) => (o.visit_date ? formatJalaliDate(o.visit_date) : null) },
      { label: 'بازه زمانی', value: (o) => timeSlotLabel(o.time_slot) },
      { label: 'زمان بازدید', value: (o) => (o.visit_time ? formatJalaliDateTime(o.visit_time) : null) },
    ],
  },
  {
    title: 'پیگیری',
    fields: [
      { label: 'پشتیبان', value: (o) => o.assistant_name ?? o.assistant },
      { label: 'کارشناس', value: (o) => (o.expert_id === null ? null : <ExpertOnSheet order={{ ...o, expert_id: o.expert_id }} />) },
      { label: 'مکانیک', value: (o) => o.mechanic_name },
      { label: 'متوقف تا', value: (o) => o.held_until && formatJalaliDateTime(o.held_until), hidden: (o) => o.held_until === null },
      { label: 'دلیل توقف', value: (o) => o.hold_reason, hidden: (o) => o.held_until === null },
      { label: 'لغو شده', value: (o) => yesNo(o.is_canceled) },
      { label: 'کد تخفیف بازپرداخت', value: (o) => o.discount_code && <LatinCode value={o.discount_code} />, hidden: (o) => o.discount_code === null },
      { label: 'زمان ثبت', value: (o) => formatJalaliDateTime(o.created_at) },
      { label: 'توضیحات', value: (o) => o.description },
      { label: 'یادداشت عملیات', value: (o) => o.operation_note },
    ],
  },
];

/**
 * The expert by name, linked to their row on the dispatch sheet of the visit day (the sheet's
 * search matches an expert's id exactly, so the link shows that one row).
 */
function ExpertOnSheet({ order }: { order: OrderDetail & { expert_id: number } }) {
  const name = order.expert_name ?? `کارشناس ${toPersianDigits(order.expert_id)}`;
  if (!order.visit_date) return name;
  const params = new URLSearchParams({ date: order.visit_date, q: String(order.expert_id) });
  return (
    <Link asChild variant="underline">
      <RouterLink to={`/panel/inspection/orders/management?${params}`} aria-label={`${name} در میز تخصیص روز بازدید`}>
        {name}
      </RouterLink>
    </Link>
  );
}

export function OrderDetailScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const pk = OrderPkInputSchema.safeParse({ pk: id });
  const detail = useQuery({
    ...trpc.inspectionOrders.detail.queryOptions({ pk: pk.success ? pk.data.pk : 0 }),
    enabled: pk.success,
  });
  const order = detail.data;
  // Reading an order is open to anyone signed in (spec §6); acting on it is staff work.
  const isStaff = useCan(INSPECTION_ORDERS_ACCESS.act);
  // A cancel's discount code, held here: the actions remount with the order's new state.
  const [discountCode, setDiscountCode] = useState<string | null>(null);

  return (
    <DetailPage
      back={{ label: 'بازگشت به لیست', onClick: () => navigate(-1) }}
      status={!pk.success || detail.isError ? 'missing' : order ? 'ready' : 'loading'}
      loadingText={MESSAGES.loading}
      missingText="سفارش یافت نشد."
      title={order && `سفارش ${toPersianDigits(order.code)}`}
      actions={
        order &&
        isStaff && (
          <>
            <OrderActions key={`${order.pk}:${order.state}:${order.package}`} order={order} onDiscountCode={setDiscountCode} />
            <OrderVinAction order={order} />
          </>
        )
      }
      badge={
        order && (
          <Badge size="lg" variant="subtle">
            {orderStateLabel(order.state)}
          </Badge>
        )
      }
    >
      {order && <DetailGroups item={order} groups={ORDER_GROUPS} />}
      {order && isStaff && <OrderPriceBreakdown pk={order.pk} />}
      {order && <OrderConversation pk={order.pk} />}
      {order && <OrderHistory pk={order.pk} />}
      {discountCode && <DiscountCodeDialog code={discountCode} onClose={() => setDiscountCode(null)} />}
    </DetailPage>
  );
}
