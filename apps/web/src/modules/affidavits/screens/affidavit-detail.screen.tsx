import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { MESSAGES, formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import { AFFIDAVIT_WORKFLOW, AFFIDAVITS_ACCESS, AffidavitIdInputSchema, type AffidavitDetail } from '@panel/contracts/affidavits';
import { DetailGroups, DetailPage, HistoryTimeline, actionLogEntries, type DetailGroup } from '@panel/ui';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { AffidavitActions } from '../components/affidavit-actions';
import { AffidavitDocuments, AffidavitLinks } from '../components/affidavit-documents';
import { AffidavitStateBadge } from '../components/affidavits-columns';

const digits = (value: string | number) => toPersianDigits(value);

/** Every field of an affidavit, grouped as staff read one. */
const GROUPS: DetailGroup<AffidavitDetail>[] = [
  {
    title: 'خریدار',
    fields: [
      { label: 'نام', value: (a) => a.buyer_name },
      { label: 'تلفن همراه', value: (a) => digits(a.buyer_phone), ltr: true },
    ],
  },
  {
    title: 'فروشنده',
    fields: [
      { label: 'نام', value: (a) => a.seller_name },
      { label: 'تلفن همراه', value: (a) => digits(a.seller_phone), ltr: true },
    ],
  },
  {
    title: 'خودرو و مبالغ',
    fields: [
      { label: 'خودرو', value: (a) => digits(a.car_title) },
      { label: 'سال ساخت', value: (a) => digits(a.car_year) },
      { label: 'شهر', value: (a) => a.city },
      { label: 'قیمت توافقی', value: (a) => formatToman(a.price) },
      { label: 'کارمزد', value: (a) => (a.fee === null ? 'هنوز محاسبه نشده است' : formatToman(a.fee)) },
    ],
  },
  {
    title: 'قولنامه',
    fields: [
      { label: 'شماره', value: (a) => digits(a.id) },
      { label: 'وضعیت', value: (a) => a.state_label },
      { label: 'فروش همراه', value: (a) => a.concierge_sale_id !== null && digits(a.concierge_sale_id), hidden: (a) => a.concierge_sale_id === null },
      { label: 'زمان خرید', value: (a) => a.purchased_at && formatJalaliDateTime(a.purchased_at), hidden: (a) => a.purchased_at === null },
      { label: 'ثبت‌کننده', value: (a) => a.created_by },
      { label: 'زمان ثبت', value: (a) => formatJalaliDateTime(a.created_at) },
    ],
  },
];

const HISTORY_LABELS = { workflow: AFFIDAVIT_WORKFLOW, extra: { add: 'ثبت قولنامه', document: 'افزودن مدرک' } };

/**
 * /panel/affidavit/:id (issue 31): every field, the actions the state table allows, the document
 * checklist and documents with their checksums, the links sent, and the history. The list's
 * filter stays in the address, so "back" returns to the same list.
 */
export function AffidavitDetailScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const canAct = useCan(AFFIDAVITS_ACCESS.act);
  const parsed = AffidavitIdInputSchema.safeParse({ id });
  const affidavitId = parsed.success ? parsed.data.id : 0;
  const detail = useQuery({ ...trpc.affidavits.detail.queryOptions({ id: affidavitId }), enabled: parsed.success });
  const history = useQuery({ ...trpc.affidavits.history.queryOptions({ id: affidavitId }), enabled: parsed.success });
  const a = detail.data;
  return (
    <DetailPage
      back={{ label: 'بازگشت به لیست قولنامه‌ها', onClick: () => navigate(`/panel/affidavit${location.search}`) }}
      status={!parsed.success || detail.isError ? 'missing' : a ? 'ready' : 'loading'}
      loadingText={MESSAGES.loading}
      missingText="قولنامه یافت نشد."
      title={a && `قولنامه ${digits(a.id)} — ${digits(a.car_title)}`}
      badge={a && <AffidavitStateBadge state={a.state} size="lg" />}
      actions={a && canAct && <AffidavitActions key={`${a.id}:${a.version}`} affidavit={a} />}
    >
      {a && (
        <Stack gap="4">
          <DetailGroups item={a} groups={GROUPS} />
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4" alignItems="start">
            <AffidavitDocuments affidavit={a} canAct={canAct} />
            <AffidavitLinks affidavit={a} />
          </SimpleGrid>
          <HistoryTimeline entries={actionLogEntries(history.data ?? [], HISTORY_LABELS)} emptyText="هنوز رویدادی ثبت نشده است." />
        </Stack>
      )}
    </DetailPage>
  );
}
