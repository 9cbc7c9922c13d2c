import { useQuery } from '@tanstack/react-query';
import { MESSAGES, formatJalaliDateTime, type ActionLogEntry } from '@panel/contracts/common';
import { ORDER_STATES, ORDER_WORKFLOW, type OrderAction, type OrderState } from '@panel/contracts/inspection-orders';
import { HistoryTimeline } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

/** The dispatch sheet's moves and the offer's expiry, logged on the order beside its own actions. */
const DISPATCH_ACTION_LABELS: Record<string, string> = {
  assign: 'تخصیص در میز تخصیص',
  cancel_assignment: 'لغو تخصیص',
  visit_time: 'تغییر زمان بازدید',
  offer_expired: 'انقضای پیشنهاد',
};

const stateLabel = (state: string | null) => (state ? (ORDER_STATES[state as OrderState] ?? state) : '');

function title(entry: ActionLogEntry): string {
  const action = ORDER_WORKFLOW.actions[entry.action as OrderAction]?.label ?? DISPATCH_ACTION_LABELS[entry.action] ?? entry.action;
  return entry.from_state && entry.to_state && entry.from_state !== entry.to_state ? `${action}: ${stateLabel(entry.from_state)} ← ${stateLabel(entry.to_state)}` : action;
}

/** The order's action log as a timeline: who, when, what (from → to) and why. */
export function OrderHistory({ pk }: { pk: number }) {
  const log = useQuery(trpc.inspectionOrders.actionLog.queryOptions({ pk }));
  return (
    <HistoryTimeline
      title="تاریخچه سفارش"
      emptyText={log.isPending ? MESSAGES.loading : 'هنوز کاری روی این سفارش ثبت نشده است.'}
      entries={(log.data ?? []).map((entry) => ({
        key: entry.id,
        at: formatJalaliDateTime(entry.at),
        who: entry.actor_fullname || entry.actor_username,
        title: title(entry),
        detail: entry.reason || undefined,
      }))}
    />
  );
}
