import { useState } from 'react';
import { Heading, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { MESSAGES, formatJalaliDate, formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import { LEASING_ACCESS, LEASING_CLAIM_STEPS, LeasingClaimIdInputSchema, type ClaimOfferedAction, type Instalment, type LeasingClaimDetail } from '@panel/contracts/leasing';
import { DetailGroups, DetailPage, LatinCode, type DetailGroup } from '@panel/ui';
import { useCan } from '../../../lib/session';
import { trpc, userMessage } from '../../../lib/trpc';
import { ClaimActions } from '../components/claim-actions';
import { ClaimStateBadge } from '../components/claim-columns';
import { InstalmentTable } from '../components/claim-instalments';
import { ClaimHistory } from '../components/claim-history';
import { ClaimNotes } from '../components/claim-notes';
import { ClaimPayments } from '../components/claim-payments';
import { ClaimPromises } from '../components/claim-promises';
import { ScheduleChangeDialog } from '../components/claim-schedule-dialog';
import { UnavailableActions } from '../components/offered-actions';

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

/**
 * A leasing claim (issue 30): its amounts, the instalment table with each unpaid instalment's
 * schedule change (previewed), payments with their waterfall, promises, notes and history; the
 * state moves and the payment are the gateway's offer in the actions bar (each unavailable one
 * with its reason), each confirmed.
 */
export function LeasingClaimDetailScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const parsed = LeasingClaimIdInputSchema.safeParse({ id });
  const detail = useQuery({ ...trpc.leasing.claim.queryOptions({ id: parsed.success ? parsed.data.id : 0 }), enabled: parsed.success, retry: false, meta: { silent: true } });
  const claim = detail.data;
  const canAct = useCan(LEASING_ACCESS.act);
  // Asked once the claim is found (a missing claim says so once, above).
  const offered = useQuery({ ...trpc.leasing.claimActions.queryOptions({ id: claim?.id ?? 0 }), enabled: claim !== undefined });
  const [changing, setChanging] = useState<Instalment | null>(null);
  const offerOf = (id: ClaimOfferedAction['id']) => offered.data?.find((a) => a.id === id);

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
      actions={claim && offered.data && <ClaimActions key={`${claim.id}:${claim.version}`} claim={claim} offered={offered.data} canAct={canAct} />}
    >
      {claim && (
        <>
          {canAct && offered.data && <UnavailableActions offered={offered.data} scope="claim" />}
          <DetailGroups item={claim} groups={CLAIM_GROUPS} />
          <Stack as="section" gap="2" aria-labelledby="claim-instalments">
            <Heading as="h2" size="md" id="claim-instalments">
              اقساط
            </Heading>
            {/* «تغییر» on each unpaid instalment while the gateway offers a change (its reason, when not, is listed above). */}
            <InstalmentTable instalments={claim.instalments} onChange={canAct && offerOf('change_schedule')?.available ? setChanging : undefined} />
          </Stack>
          <ClaimPayments claim={claim} />
          <ClaimPromises claim={claim} offer={canAct ? offerOf('promise') : undefined} />
          <ClaimNotes claim={claim} />
          <ClaimHistory id={claim.id} />
          <ScheduleChangeDialog claim={claim} instalment={changing} onClose={() => setChanging(null)} />
        </>
      )}
    </DetailPage>
  );
}
