import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@panel/contracts/common';
import { ORDER_WORKFLOW } from '@panel/contracts/inspection-orders';
import { actionLogEntries, HistoryTimeline } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

/** The dispatch sheet's moves and the offer's expiry, logged on the order beside its own actions. */
const DISPATCH_ACTION_LABELS: Record<string, string> = {
  assign: 'تخصیص در میز تخصیص',
  cancel_assignment: 'لغو تخصیص',
  visit_time: 'تغییر زمان بازدید',
  offer_expired: 'انقضای پیشنهاد',
  offer_accepted: 'پذیرش پیشنهاد توسط کارشناس',
};


/** The order's action log as a timeline: who, when, what (from → to) and why. */
export function OrderHistory({ pk }: { pk: number }) {
  const log = useQuery(trpc.inspectionOrders.actionLog.queryOptions({ pk }));
  return (
    <HistoryTimeline
      title="تاریخچه سفارش"
      emptyText={log.isPending ? MESSAGES.loading : 'هنوز کاری روی این سفارش ثبت نشده است.'}
      entries={actionLogEntries(log.data ?? [], { workflow: ORDER_WORKFLOW, extra: DISPATCH_ACTION_LABELS })}
    />
  );
}
