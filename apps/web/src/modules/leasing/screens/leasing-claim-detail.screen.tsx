import { useState } from 'react';
import { Heading, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { MESSAGES, formatJalaliDate, formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import { LEASING_CLAIM_STEPS, LEASING_CLAIM_WORKFLOW, LeasingClaimIdInputSchema, type Instalment, type LeasingClaimDetail } from '@panel/contracts/leasing';
import { actionLogEntries, DetailGroups, DetailPage, HistoryTimeline, LatinCode, type DetailGroup } from '@panel/ui';
import { trpc, userMessage } from '../../../lib/trpc';
import { ClaimActions } from '../components/claim-actions';
import { ClaimStateBadge } from '../components/claim-columns';
import { InstalmentTable } from '../components/claim-instalments';
import { ClaimNotes } from '../components/claim-notes';
import { ClaimPayments } from '../components/claim-payments';
import { ClaimPromises } from '../components/claim-promises';
import { ScheduleChangeDialog } from '../components/claim-schedule-dialog';

const CLAIM_GROUPS: DetailGroup<LeasingClaimDetail>[] = [
  {
    title: 'مشتری و سفارش',
    fields: [
      { label: 'مشتری', value: (c) => c.customer_name },
      { label: 'تلفن', value: (c) => toPersianDigits(c.phone_number), ltr: true },
      { label: 'لیزینگ', value: (c) => c.provider_name },
      {
        label: 'سفارش لیزینگ',
        value: (c) => (
          <ChakraLink asChild color="fg.info">
            <Link to={`/panel/leasing/orders?search=${encodeURIComponent(c.order_code)}`}>
              <LatinCode value={c.order_code} />
            </Link>
          </ChakraLink>
        ),
      },
      { label: 'مرحله پیگیری', value: (c) => (c.step ? LEASING_CLAIM_STEPS[c.step] : null) },
      { label: 'تشکیل مطالبه', value: (c) => formatJalaliDateTime(c.created_at) },
    ],
  },
  {
    title: 'مبالغ',
    fields: [
      { label: 'مبلغ کل', value: (c) => formatToman(c.total) },
      { label: 'پرداخت‌شده', value: (c) => formatToman(c.paid) },
      { label: 'مانده بدهی', value: (c) => <strong data-testid="claim-balance">{formatToman(c.balance)}</strong> },
      { label: 'معوق', value: (c) => (c.overdue_amount > 0 ? formatToman(c.overdue_amount) : 'ندارد') },
      { label: 'سررسید بعدی', value: (c) => (c.next_due_date ? formatJalaliDate(c.next_due_date) : 'ندارد') },
    ],
  },
];

/** What the claim's log holds beyond its state table. */
const EXTRA_LABELS: Record<string, string> = {
  create: 'تشکیل مطالبه',
  payment: 'ثبت پرداخت',
  postpone: 'تعویق قسط',
  change_due_date: 'تغییر سررسید قسط',
  change_amount: 'تغییر مبلغ قسط',
  note: 'یادداشت',
  promise: 'قول پرداخت',
  promise_kept: 'قول پرداخت عمل شد',
  promise_broken: 'قول پرداخت عمل نشد',
};

function ClaimHistory({ id }: { id: number }) {
  const log = useQuery(trpc.leasing.claimHistory.queryOptions({ id }));
  return (
    <HistoryTimeline
      title="تاریخچه مطالبه"
      emptyText={log.isPending ? MESSAGES.loading : 'هنوز کاری روی این مطالبه ثبت نشده است.'}
      entries={actionLogEntries(log.data ?? [], { workflow: LEASING_CLAIM_WORKFLOW, extra: EXTRA_LABELS })}
    />
  );
}

/**
 * A leasing claim (issue 30): its amounts, the instalment table with each unpaid instalment's
 * schedule change (previewed), payments with their waterfall, promises, notes and history; the
 * state moves and the payment are in the actions bar, each confirmed.
 */
export function LeasingClaimDetailScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const parsed = LeasingClaimIdInputSchema.safeParse({ id });
  const detail = useQuery({ ...trpc.leasing.claim.queryOptions({ id: parsed.success ? parsed.data.id : 0 }), enabled: parsed.success, retry: false, meta: { silent: true } });
  const claim = detail.data;
  const [changing, setChanging] = useState<Instalment | null>(null);

  return (
    <DetailPage
      back={{ label: 'بازگشت به مطالبات', onClick: () => navigate(`/panel/leasing/claims${location.search}`) }}
      status={!parsed.success || detail.isError ? 'missing' : claim ? 'ready' : 'loading'}
      loadingText={MESSAGES.loading}
      missingText={detail.error ? userMessage(detail.error) : 'مطالبه یافت نشد.'}
      title={
        claim && (
          <>
            مطالبه <LatinCode value={claim.order_code} /> — {claim.customer_name}
          </>
        )
      }
      badge={claim && <ClaimStateBadge state={claim.state} size="lg" />}
      actions={claim && <ClaimActions key={`${claim.id}:${claim.version}`} claim={claim} />}
    >
      {claim && (
        <>
          <DetailGroups item={claim} groups={CLAIM_GROUPS} />
          <Stack as="section" gap="2" aria-labelledby="claim-instalments">
            <Heading as="h2" size="md" id="claim-instalments">
              اقساط
            </Heading>
            <InstalmentTable instalments={claim.instalments} onChange={claim.state === 'settled' ? undefined : setChanging} />
          </Stack>
          <ClaimPayments claim={claim} />
          <ClaimPromises claim={claim} />
          <ClaimNotes claim={claim} />
          <ClaimHistory id={claim.id} />
          <ScheduleChangeDialog claim={claim} instalment={changing} onClose={() => setChanging(null)} />
        </>
      )}
    </DetailPage>
  );
}
