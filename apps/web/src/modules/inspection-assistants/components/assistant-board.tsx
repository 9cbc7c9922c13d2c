import { useState } from 'react';
import { Badge, Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LuScale } from 'react-icons/lu';
import { MESSAGES, formatJalaliDateTime, formatTehranTime, toPersianDigits } from '@panel/contracts/common';
import { INSPECTION_ASSISTANTS_ACCESS, type Assistant, type AssistantActionResult } from '@panel/contracts/inspection-assistants';
import { DataTable, notify, tableColumns, type ListColumn } from '@panel/ui';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { AssistantActionDialog, AssistantButtons, assistantName, isPaused, type AssistantAction } from './assistant-actions';
import { BalanceDialog } from './balance-dialog';

/** The board is read again this often: new orders turn the rotation while the page is open. */
export const BOARD_REFRESH_MS = 10_000;

function StateBadge({ a }: { a: Assistant }) {
  if (!a.active) return <Badge colorPalette="gray">غیرفعال</Badge>;
  if (isPaused(a)) return <Badge colorPalette="orange">{`در استراحت تا ${formatTehranTime(a.paused_until!)}`}</Badge>;
  return <Badge colorPalette="green">فعال</Badge>;
}

const stateText = (a: Assistant) => (!a.active ? 'غیرفعال' : isPaused(a) ? `در استراحت تا ${formatTehranTime(a.paused_until!)}` : 'فعال');
const turnText = (a: Assistant) => (a.turns_away === null ? 'بیرون از نوبت' : a.turns_away === 0 ? 'نفر بعدی' : `${toPersianDigits(a.turns_away)} سفارش تا نوبتش`);

const BOARD_COLUMNS: ListColumn<Assistant>[] = [
  { key: 'position', header: 'جایگاه', text: (a) => toPersianDigits(a.position), align: 'end', width: '5rem' },
  { key: 'name', header: 'دستیار', text: assistantName },
  { key: 'state', header: 'وضعیت', text: stateText, render: (a) => <StateBadge a={a} /> },
  {
    key: 'turn',
    header: 'نوبت',
    text: turnText,
    render: (a) => (a.turns_away === 0 ? <Badge colorPalette="blue">نفر بعدی</Badge> : <Text as="span">{turnText(a)}</Text>),
  },
  { key: 'open_orders', header: 'سفارش باز / ظرفیت', text: (a) => `${toPersianDigits(a.open_orders)} از ${toPersianDigits(a.capacity)}` },
  { key: 'orders_today', header: 'سفارش امروز', text: (a) => toPersianDigits(a.orders_today), align: 'end' },
  { key: 'makeup_owed', header: 'نوبت جبرانی', text: (a) => toPersianDigits(a.makeup_owed), align: 'end' },
  { key: 'last_assigned_at', header: 'آخرین تخصیص', text: (a) => (a.last_assigned_at ? formatJalaliDateTime(a.last_assigned_at) : '—') },
];

/**
 * The live board of turn-assign (decision 097): each assistant's seat, state, turn position, open
 * load, orders today and last assignment, read again every few seconds; the line actions and
 * "balance orders" for those who may change the rotation, disabled for the rest.
 */
export function AssistantBoard() {
  const queryClient = useQueryClient();
  const canManage = useCan(INSPECTION_ASSISTANTS_ACCESS.manage);
  const board = useQuery({ ...trpc.inspectionAssistants.board.queryOptions(), refetchInterval: BOARD_REFRESH_MS });
  const [asking, setAsking] = useState<{ assistant: Assistant; action: AssistantAction } | null>(null);
  const [balancing, setBalancing] = useState(false);
  const done = (r: AssistantActionResult) => notify(r.moved > 0 ? `${r.message} (${toPersianDigits(r.moved)} سفارش جابه‌جا شد.)` : r.message, 'success');
  const options = { onSuccess: done, onSettled: () => void queryClient.invalidateQueries() };
  const calls = {
    activate: useMutation(trpc.inspectionAssistants.activate.mutationOptions(options)),
    deactivate: useMutation(trpc.inspectionAssistants.deactivate.mutationOptions(options)),
    pause: useMutation(trpc.inspectionAssistants.pause.mutationOptions(options)),
    resume: useMutation(trpc.inspectionAssistants.resume.mutationOptions(options)),
    clear: useMutation(trpc.inspectionAssistants.clear.mutationOptions(options)),
  };
  const run = (reason: string) => {
    const { assistant: a, action } = asking!;
    const input = { id: a.id, version: a.version };
    return action === 'pause' ? calls.pause.mutateAsync({ ...input, reason }) : calls[action].mutateAsync(input);
  };

  const columns = [...tableColumns(BOARD_COLUMNS), { key: 'actions', header: 'عملیات', cell: (a: Assistant) => <AssistantButtons assistant={a} allowed={canManage} onAct={(action) => setAsking({ assistant: a, action })} /> }];

  return (
    <Box as="section" aria-labelledby="board-heading">
      <Flex justify="space-between" align="end" gap="3" wrap="wrap" mb="2">
        <Box>
          <Heading as="h2" size="md" id="board-heading">
            نوبت‌دهی دستیاران
          </Heading>
          <Text textStyle="sm" color="fg.muted" aria-live="polite">
            {board.data
              ? `${toPersianDigits(board.data.open_orders)} سفارش باز، ${toPersianDigits(board.data.unassigned_orders)} سفارش بدون دستیار؛ به‌روز در ${formatTehranTime(new Date(board.dataUpdatedAt))}`
              : MESSAGES.loading}
          </Text>
        </Box>
        <Button size="sm" colorPalette="blue" disabled={!canManage} onClick={() => setBalancing(true)}>
          <LuScale aria-hidden /> متعادل‌سازی سفارش‌ها
        </Button>
      </Flex>
      {!canManage && (
        <Text textStyle="sm" color="fg.muted" mb="2">
          تغییر نوبت‌دهی کار کارمندان پشتیبانی است؛ شما فقط می‌بینید.
        </Text>
      )}
      {board.isError && (
        <Text role="alert" color="fg.error">
          جدول نوبت بارگذاری نشد.
        </Text>
      )}
      <DataTable label="دستیاران کارشناسی" columns={columns} rows={board.data?.results ?? []} rowKey={(a) => String(a.id)} loading={board.isPending} loadingText={MESSAGES.loading} emptyText="دستیاری تعریف نشده است." />
      <AssistantActionDialog asking={asking} onClose={() => setAsking(null)} onConfirm={run} />
      <BalanceDialog open={balancing} onClose={() => setBalancing(false)} />
    </Box>
  );
}
