import { useMutation, useQuery } from '@tanstack/react-query';
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
  const input = { pk: pk ?? 0 };
  const detail = useQuery({ ...trpc.inspectionTickets.detail.queryOptions(input), enabled: pk !== null });
  const thread = useQuery({ ...trpc.inspectionTickets.thread.queryOptions(input), enabled: pk !== null });
  const reply = useMutation(trpc.inspectionTickets.reply.mutationOptions());
  const resolve = useMutation(trpc.inspectionTickets.resolve.mutationOptions());
  const reopen = useMutation(trpc.inspectionTickets.reopen.mutationOptions());
  return (
    <KitDrawer
      pk={pk}
      onClose={onClose}
      ticket={detail.data}
      thread={thread.data}
      groups={TICKET_GROUPS}
      reply={reply.mutateAsync}
      resolve={resolve.mutateAsync}
      reopen={reopen.mutateAsync}
    />
  );
}
