import { useState } from 'react';
import { Badge, Box, Button, HStack, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toPersianDigits } from '@panel/contracts/common';
import { LEASING_ORDER_WORKFLOW, type BulkRowResult, type LeasingOrderAction, type LeasingRejectReason } from '@panel/contracts/leasing';
import { ConfirmDialog, LatinCode, NativeSelectField } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { useRejectReason } from './reject-reason-field';

/** Rows per request: the results show as each part returns (decision 102 keeps one request id for all). */
export const BULK_CHUNK = 25;

const ACTION_OPTIONS = LEASING_ORDER_WORKFLOW.actionList.map((id) => ({ value: id, label: LEASING_ORDER_WORKFLOW.actions[id].label }));
const n = (count: number) => toPersianDigits(count);

/** A request id for the gateway's record of a bulk run (crypto.randomUUID needs a secure context). */
function requestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface BulkRun {
  requestId: string;
  action: LeasingOrderAction;
  rejectReason?: LeasingRejectReason;
  reason: string;
  /** Every order of the run in the order picked, and each one's result once it has returned. */
  ids: number[];
  results: ReadonlyMap<number, BulkRowResult>;
  /** Ids of the part being sent now and those still waiting. */
  waiting: ReadonlySet<number>;
}

/** The rows of a run: one action on many orders, each row's result kept as its part returns. */
function useBulkRun(codes: ReadonlyMap<number, string>) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<BulkRun | null>(null);
  const bulk = useMutation(trpc.leasing.bulkUpdate.mutationOptions({ meta: { silent: true } }));

  const send = async (base: Omit<BulkRun, 'results' | 'waiting'>, ids: number[], earlier: ReadonlyMap<number, BulkRowResult>) => {
    let results = new Map(earlier);
    for (const id of ids) results.delete(id);
    setRun({ ...base, results, waiting: new Set(ids) });
    for (let at = 0; at < ids.length; at += BULK_CHUNK) {
      const part = ids.slice(at, at + BULK_CHUNK);
      let answered: BulkRowResult[];
      try {
        answered = (await bulk.mutateAsync({ request_id: base.requestId, action: base.action, ids: part, reject_reason: base.rejectReason, reason: base.reason })).results;
      } catch (error) {
        // No answer for this part (the connection, the server): each of its rows says so and can be retried.
        const message = (error as Error).message || 'پاسخی نیامد؛ دوباره تلاش کنید.';
        answered = part.map((id) => ({ id, code: codes.get(id) ?? null, ok: false, message, state: null }));
      }
      results = new Map(results);
      for (const row of answered) results.set(row.id, row);
      const waiting = new Set(ids.slice(at + BULK_CHUNK));
      setRun({ ...base, results, waiting });
    }
    await queryClient.invalidateQueries({ queryKey: trpc.leasing.orders.pathKey() });
  };

  return {
    run,
    running: run !== null && run.waiting.size > 0,
    start: (action: LeasingOrderAction, ids: number[], rejectReason: LeasingRejectReason | undefined, reason: string) =>
      send({ requestId: requestId(), action, rejectReason, reason, ids }, ids, new Map()),
    /** Only the refused rows again, under the same request id: a row that succeeded is never applied twice. */
    retry: () => run && send(run, run.ids.filter((id) => run.results.get(id)?.ok === false), run.results),
    dismiss: () => setRun(null),
  };
}

/**
 * One action on the orders picked in the list (decision 102): the action chosen, confirmed for
 * how many orders, each row decided by the gateway on its own; the results show as they return,
 * which succeeded and which were refused and why, with a retry of only the refused rows.
 */
export function OrderBulkBar({ selected, codes, onClear }: { selected: readonly number[]; codes: ReadonlyMap<number, string>; onClear: () => void }) {
  const [action, setAction] = useState<LeasingOrderAction | ''>('');
  const [asking, setAsking] = useState(false);
  const rejectReason = useRejectReason();
  const bulk = useBulkRun(codes);
  const declared = action ? LEASING_ORDER_WORKFLOW.actions[action] : undefined;

  const confirm = async (reason: string) => {
    if (!action) return;
    const rejecting = rejectReason.pick(action === 'reject');
    setAsking(false);
    await bulk.start(action, [...selected], rejecting, reason);
  };

  return (
    <Stack gap="3" mb="3">
      {selected.length > 0 && (
        <HStack as="section" aria-label="اقدام گروهی" gap="3" wrap="wrap" align="end" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
          <Text fontWeight="medium" alignSelf="center">
            {n(selected.length)} سفارش انتخاب شد
          </Text>
          <Box width="14rem">
            <NativeSelectField label="اقدام گروهی" placeholder="انتخاب اقدام" value={action} options={ACTION_OPTIONS} onChange={(v) => setAction(v as LeasingOrderAction | '')} />
          </Box>
          <Button size="sm" colorPalette="green" disabled={!action || bulk.running} onClick={() => setAsking(true)}>
            اجرا روی {n(selected.length)} سفارش
          </Button>
          <Button size="sm" variant="ghost" disabled={bulk.running} onClick={onClear}>
            لغو انتخاب
          </Button>
        </HStack>
      )}
      {asking && declared && (
        <ConfirmDialog
          open
          onClose={() => {
            setAsking(false);
            rejectReason.reset();
          }}
          title={`${declared.label} برای ${n(selected.length)} سفارش`}
          message={`«${declared.label}» روی ${n(selected.length)} سفارش انتخاب‌شده اجرا شود؟ هر سفارش جداگانه بررسی می‌شود و نتیجه هر یک جدا نشان داده می‌شود.${declared.confirm ? ` ${declared.confirm}` : ''}`}
          confirmLabel={`${declared.label} (${n(selected.length)} سفارش)`}
          reason={action === 'reject' ? 'optional' : declared.reason}
          reasonLabel={action === 'reject' ? 'توضیح (اختیاری)' : 'دلیل'}
          destructive={action === 'reject' || action === 'cancel'}
          onConfirm={confirm}
        >
          {action === 'reject' && rejectReason.field}
        </ConfirmDialog>
      )}
      {bulk.run && <BulkResults run={bulk.run} codes={codes} running={bulk.running} onRetry={() => void bulk.retry()} onDismiss={bulk.dismiss} />}
    </Stack>
  );
}

function BulkResults({ run, codes, running, onRetry, onDismiss }: { run: BulkRun; codes: ReadonlyMap<number, string>; running: boolean; onRetry: () => void; onDismiss: () => void }) {
  const label = LEASING_ORDER_WORKFLOW.actions[run.action].label;
  const rows = run.ids.map((id) => ({ id, result: run.results.get(id) }));
  const done = rows.filter((r) => r.result).length;
  const succeeded = rows.filter((r) => r.result?.ok).length;
  const refused = rows.filter((r) => r.result && !r.result.ok).length;
  return (
    <Box as="section" aria-label="نتیجه اقدام گروهی" borderWidth="1px" borderRadius="md" p="4">
      <HStack justify="space-between" wrap="wrap" gap="2" mb="3">
        <Text fontWeight="bold" role="status" aria-live="polite">
          {running
            ? `«${label}»: ${n(done)} از ${n(run.ids.length)} سفارش بررسی شد…`
            : `«${label}» روی ${n(run.ids.length)} سفارش: ${n(succeeded)} انجام شد، ${n(refused)} انجام نشد.`}
        </Text>
        <HStack gap="2">
          {!running && refused > 0 && (
            <Button size="sm" variant="outline" onClick={onRetry}>
              تلاش دوباره برای {n(refused)} سفارش انجام‌نشده
            </Button>
          )}
          <Button size="sm" variant="ghost" disabled={running} onClick={onDismiss}>
            بستن نتیجه
          </Button>
        </HStack>
      </HStack>
      {running && (
        <Progress.Root value={(done / run.ids.length) * 100} size="sm" mb="3" aria-label="پیشرفت اقدام گروهی">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <Box overflow="auto" maxHeight="24rem">
        <Table.Root size="sm" aria-label="نتیجه هر سفارش">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>کد سفارش</Table.ColumnHeader>
              <Table.ColumnHeader>نتیجه</Table.ColumnHeader>
              <Table.ColumnHeader>توضیح</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map(({ id, result }) => (
              <Table.Row key={id}>
                <Table.Cell>
                  <LatinCode value={result?.code ?? codes.get(id) ?? String(id)} />
                </Table.Cell>
                <Table.Cell>
                  {result ? (
                    <Badge colorPalette={result.ok ? 'green' : 'red'} variant="subtle">
                      {result.ok ? 'انجام شد' : 'انجام نشد'}
                    </Badge>
                  ) : (
                    <Badge variant="outline">در صف</Badge>
                  )}
                </Table.Cell>
                <Table.Cell whiteSpace="normal">{result ? toPersianDigits(result.message) : ''}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}
