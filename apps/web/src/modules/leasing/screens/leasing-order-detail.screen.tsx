import { Link, SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { MESSAGES, formatJalaliDate, formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import { LEASING_ACCESS, LEASING_ORDER_WORKFLOW, LEASING_REJECT_REASONS, LeasingOrderIdInputSchema, type LeasingOrder, type LeasingRejectReason } from '@panel/contracts/leasing';
import { DetailGroups, DetailPage, HistoryTimeline, LatinCode, actionLogEntries, type DetailGroup } from '@panel/ui';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { OrderActionButtons } from '../components/order-actions';
import { UnavailableActions } from '../components/offered-actions';
import { OrderStateBadge } from '../components/order-columns';
import { OrderFiles, OrderNotes } from '../components/order-papers';

const digits = (value: string | number) => toPersianDigits(value);

/** Every field of a leasing order, grouped as staff read one. */
const ORDER_GROUPS: DetailGroup<LeasingOrder>[] = [
  {
    title: 'مشتری',
    fields: [
      { label: 'نام', value: (o) => o.customer_name },
      { label: 'کد ملی', value: (o) => digits(o.national_id), ltr: true },
      { label: 'تلفن همراه', value: (o) => digits(o.phone_number), ltr: true },
      { label: 'شهر', value: (o) => o.city },
    ],
  },
  {
    title: 'لیزینگ و طرح',
    fields: [
      { label: 'لیزینگ', value: (o) => o.provider_name },
      { label: 'طرح', value: (o) => o.plan_name },
      { label: 'نرخ سالانه', value: (o) => `${digits(o.annual_rate)}٪` },
      { label: 'تعداد اقساط', value: (o) => `${digits(o.months)} ماه` },
    ],
  },
  {
    title: 'خودرو و مبالغ',
    fields: [
      { label: 'خودرو', value: (o) => digits(o.car_title) },
      { label: 'قیمت خودرو', value: (o) => formatToman(o.price) },
      { label: 'پیش‌پرداخت', value: (o) => formatToman(o.down_payment) },
      { label: 'مبلغ تسهیلات', value: (o) => formatToman(o.price - o.down_payment) },
      { label: 'قسط ماهانه', value: (o) => formatToman(o.monthly) },
      { label: 'جمع اقساط', value: (o) => formatToman(o.total) },
      { label: 'شروع اقساط', value: (o) => formatJalaliDate(o.start_day) },
    ],
  },
  {
    title: 'سفارش',
    fields: [
      { label: 'کد سفارش', value: (o) => <LatinCode value={o.code} /> },
      { label: 'وضعیت', value: (o) => o.state_label },
      { label: 'دلیل رد', value: (o) => o.reject_reason && (LEASING_REJECT_REASONS[o.reject_reason as LeasingRejectReason] ?? o.reject_reason), hidden: (o) => !o.reject_reason },
      {
        label: 'مطالبه',
        value: (o) =>
          o.claim_id !== null && (
            <Link asChild colorPalette="green">
              <RouterLink to={`/panel/leasing/claims/${o.claim_id}`}>{`مطالبه ${digits(o.claim_id)}`}</RouterLink>
            </Link>
          ),
        hidden: (o) => o.claim_id === null,
      },
      { label: 'ثبت‌کننده', value: (o) => o.created_by },
      { label: 'زمان ثبت', value: (o) => formatJalaliDateTime(o.created_at) },
    ],
  },
];

const HISTORY_LABELS = { workflow: LEASING_ORDER_WORKFLOW, extra: { register: 'ثبت سفارش', file: 'افزودن مدرک', note: 'یادداشت کارشناس' } };

/**
 * /panel/leasing/orders/:id (issue 30): every field, the actions the gateway offers (each with
 * why it is not available), history, documents and operator notes. The list's filter stays in
 * the address, so "back" returns to the same list.
 */
export function LeasingOrderDetailScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const canAct = useCan(LEASING_ACCESS.act);
  const parsed = LeasingOrderIdInputSchema.safeParse({ id });
  const orderId = parsed.success ? parsed.data.id : 0;
  const order = useQuery({ ...trpc.leasing.order.queryOptions({ id: orderId }), enabled: parsed.success });
  const offered = useQuery({ ...trpc.leasing.orderActions.queryOptions({ id: orderId }), enabled: parsed.success });
  const history = useQuery({ ...trpc.leasing.orderHistory.queryOptions({ id: orderId }), enabled: parsed.success });
  const o = order.data;
  return (
    <DetailPage
      back={{ label: 'بازگشت به سفارش‌های لیزینگ', onClick: () => navigate(`/panel/leasing/orders${location.search}`) }}
      status={!parsed.success || order.isError ? 'missing' : o ? 'ready' : 'loading'}
      loadingText={MESSAGES.loading}
      missingText="سفارش لیزینگ یافت نشد."
      title={o && `سفارش لیزینگ ${digits(o.code)} — ${o.customer_name}`}
      badge={o && <OrderStateBadge state={o.state} size="lg" />}
      actions={o && offered.data && <OrderActionButtons key={`${o.id}:${o.version}`} order={o} offered={offered.data} canAct={canAct} />}
    >
      {o && (
        <Stack gap="4">
          {canAct && offered.data && <UnavailableActions offered={offered.data} scope="order" />}
          <DetailGroups item={o} groups={ORDER_GROUPS} />
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4" alignItems="start">
            <OrderFiles id={o.id} canAct={canAct} />
            <OrderNotes id={o.id} canAct={canAct} />
          </SimpleGrid>
          <HistoryTimeline entries={actionLogEntries(history.data ?? [], HISTORY_LABELS)} emptyText="هنوز رویدادی ثبت نشده است." />
        </Stack>
      )}
    </DetailPage>
  );
}
