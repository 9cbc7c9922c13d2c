import { Box, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { toPersianDigits } from '@panel/contracts/common';
import { SELL_TICKET_CATEGORIES, SELL_TICKET_SUBJECT_KINDS, type SellTicket } from '@panel/contracts/sell-tickets';
import { LatinCode, type DetailGroup } from '@panel/ui';
import { TicketDrawer } from '../../../lib/tickets/ticket-drawer';
import { trpc } from '../../../lib/trpc';

const GROUPS: DetailGroup<SellTicket>[] = [
  {
    title: 'مشتری',
    fields: [
      { label: 'موضوع', value: (t) => SELL_TICKET_CATEGORIES[t.category] },
      { label: 'نام', value: (t) => t.customer_name },
      { label: 'تلفن', value: (t) => toPersianDigits(t.customer_phone), ltr: true },
      { label: 'شهر', value: (t) => t.city },
    ],
  },
  {
    title: 'تیم فروش',
    fields: [
      { label: 'عضو تیم فروش', value: (t) => t.assistant_name },
      { label: 'کارشناس فروش', value: (t) => t.sales_expert_name },
    ],
  },
];

/** The concierge sale or car post the ticket concerns, one click away. */
function Subject({ ticket }: { ticket: SellTicket }) {
  const subject = ticket.subject;
  if (!subject) return null;
  return (
    <Box as="section" aria-label="مربوط به" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
      <Text textStyle="sm" color="fg.muted">
        {SELL_TICKET_SUBJECT_KINDS[subject.kind]} <LatinCode value={subject.code} />
      </Text>
      <Link asChild colorPalette="blue" fontWeight="medium">
        <RouterLink to={subject.url}>{toPersianDigits(subject.title)}</RouterLink>
      </Link>
    </Box>
  );
}

/** One sale-team ticket on the ticket kit's drawer (decision 086). */
export function SellTicketDrawer({ pk, onClose }: { pk: number | null; onClose: () => void }) {
  return <TicketDrawer pk={pk} onClose={onClose} procedures={trpc.sellTickets} groups={GROUPS} about={(t) => <Subject ticket={t} />} />;
}
