import { toPersianDigits } from '@panel/contracts/common';
import { TICKET_CATEGORY_LABELS, type Ticket } from '@panel/contracts/inspection-tickets';
import type { DetailGroup } from '@panel/ui';
import { TicketDrawer as KitDrawer } from '../../../lib/tickets/ticket-drawer';
import { trpc } from '../../../lib/trpc';

const TICKET_GROUPS: DetailGroup<Ticket>[] = [
  {
    fields: [
      { label: 'دسته', value: (t) => TICKET_CATEGORY_LABELS[t.category] },
      { label: 'کد سفارش', value: (t) => t.order_code && toPersianDigits(t.order_code) },
      { label: 'کارشناس', value: (t) => t.expert_name ?? (t.expert_id !== null && toPersianDigits(t.expert_id)) },
      { label: 'پشتیبان', value: (t) => t.assistant_name ?? t.assistant },
    ],
  },
];

/** One inspection ticket on the ticket kit's drawer (decision 086): fields, thread, reply, resolve and reopen, history. */
export function TicketDrawer({ pk, onClose }: { pk: number | null; onClose: () => void }) {
  return <KitDrawer pk={pk} onClose={onClose} procedures={trpc.inspectionTickets} groups={TICKET_GROUPS} />;
}
