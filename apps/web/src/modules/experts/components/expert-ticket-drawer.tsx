import { Box, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { toPersianDigits } from '@panel/contracts/common';
import { EXPERT_TICKET_CATEGORIES, type ExpertTicket } from '@panel/contracts/experts';
import type { DetailGroup } from '@panel/ui';
import { TicketDrawer } from '../../../lib/tickets/ticket-drawer';
import { trpc } from '../../../lib/trpc';

const GROUPS: DetailGroup<ExpertTicket>[] = [
  {
    title: 'کارشناس',
    fields: [
      { label: 'موضوع', value: (t) => EXPERT_TICKET_CATEGORIES[t.category] },
      { label: 'نام', value: (t) => t.expert_name },
      { label: 'تلفن', value: (t) => t.expert_phone && toPersianDigits(t.expert_phone), ltr: true },
      { label: 'کارمند مسئول', value: (t) => t.assistant_name },
    ],
  },
];

/** The expert's page and the order the ticket concerns, one click away. */
function About({ ticket }: { ticket: ExpertTicket }) {
  return (
    <Box as="section" aria-label="مربوط به" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle" display="flex" flexDirection="column" gap="1">
      <Link asChild colorPalette="blue" fontWeight="medium">
        <RouterLink to={`/panel/experts/${ticket.expert_id}`}>{`صفحه کارشناس: ${ticket.expert_name}`}</RouterLink>
      </Link>
      {ticket.inspection ? (
        <Link asChild colorPalette="blue">
          <RouterLink to={`/panel/inspection/orders/${ticket.inspection.pk}`}>{`سفارش ${toPersianDigits(ticket.inspection.code)} — ${toPersianDigits(ticket.inspection.brand_model)}`}</RouterLink>
        </Link>
      ) : (
        <Text textStyle="sm" color="fg.muted">
          به سفارش خاصی مربوط نیست.
        </Text>
      )}
    </Box>
  );
}

/** One expert ticket on the ticket kit's drawer (decision 086). */
export function ExpertTicketDrawer({ pk, onClose }: { pk: number | null; onClose: () => void }) {
  return <TicketDrawer pk={pk} onClose={onClose} procedures={trpc.expertTickets} groups={GROUPS} about={(t) => <About ticket={t} />} />;
}
