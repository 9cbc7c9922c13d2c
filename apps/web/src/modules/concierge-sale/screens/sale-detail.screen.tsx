import type { ReactNode } from 'react';
import { Link as ChakraLink, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { MESSAGES, formatJalaliDate, formatJalaliDateTime, formatNumber, formatMileage, formatToman, toPersianDigits } from '@panel/contracts/common';
import { APPLICANT_TYPES, DEAL_STATES, HEALTH_STATES, PAYMENT_STATUSES, PAYMENT_TYPES, SALE_PLANS, SALE_WORKFLOW, SaleIdInputSchema, type ConciergeSaleDetail, type DocumentFile } from '@panel/contracts/concierge-sale';
import { actionLogEntries, type DetailGroup, DetailGroups, DetailPage, HistoryTimeline, LatinCode } from '@panel/ui';
import { trpc, userMessage } from '../../../lib/trpc';
import { SaleActions } from '../components/sale-actions';
import { SaleStateBadge } from '../components/sale-columns';

const yesNo = (value: boolean) => (value ? 'بله' : 'خیر');
const toman = (value: number | null) => (value === null ? null : formatToman(value));
const percent = (value: number | null) => (value === null ? '' : ` (${formatNumber(value)}٪)`);
const parts = (list: string[]) => (list.length ? list.join('، ') : 'ندارد');

function Lines({ items, empty = 'ندارد' }: { items: ReactNode[]; empty?: string }) {
  if (items.length === 0) return <>{empty}</>;
  return (
    <List.Root gap="1" ps="4">
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List.Root>
  );
}

/** A link a person opens or copies as it is: deliberately Latin (the digit walker's `data-ltr`). */
const external = (href: string | null, text?: string | null) =>
  href ? (
    <ChakraLink href={href} target="_blank" rel="noreferrer" color="fg.info" dir={text ? undefined : 'ltr'} data-ltr={text ? undefined : ''}>
      {text ? toPersianDigits(text) : href}
    </ChakraLink>
  ) : null;
/** A code copied into another system (a post token, a warranty number): kept as it is. */
const code = (text: string | null) => (text ? <LatinCode value={text} /> : null);

const documents = (files: DocumentFile[]) => <Lines items={files.map((f) => external(f.url, f.name))} />;

/** Every field of spec §3's concierge sale detail, grouped the way a person reads a sale. */
const SALE_GROUPS: DetailGroup<ConciergeSaleDetail>[] = [
  {
    title: 'متقاضی و تماس',
    fields: [
      { label: 'نام متقاضی', value: (s) => s.applicant_full_name },
      { label: 'نوع متقاضی', value: (s) => APPLICANT_TYPES[s.applicant_type as keyof typeof APPLICANT_TYPES] ?? s.applicant_type },
      { label: 'شماره تماس', value: (s) => toPersianDigits(s.phone_number), ltr: true },
      { label: 'شهر', value: (s) => s.city },
      { label: 'شهر تحت پوشش', value: (s) => yesNo(s.available_city) },
      { label: 'نشانی', value: (s) => s.address },
      { label: 'کد فروش', value: (s) => code(s.token), ltr: true },
      { label: 'شناسه', value: (s) => toPersianDigits(s.id) },
      { label: 'زمان ثبت', value: (s) => formatJalaliDateTime(s.created_at) },
      { label: 'طرح فروش', value: (s) => (s.plan ? (SALE_PLANS[s.plan as keyof typeof SALE_PLANS] ?? s.plan) : null) },
      { label: 'فروش فوری', value: (s) => yesNo(s.is_quick_sale) },
      { label: 'امکان لیزینگ', value: (s) => yesNo(s.is_leasing_available) },
      { label: 'شناسه سوییچ معرف', value: (s) => (s.reagent_switch_id ? toPersianDigits(s.reagent_switch_id) : null) },
    ],
  },
  {
    title: 'خودرو',
    fields: [
      { label: 'برند و مدل', value: (s) => s.car_brand_model },
      { label: 'سال ساخت', value: (s) => toPersianDigits(s.car_brand_model_year) },
      { label: 'کارکرد', value: (s) => formatMileage(s.usage) },
      { label: 'رنگ', value: (s) => s.car_color },
      { label: 'امکانات', value: (s) => (s.car_options.length ? s.car_options.join('، ') : 'ندارد') },
    ],
  },
  {
    title: 'سلامت خودرو',
    fields: [
      { label: 'وضعیت سلامت', value: (s) => (s.health_state ? (HEALTH_STATES[s.health_state as keyof typeof HEALTH_STATES] ?? s.health_state) : null) },
      { label: 'شرح سلامت خودرو', value: (s) => s.car_health_description },
      { label: 'توضیح سلامت', value: (s) => s.health_info.description },
      { label: 'جزئیات سلامت', value: (s) => <Lines items={Object.entries(s.health_info.health_detail).map(([part, state]) => `${part}: ${state}`)} /> },
      { label: 'رنگ‌شدگی', value: (s) => `${yesNo(s.is_painted)} — ${parts(s.painted_parts)}` },
      { label: 'آسیب‌دیدگی', value: (s) => `${yesNo(s.is_damaged)} — ${parts(s.damaged_parts)}` },
      { label: 'تعویض', value: (s) => `${yesNo(s.is_changed)} — ${parts(s.changed_parts)}` },
      { label: 'صافکاری', value: (s) => `${yesNo(s.is_smoothed)} — ${parts(s.smoothed_parts)}` },
      {
        label: 'کارشناسی‌ها',
        value: (s) => <Lines items={s.inspections.map((i) => <>{code(i.token)} — {formatJalaliDate(i.created_at)} {external(i.report_url, 'گزارش')}</>)} />,
      },
      { label: 'هزینه کارشناسی', value: (s) => toman(s.inspection_price) },
    ],
  },
  {
    title: 'قیمت‌گذاری',
    fields: [
      { label: 'قیمت درخواستی', value: (s) => toman(s.price) },
      { label: 'کف قیمت', value: (s) => toman(s.min_price) },
      { label: 'سقف قیمت', value: (s) => toman(s.max_price) },
      { label: 'توضیح قیمت‌گذاری', value: (s) => s.pricing_description },
      { label: 'کارشناس قیمت', value: (s) => s.price_expert?.name },
      { label: 'اقلام قیمت‌گذاری', value: (s) => <Lines items={s.pricing_items.map((i) => `${i.title}: ${formatToman(i.price)}`)} /> },
      {
        label: 'توافق‌های قیمت',
        value: (s) => <Lines items={s.price_agreements.map((a) => `${formatToman(a.price)} — ${formatJalaliDate(a.created_at)}${a.description ? ` — ${a.description}` : ''}`)} />,
      },
    ],
  },
  {
    title: 'افراد',
    fields: [
      { label: 'ناظر', value: (s) => (s.supervisor ? `${s.supervisor.first_name} ${s.supervisor.last_name}` : null) },
      { label: 'کارشناس فروش', value: (s) => s.sales_expert?.name },
      { label: 'تلفن کارشناس فروش', value: (s) => (s.sales_expert?.phone_number ? toPersianDigits(s.sales_expert.phone_number) : null), ltr: true },
      { label: 'شناسه سوییچ کارشناس', value: (s) => (s.sales_expert?.switch_user_id ? toPersianDigits(s.sales_expert.switch_user_id) : null) },
      // A person is named as people know them; the username is the gateway's key, not a name.
      { label: 'پیگیری‌کننده', value: (s) => s.follower?.name },
      { label: 'ارسال‌کننده به پیشنهاد', value: (s) => s.offer_supervisor },
    ],
  },
  {
    title: 'آگهی‌ها',
    fields: [
      { label: 'در پیشنهاد خریداران', value: (s) => yesNo(s.is_count_in_offer) },
      { label: 'توکن آگهی', value: (s) => code(s.car_post_token), ltr: true },
      { label: 'لینک آگهی', value: (s) => external(s.car_post_link) },
      { label: 'توکن آگهی دیوار', value: (s) => code(s.divar_post_token), ltr: true },
      { label: 'لینک آگهی دیوار', value: (s) => external(s.divar_post_link) },
    ],
  },
  {
    title: 'معامله',
    fields: [
      { label: 'دارای معامله', value: (s) => yesNo(s.has_deal) },
      { label: 'شماره معامله', value: (s) => (s.deal_id === null ? null : toPersianDigits(s.deal_id)) },
      { label: 'وضعیت معامله', value: (s) => (s.deal_state ? DEAL_STATES[s.deal_state] : null) },
      { label: 'خریدار', value: (s) => s.deal_buyer_name },
      { label: 'تلفن خریدار', value: (s) => (s.deal_buyer_phone_number ? toPersianDigits(s.deal_buyer_phone_number) : null), ltr: true },
      { label: 'تاریخ معامله', value: (s) => (s.deal_date ? formatJalaliDate(s.deal_date) : null) },
      { label: 'مبلغ معامله', value: (s) => toman(s.deal_price) },
      { label: 'توضیح معامله', value: (s) => s.deal_description },
      { label: 'کمیسیون فروش همراه', value: (s) => (s.sale_concierge_commission === null ? null : `${formatToman(s.sale_concierge_commission)}${percent(s.sale_concierge_commission_percent)}`) },
      { label: 'کمیسیون خرید همراه', value: (s) => (s.buy_concierge_commission === null ? null : `${formatToman(s.buy_concierge_commission)}${percent(s.buy_concierge_commission_percent)}`) },
      { label: 'کمیسیون محصول (کل)', value: (s) => toman(s.product_commission) },
      { label: 'مدل مالی جدید', value: (s) => yesNo(s.is_new_financial_model) },
      { label: 'گارانتی', value: (s) => yesNo(s.is_warrantied) },
      { label: 'شماره گارانتی', value: (s) => code(s.warranty_number), ltr: true },
      { label: 'شماره رسید کارتخوان', value: (s) => (s.pos_receipt_number ? toPersianDigits(s.pos_receipt_number) : null), ltr: true },
    ],
  },
  {
    title: 'پرداخت‌ها و مدارک',
    fields: [
      {
        label: 'پرداخت‌ها',
        value: (s) => (
          <Lines
            items={s.payments_list.map(
              (p) =>
                `${PAYMENT_TYPES[p.type as keyof typeof PAYMENT_TYPES] ?? p.type}: ${formatToman(p.amount)} — ${PAYMENT_STATUSES[p.status as keyof typeof PAYMENT_STATUSES] ?? p.status}${p.paid_at ? ` — ${formatJalaliDate(p.paid_at)}` : ''}`,
            )}
          />
        ),
      },
      { label: 'قولنامه', value: (s) => documents(s.affidavit_documents.affidavit) },
      { label: 'رسید پرداخت', value: (s) => documents(s.affidavit_documents.payment_receipt) },
      { label: 'سایر مدارک', value: (s) => documents(s.affidavit_documents.other) },
    ],
  },
  {
    title: 'یادداشت‌ها',
    fields: [
      { label: 'یادداشت اپراتور', value: (s) => s.operator_note },
      { label: 'توضیحات', value: (s) => s.description },
      { label: 'لغو شده', value: (s) => yesNo(s.is_canceled) },
      { label: 'دلیل لغو', value: (s) => s.cancel_reason_types.map((r) => r.label).join('، '), hidden: (s) => !s.is_canceled },
      {
        label: 'یادداشت‌ها',
        value: (s) => (
          <Stack gap="2">
            {s.notes.length === 0
              ? 'ندارد'
              : s.notes.map((n) => (
                  <Text key={n.id}>
                    {n.content}{' '}
                    <Text as="span" color="fg.muted" fontSize="sm">
                      ({n.author}، {formatJalaliDateTime(n.created_at)})
                    </Text>
                  </Text>
                ))}
          </Stack>
        ),
      },
    ],
  },
];

const EXTRA_LABELS: Record<string, string> = { create: 'ثبت فروش' };

function SaleHistory({ id }: { id: number }) {
  const log = useQuery(trpc.conciergeSale.actionLog.queryOptions({ id }));
  return (
    <HistoryTimeline
      title="تاریخچه فروش"
      emptyText={log.isPending ? MESSAGES.loading : 'هنوز کاری روی این فروش ثبت نشده است.'}
      entries={actionLogEntries(log.data ?? [], { workflow: SALE_WORKFLOW, extra: EXTRA_LABELS })}
    />
  );
}

/** The concierge sale detail (spec §2's implied screen): every §3 field, the actions the state allows, the history. */
export function SaleDetailScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const parsed = SaleIdInputSchema.safeParse({ id });
  // Silent: the page itself says why the sale is not shown (a sales expert opening another's
  // sale reads the gateway's refusal in place of the sale), so the global toast would say it twice.
  const detail = useQuery({ ...trpc.conciergeSale.detail.queryOptions({ id: parsed.success ? parsed.data.id : 0 }), enabled: parsed.success, retry: false, meta: { silent: true } });
  const sale = detail.data;

  return (
    <DetailPage
      back={{ label: 'بازگشت به فروش همراه', onClick: () => navigate('/panel/concierge-sale') }}
      status={!parsed.success || detail.isError ? 'missing' : sale ? 'ready' : 'loading'}
      loadingText={MESSAGES.loading}
      missingText={detail.error ? userMessage(detail.error) : 'فروش یافت نشد.'}
      title={sale && toPersianDigits(`فروش ${sale.car_brand_model} — ${sale.applicant_full_name}`)}
      badge={sale && <SaleStateBadge state={sale.status} size="lg" />}
      actions={sale && <SaleActions key={`${sale.id}:${sale.version}`} sale={sale} />}
    >
      {sale && <DetailGroups item={sale} groups={SALE_GROUPS} />}
      {sale && <SaleHistory id={sale.id} />}
    </DetailPage>
  );
}
