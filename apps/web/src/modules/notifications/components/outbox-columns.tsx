import { Badge, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { OUTBOX_ENTITIES, OUTBOX_STATES, type OutboxMessage, type OutboxSubject } from '@panel/contracts/notifications';
import { MessageText, type ListColumn } from '@panel/ui';

const STATE_COLORS = { recorded: 'orange', sent: 'green', failed: 'red' } as const;

export const OutboxStateBadge = ({ state }: { state: OutboxMessage['state'] }) => (
  <Badge colorPalette={STATE_COLORS[state]} variant="subtle">
    {OUTBOX_STATES[state]}
  </Badge>
);

/** What a message concerns: its kind and name, a link to its page where the panel has one. */
export const subjectText = (s: OutboxSubject) => (s.title ? `${OUTBOX_ENTITIES[s.entity]} ${toPersianDigits(s.title)}` : OUTBOX_ENTITIES[s.entity]);
export function SubjectLink({ subject }: { subject: OutboxSubject }) {
  if (!subject.url) return <Text as="span">{subjectText(subject)}</Text>;
  return (
    <Link asChild colorPalette="blue" onClick={(e) => e.stopPropagation()}>
      <RouterLink to={subject.url}>{subjectText(subject)}</RouterLink>
    </Link>
  );
}

export const senderText = (m: Pick<OutboxMessage, 'created_by' | 'created_by_name'>) => m.created_by_name ?? m.created_by;
/** A phone number or an expert: Persian digits for reading. */
export const targetText = (m: Pick<OutboxMessage, 'target' | 'target_name'>) => (m.target_name ? `${m.target_name} (${toPersianDigits(m.target)})` : toPersianDigits(m.target));

/** The history's columns, declared once for the table and the CSV. */
export const OUTBOX_COLUMNS: ListColumn<OutboxMessage>[] = [
  { key: 'created_at', header: 'زمان ثبت', text: (m) => formatJalaliDateTime(m.created_at), csv: (m) => m.created_at, csvDate: 'instant', sortKey: 'created_at', width: '10rem' },
  { key: 'target', header: 'گیرنده', text: targetText, csv: (m) => m.target, sortKey: 'target', width: '10rem' },
  {
    key: 'text',
    header: 'متن',
    text: (m) => toPersianDigits(m.text),
    csv: (m) => m.text,
    render: (m) => (
      <Text lineClamp={2} maxW="28rem">
        <MessageText text={m.text} />
      </Text>
    ),
  },
  { key: 'subject', header: 'درباره', text: (m) => subjectText(m.subject), csv: (m) => (m.subject.url ? `${subjectText(m.subject)} ${m.subject.url}` : subjectText(m.subject)), render: (m) => <SubjectLink subject={m.subject} /> },
  { key: 'state', header: 'وضعیت', text: (m) => OUTBOX_STATES[m.state], render: (m) => <OutboxStateBadge state={m.state} />, sortKey: 'state' },
  { key: 'created_by', header: 'ثبت‌کننده', text: senderText, sortKey: 'created_by' },
];
