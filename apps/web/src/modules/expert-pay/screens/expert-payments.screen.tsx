import { useState } from 'react';
import { Badge, Box, Button, HStack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatJalaliDateTime, formatNumber, toPersianDigits } from '@panel/contracts/common';
import {
  EXPERT_PAY_ACCESS,
  EXPERT_PAY_MESSAGES,
  PAY_PERIOD_WORKFLOW,
  currentPeriod,
  paymentsListFilter,
  periodLabel,
  previousPeriod,
  type PeriodState,
} from '@panel/contracts/expert-pay';
import { ConfirmDialog, HistoryTimeline, actionLogEntries, notify } from '@panel/ui';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { LinesDialog } from '../components/lines-dialog';
import { PAYMENT_COLUMNS } from '../components/payment-columns';

/** The current period and the eleven before it, newest first. */
function recentPeriods(): { value: string; label: string }[] {
  const keys = [currentPeriod()];
  while (keys.length < 12) keys.push(previousPeriod(keys[keys.length - 1]!));
  return keys.map((key) => ({ value: key, label: periodLabel(key) }));
}
const PERIODS = recentPeriods();

const declaration = listScreen({
  title: 'پرداخت‌های کارشناسان',
  filter: paymentsListFilter,
  procedures: trpc.expertPay,
  csv: { fileName: 'expert-payments', noun: 'کارشناس' },
  columns: PAYMENT_COLUMNS,
  columnsKey: 'panel.expertPay.columns',
  fields: (f) => [f.choice('period', 'دوره', PERIODS, { all: 'دوره جاری', width: '12rem' })],
  label: 'پرداخت کارشناسان در دوره',
  rowKey: (r) => r.expert_id,
  emptyText: EXPERT_PAY_MESSAGES.empty,
  errorText: EXPERT_PAY_MESSAGES.loadFailed,
  sort: false,
  detail: (d, filter) => <LinesDialog period={filter.period ?? currentPeriod()} expert={d.row} onClose={d.close} />,
});

function PeriodSummary({ state }: { state: PeriodState | undefined }) {
  if (!state) return null;
  const settled = state.settled;
  return (
    <HStack gap="3" mb="3" flexWrap="wrap" aria-label="وضعیت دوره" role="group">
      <Text fontWeight="bold">{periodLabel(state.period)}</Text>
      <Badge colorPalette={settled ? 'green' : 'orange'}>{PAY_PERIOD_WORKFLOW.label(settled ? 'settled' : 'open')}</Badge>
      <Text>جمع دوره: {formatNumber(state.total)} تومان</Text>
      <Text>ردیف‌ها: {formatNumber(state.line_count)}</Text>
      {settled && (
        <Text color="fg.muted">
          تسویه توسط {toPersianDigits(settled.settled_by)} در {formatJalaliDateTime(settled.settled_at)}
        </Text>
      )}
    </HStack>
  );
}

/** Expert payments (`/panel/accounting/payments`): a period's experts, their lines, settling the period once. */
export function ExpertPaymentsScreen() {
  const screen = useListScreen(declaration);
  const period = screen.filter.period ?? currentPeriod();
  const state = useQuery(trpc.expertPay.period.queryOptions({ period }));
  const [confirming, setConfirming] = useState(false);
  const canSettle = useCan(EXPERT_PAY_ACCESS.settle);
  const queryClient = useQueryClient();
  const settle = useMutation(
    trpc.expertPay.settle.mutationOptions({
      onSuccess: () => notify(EXPERT_PAY_MESSAGES.settled, 'success'),
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.expertPay.pathKey() }),
    }),
  );
  const history = useQuery(trpc.expertPay.periodHistory.queryOptions({ period }));
  const open = state.data && !state.data.settled;
  return (
    <ListScreen
      screen={screen}
      above={<PeriodSummary state={state.data} />}
      actions={
        canSettle && (
          <Button colorPalette="blue" disabled={!open || state.data.line_count === 0} onClick={() => setConfirming(true)}>
            {PAY_PERIOD_WORKFLOW.actions.settle.label}
          </Button>
        )
      }
    >
      <Box mt="4">
        <HistoryTimeline title="تاریخچه دوره" entries={actionLogEntries(history.data ?? [], { workflow: PAY_PERIOD_WORKFLOW })} emptyText="این دوره هنوز تسویه نشده است." />
      </Box>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`تسویه ${periodLabel(period)}`}
        message={`${PAY_PERIOD_WORKFLOW.actions.settle.confirm} جمع: ${formatNumber(state.data?.total ?? 0)} تومان`}
        confirmLabel={PAY_PERIOD_WORKFLOW.actions.settle.label}
        onConfirm={() => settle.mutateAsync({ period, expectedTotal: state.data?.total ?? 0 })}
      />
    </ListScreen>
  );
}
