import { useState, type FormEvent } from 'react';
import { Badge, Box, Button, Field, Heading, HStack, Input, Link, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { MESSAGES, formatJalaliDateTime, toLatinDigits, toPersianDigits } from '@panel/contracts/common';
import { ASSIGNMENT_REASONS, ASSISTANT_MESSAGES, TURN_ACTIONS, type LedgerEntry, type TurnAction, type TurnLogEntry } from '@panel/contracts/inspection-assistants';
import { DataTable, tableColumns, type ListColumn } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { assistantName } from './assistant-actions';
import { BOARD_REFRESH_MS } from './assistant-board';

/** The newest rows each section shows (the gateway keeps them all). */
const LEDGER_ROWS = 50;
const ORDER_KEY = 'order';

const LEDGER_COLUMNS: ListColumn<LedgerEntry>[] = [
  { key: 'at', header: 'زمان', text: (e) => formatJalaliDateTime(e.at), width: '11rem' },
  {
    key: 'code',
    header: 'سفارش',
    text: (e) => toPersianDigits(e.code),
    render: (e) => (
      <Link asChild colorPalette="blue" textDecoration="underline">
        <RouterLink to={`/panel/inspection/orders/${e.inspection_id}`}>{toPersianDigits(e.code)}</RouterLink>
      </Link>
    ),
  },
  { key: 'assistant', header: 'دستیار', text: (e) => e.assistant_name || e.assistant || '—' },
  { key: 'reason', header: 'دلیل', text: (e) => ASSIGNMENT_REASONS[e.reason], render: (e) => <Badge variant="subtle">{ASSIGNMENT_REASONS[e.reason]}</Badge> },
  { key: 'explanation', header: 'چرا', text: (e) => e.explanation },
];

const logColumns = (names: Map<string, string>): ListColumn<TurnLogEntry>[] => [
  { key: 'at', header: 'زمان', text: (e) => formatJalaliDateTime(e.at), width: '11rem' },
  { key: 'actor', header: 'انجام‌دهنده', text: (e) => e.actor_fullname || e.actor_username },
  { key: 'action', header: 'کار', text: (e) => TURN_ACTIONS[e.action as TurnAction] ?? e.action },
  { key: 'assistant', header: 'دستیار', text: (e) => (e.assistant ? (names.get(e.assistant) ?? e.assistant) : 'همه دستیاران') },
  { key: 'moved', header: 'سفارش جابه‌جاشده', text: (e) => toPersianDigits(e.moved), align: 'end' },
  { key: 'reason', header: 'دلیل', text: (e) => e.reason || '—' },
];

/**
 * The turn ledger: "why did this assistant get order N" in Persian, for the newest assignments or
 * for one order by its code (kept in the address as `?order=`, so a link can ask it).
 */
export function TurnLedger() {
  const [params, setParams] = useSearchParams();
  const code = params.get(ORDER_KEY) ?? '';
  const [typed, setTyped] = useState(toPersianDigits(code));
  const valid = /^\d{0,20}$/.test(toLatinDigits(typed.trim()));
  const ledger = useQuery({ ...trpc.inspectionAssistants.ledger.queryOptions({ limit: LEDGER_ROWS, ...(code ? { code } : {}) }), placeholderData: keepPreviousData, refetchInterval: BOARD_REFRESH_MS });
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const next = new URLSearchParams(params);
    const latin = toLatinDigits(typed.trim());
    if (latin) next.set(ORDER_KEY, latin);
    else next.delete(ORDER_KEY);
    setParams(next);
  };
  return (
    <Box as="section" aria-labelledby="ledger-heading" mt="8">
      <Heading as="h2" size="md" id="ledger-heading" mb="2">
        دفتر نوبت
      </Heading>
      <form onSubmit={search} role="search" aria-label="جستجوی دفتر نوبت">
        <HStack align="end" gap="2" mb="3" wrap="wrap">
          <Field.Root invalid={!valid} width="14rem">
            <Field.Label>کد سفارش</Field.Label>
            <Input value={typed} onChange={(e) => setTyped(e.target.value)} inputMode="numeric" placeholder="مثلا ۱۰۰۰۰۲۸" />
            {!valid && <Field.ErrorText>{ASSISTANT_MESSAGES.code}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" size="sm" variant="outline">
            نشان بده
          </Button>
          {code && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setTyped('');
                const next = new URLSearchParams(params);
                next.delete(ORDER_KEY);
                setParams(next);
              }}
            >
              همه سفارش‌ها
            </Button>
          )}
        </HStack>
      </form>
      {ledger.isError && (
        <Text role="alert" color="fg.error">
          دفتر نوبت بارگذاری نشد.
        </Text>
      )}
      <DataTable
        label="دفتر نوبت"
        columns={tableColumns(LEDGER_COLUMNS)}
        rows={ledger.data ?? []}
        rowKey={(e) => String(e.id)}
        loading={ledger.isPending}
        loadingText={MESSAGES.loading}
        emptyText={code ? `برای سفارش ${toPersianDigits(code)} تخصیصی ثبت نشده است.` : 'هنوز تخصیصی ثبت نشده است.'}
      />
      {!code && (ledger.data?.length ?? 0) > 0 && <Text textStyle="xs" color="fg.muted" mt="1">{`${toPersianDigits(LEDGER_ROWS)} تخصیص تازه؛ برای سفارشی دیگر کد آن را بنویسید.`}</Text>}
    </Box>
  );
}

/** The change log of turn-assign: who, when, what, to whom, how many orders moved. */
export function TurnChanges() {
  const changes = useQuery({ ...trpc.inspectionAssistants.changes.queryOptions(), refetchInterval: BOARD_REFRESH_MS });
  const board = useQuery({ ...trpc.inspectionAssistants.board.queryOptions(), refetchInterval: BOARD_REFRESH_MS });
  const names = new Map((board.data?.results ?? []).map((a) => [a.username, assistantName(a)]));
  return (
    <Box as="section" aria-labelledby="changes-heading" mt="8">
      <Heading as="h2" size="md" id="changes-heading" mb="2">
        سابقه تغییرهای نوبت‌دهی
      </Heading>
      {changes.isError && (
        <Text role="alert" color="fg.error">
          سابقه تغییرها بارگذاری نشد.
        </Text>
      )}
      <DataTable label="سابقه تغییرهای نوبت‌دهی" columns={tableColumns(logColumns(names))} rows={changes.data ?? []} rowKey={(e) => String(e.id)} loading={changes.isPending} loadingText={MESSAGES.loading} emptyText="هنوز تغییری ثبت نشده است." />
    </Box>
  );
}
