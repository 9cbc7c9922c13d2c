import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LeasingOrder, type OfferedAction } from '@panel/contracts/leasing';
import { ConfirmDialog, notify } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { offerReasonId } from './offered-actions';
import { useRejectReason } from './reject-reason-field';

/** Actions that end or undo an order: their confirm button is red. */
const DESTRUCTIVE = new Set(['reject', 'cancel']);
const reasonId = (action: string) => offerReasonId('order', action);

/** Everything the order's screen shows again after an action. */
export function useOrderRefresh(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.leasing.order.queryKey({ id }) }),
      queryClient.invalidateQueries({ queryKey: trpc.leasing.orderActions.queryKey({ id }) }),
      queryClient.invalidateQueries({ queryKey: trpc.leasing.orderHistory.queryKey({ id }) }),
      queryClient.invalidateQueries({ queryKey: trpc.leasing.orders.pathKey() }),
    ]);
}

/**
 * The actions the gateway offers for the order (decision 101), drawn from its answer and nothing
 * else: each one a button, disabled with its Persian reason when not available; executed by its
 * id with the version shown, after a confirmation when the offer carries one (money, rejection).
 */
export function OrderActionButtons({ order, offered, canAct }: { order: LeasingOrder; offered: readonly OfferedAction[]; canAct: boolean }) {
  const [asking, setAsking] = useState<OfferedAction | null>(null);
  const rejectReason = useRejectReason();
  const refresh = useOrderRefresh(order.id);
  const execute = useMutation(
    trpc.leasing.execute.mutationOptions({
      onSuccess: (outcome) => notify(outcome.message, 'success'),
      // Refused or stale: what the gateway offers now is shown either way.
      onSettled: () => refresh(),
    }),
  );
  const run = async (action: OfferedAction, reason: string) => {
    const rejecting = rejectReason.pick(action.id === 'reject');
    await execute.mutateAsync({ id: order.id, version: order.version, action: action.id, reject_reason: rejecting, reason });
  };
  if (!canAct) return null;
  return (
    <>
      {offered.map((action) => (
        <Button
          key={action.id}
          size="sm"
          variant={action.available ? 'solid' : 'outline'}
          colorPalette={action.available && DESTRUCTIVE.has(action.id) ? 'red' : action.available ? 'green' : undefined}
          disabled={!action.available || execute.isPending}
          loading={execute.isPending && execute.variables?.action === action.id}
          aria-describedby={action.available ? undefined : reasonId(action.id)}
          title={action.available ? undefined : action.reason}
          onClick={() => (action.confirm || action.reason_required ? setAsking(action) : void run(action, '').catch(() => undefined))}
        >
          {action.label}
        </Button>
      ))}
      {asking && (
        <ConfirmDialog
          open
          onClose={() => {
            setAsking(null);
            rejectReason.reset();
          }}
          title={asking.label}
          message={asking.confirm ?? undefined}
          confirmLabel={asking.label}
          reason={asking.id === 'reject' ? 'optional' : asking.reason_required ? 'required' : asking.id === 'cancel' ? 'optional' : undefined}
          reasonLabel={asking.id === 'reject' ? 'توضیح (اختیاری)' : 'دلیل'}
          destructive={DESTRUCTIVE.has(asking.id)}
          onConfirm={(reason) => run(asking, reason)}
        >
          {asking.id === 'reject' && rejectReason.field}
        </ConfirmDialog>
      )}
    </>
  );
}
