import { Text } from '@chakra-ui/react';
import { formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import { OUTBOX_CHANNELS, smsParts, type OutboxMessage } from '@panel/contracts/notifications';
import { DetailGroups, MessageText, EntityDrawer, type DetailGroup } from '@panel/ui';
import { OutboxStateBadge, SubjectLink, senderText, targetText } from './outbox-columns';

const GROUPS: DetailGroup<OutboxMessage>[] = [
  {
    title: 'پیام',
    fields: [
      { label: 'نوع', value: (m) => OUTBOX_CHANNELS[m.channel] },
      { label: 'گیرنده', value: targetText },
      { label: 'وضعیت', value: (m) => <OutboxStateBadge state={m.state} /> },
      {
        label: 'اندازه',
        value: (m) => {
          const size = smsParts(m.text);
          return m.channel === 'sms' ? `${toPersianDigits(size.characters)} نویسه، ${toPersianDigits(size.parts)} پیامک` : `${toPersianDigits(size.characters)} نویسه`;
        },
      },
      { label: 'مبلغ', value: (m) => (m.amount === null ? null : formatToman(m.amount)) },
    ],
  },
  {
    title: 'درباره و ثبت',
    fields: [
      { label: 'درباره', value: (m) => <SubjectLink subject={m.subject} /> },
      { label: 'ثبت‌کننده', value: senderText },
      { label: 'زمان ثبت', value: (m) => formatJalaliDateTime(m.created_at) },
    ],
  },
];

/** One message of the history: its whole text, who it went to, what it concerns (with its page). */
export function MessageDrawer({ message, onClose }: { message: OutboxMessage | null; onClose: () => void }) {
  return (
    <EntityDrawer open={message !== null} onClose={onClose} entity={message} noun="پیام" title={(m) => `${OUTBOX_CHANNELS[m.channel]} ${toPersianDigits(m.id)}`}>
      {(message) => (
        <>
          <Text as="blockquote" whiteSpace="pre-wrap" borderInlineStartWidth="3px" borderColor="colorPalette.solid" ps="3" py="1" bg="bg.subtle" aria-label="متن کامل">
            <MessageText text={message.text} />
          </Text>
          <DetailGroups item={message} groups={GROUPS} columns={1} size="sm" />
          <Text fontSize="sm" color="fg.muted">
            این سامانه پیام را فقط ثبت می‌کند؛ ارسال با سرویس پیامک است.
          </Text>
        </>
      )}
    </EntityDrawer>
  );
}
