import { Alert, Box, Button, HStack, Link, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import {
  BANK_ANSWERS,
  PARTY_ROLES,
  REFUND_STATES,
  REFUND_WORKFLOW,
  TRANSACTIONS_ACCESS,
  TRANSACTION_KINDS,
  type Refund,
  type RefundAction,
  type RefundOutcome,
  type TransactionDetail,
} from '@panel/contracts/transactions';
import { DetailGroups, HistoryTimeline, EntityDrawer, WorkflowActions, actionLogEntries, notify, type DetailGroup } from '@panel/ui';
import { useCan, useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { actionCall, useActionCalls } from '../../../lib/workflow-calls';
import { RefundRequest } from './refund-request';
import { overdueText, waitedText } from './refund-timing';
import { EntityLink, signedAmount, stateText } from './transactions-columns';

/** A bank's number in Persian digits; a code (a discount code, a receipt with letters) as it is. */
const referenceText = (reference: string) => (/^\d+$/.test(reference) ? toPersianDigits(reference) : reference);

const GROUPS: DetailGroup<TransactionDetail>[] = [
  {
    title: 'تراکنش',
    fields: [
      { label: 'نوع', value: (t) => TRANSACTION_KINDS[t.kind] },
      { label: 'مبلغ', value: signedAmount },
      { label: 'وضعیت', value: stateText },
      { label: 'زمان', value: (t) => formatJalaliDateTime(t.created_at) },
      { label: 'شماره پیگیری / مرجع', value: (t) => t.reference && referenceText(t.reference), ltr: true, hidden: (t) => t.reference === null },
      { label: 'شرح', value: (t) => toPersianDigits(t.description), hidden: (t) => !t.description },
    ],
  },
  {
    title: 'طرف حساب',
    fields: [
      { label: 'نام', value: (t) => `${t.party_name} (${PARTY_ROLES[t.party_role]})` },
      { label: 'تلفن', value: (t) => t.party_phone && toPersianDigits(t.party_phone), ltr: true, hidden: (t) => t.party_phone === null },
      { label: 'مربوط به', value: (t) => <EntityLink row={t} /> },
    ],
  },
];

const REFUND_GROUP: DetailGroup<Refund>[] = [
  {
    title: 'بازگشت وجه نزد بانک',
    fields: [
      { label: 'وضعیت بانک', value: (r) => REFUND_STATES[r.state] },
      { label: 'چرا هنوز تمام نشده', value: (r) => r.pending_reason, hidden: (r) => r.pending_reason === null },
      { label: 'در انتظار از', value: (r) => `${formatJalaliDateTime(r.requested_at)} (${waitedText(r.requested_at)})`, hidden: (r) => r.finished_at !== null },
      { label: 'حساب مقصد', value: (r) => r.target, ltr: true },
      { label: 'کد پیگیری بانک', value: (r) => r.trace_number && toPersianDigits(r.trace_number), ltr: true, hidden: (r) => r.trace_number === null },
      { label: 'آخرین پاسخ بانک', value: (r) => (r.last_answer ? `${BANK_ANSWERS[r.last_answer]}${r.bank_note ? ` — ${r.bank_note}` : ''}` : '—') },
      { label: 'آخرین بررسی', value: (r) => (r.last_checked_at ? formatJalaliDateTime(r.last_checked_at) : 'هنوز بررسی نشده') },
      { label: 'تلاش', value: (r) => toPersianDigits(r.attempts) },
      { label: 'پایان', value: (r) => r.finished_at && formatJalaliDateTime(r.finished_at), hidden: (r) => r.finished_at === null },
      { label: 'درخواست', value: (r) => `${toPersianDigits(r.reason)} — ${r.created_by}` },
    ],
  },
];

const HISTORY_LABELS = { workflow: REFUND_WORKFLOW, extra: { request: 'درخواست بازگشت وجه', check: 'بررسی وضعیت نزد بانک' } };

/** A refund's check at the bank (staff) and its supervisor's retry or cancel, by the declared table. */
function RefundActions({ refund }: { refund: Refund }) {
  const roles = useRoles();
  const queryClient = useQueryClient();
  const canCheck = useCan(TRANSACTIONS_ACCESS.check);
  const done = (outcome: RefundOutcome) => {
    notify(outcome.message, outcome.state === 'failed' ? 'warning' : 'success');
    void queryClient.invalidateQueries();
  };
  // A refused check (a stale version, a refund at its end) shows the refund as it is now.
  const refresh = () => void queryClient.invalidateQueries();
  const check = useMutation(trpc.transactions.checkRefund.mutationOptions({ onSuccess: done, onError: refresh }));
  const step = (action: 'retry' | 'cancel') => actionCall(trpc.transactions.stepRefund, (reason) => ({ id: refund.id, version: refund.version, action, reason }));
  const run = useActionCalls<RefundAction, RefundOutcome>({ submit: null, settle: null, fail: null, retry: step('retry'), cancel: step('cancel') }, { onSuccess: done, onError: refresh });
  const checkable = refund.state === 'requested' || refund.state === 'sent';
  return (
    <HStack gap="2" flexWrap="wrap" role="group" aria-label="اقدام‌های بازگشت وجه">
      {canCheck && checkable && (
        <Button colorPalette="green" loading={check.isPending} onClick={() => check.mutate({ id: refund.id, version: refund.version })}>
          بررسی وضعیت نزد بانک
        </Button>
      )}
      <WorkflowActions workflow={REFUND_WORKFLOW} state={refund.state} roles={roles} onRun={run} except={['submit', 'settle', 'fail']} destructive={['cancel', 'retry']} reasonLabels={{ cancel: 'دلیل لغو' }} />
    </HStack>
  );
}

function GivenBack({ row, onOpen }: { row: TransactionDetail; onOpen: (id: number) => void }) {
  if (row.refunds.length === 0) return null;
  return (
    <Box as="section" aria-label="بازگشت‌های وجه این پرداخت" overflowX="auto">
      <Text fontWeight="bold" mb="1">
        بازگشت‌های وجه این پرداخت
      </Text>
      <Table.Root size="sm" aria-label="بازگشت‌های وجه این پرداخت">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>زمان درخواست</Table.ColumnHeader>
            <Table.ColumnHeader>مبلغ</Table.ColumnHeader>
            <Table.ColumnHeader>وضعیت</Table.ColumnHeader>
            <Table.ColumnHeader>کد پیگیری</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {row.refunds.map((r) => (
            <Table.Row key={r.id}>
              <Table.Cell>
                {r.transaction_row === null ? (
                  formatJalaliDateTime(r.requested_at)
                ) : (
                  <Button variant="plain" colorPalette="green" size="sm" px="0" onClick={() => onOpen(r.transaction_row!)}>
                    {formatJalaliDateTime(r.requested_at)}
                  </Button>
                )}
              </Table.Cell>
              <Table.Cell>{formatToman(r.amount)}</Table.Cell>
              <Table.Cell>{REFUND_STATES[r.state]}</Table.Cell>
              <Table.Cell dir="ltr" textAlign="right">
                {r.trace_number ? toPersianDigits(r.trace_number) : '—'}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** One row of the ledger: its facts, the entity's link, its bank refund followed to its end, a refund of it, and the history. */
export function TransactionDrawer({ id, onClose, onOpen }: { id: number | null; onClose: () => void; onOpen: (id: number) => void }) {
  const canRefund = useCan(TRANSACTIONS_ACCESS.supervise);
  const detail = useQuery({ ...trpc.transactions.detail.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const history = useQuery({ ...trpc.transactions.history.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const row = detail.data?.id === id ? detail.data : undefined;
  return (
    <EntityDrawer open={id !== null} onClose={onClose} entity={row} noun="تراکنش" title={(r) => `${TRANSACTION_KINDS[r.kind]} — ${r.party_name}`} state={stateText} width={80} gap="4">
      {(row) => (
        <>
          {row.refund?.overdue && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{overdueText(row.refund.requested_at)}</Alert.Title>
            </Alert.Root>
          )}
          {row.refund && <RefundActions key={`${row.refund.id}:${row.refund.version}`} refund={row.refund} />}
          <DetailGroups item={row} groups={GROUPS} columns={1} size="sm" />
          {row.refund && <DetailGroups item={row.refund} groups={REFUND_GROUP} columns={1} size="sm" />}
          {row.refunds_row !== null && (
            <Link colorPalette="green" asChild>
              <RouterLink to="#" onClick={(e) => { e.preventDefault(); onOpen(row.refunds_row!); }}>
                پرداختی که این بازگشت وجه از آن است
              </RouterLink>
            </Link>
          )}
          <GivenBack row={row} onOpen={onOpen} />
          {canRefund && row.refundable > 0 && <RefundRequest key={`${row.id}:${row.refundable}`} row={row} onRequested={onOpen} />}
          <HistoryTimeline title="تاریخچه بازگشت وجه" entries={actionLogEntries(history.data ?? [], HISTORY_LABELS)} emptyText="رویدادی برای این تراکنش ثبت نشده است." />
        </>
      )}
    </EntityDrawer>
  );
}
