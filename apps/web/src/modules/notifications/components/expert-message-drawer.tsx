import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MESSAGES, formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { describeAudience, type ExpertMessage, type OutboxMessage } from '@panel/contracts/notifications';
import { DetailGroups, ListResults, EntityDrawer, type DataColumn, type DetailGroup } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { OutboxStateBadge } from './outbox-columns';

const GROUPS: DetailGroup<ExpertMessage>[] = [
  {
    title: 'پیام',
    fields: [
      { label: 'مخاطبان', value: (m) => describeAudience(m.audience) },
      { label: 'گیرندگان', value: (m) => `${toPersianDigits(m.recipient_count)} کارشناس` },
      { label: 'فرستنده', value: (m) => m.created_by_name || m.created_by },
      { label: 'زمان', value: (m) => formatJalaliDateTime(m.created_at) },
    ],
  },
];
const RECIPIENT_COLUMNS: DataColumn<OutboxMessage>[] = [
  { key: 'name', header: 'کارشناس', cell: (r) => r.target_name ?? toPersianDigits(r.target) },
  { key: 'state', header: 'وضعیت', cell: (r) => <OutboxStateBadge state={r.state} /> },
];

/** One message to experts: its text, audience, sender, and each expert it was recorded for. */
export function ExpertMessageDrawer({ message, onClose }: { message: ExpertMessage | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const recipients = useQuery({
    ...trpc.notifications.history.queryOptions({ channel: 'push', entity: 'expert_message', entityId: message?.id ?? 1, page, sort: 'target', isAscending: true }),
    enabled: message !== null,
    placeholderData: keepPreviousData,
  });
  return (
    <EntityDrawer
      open={message !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      entity={message}
      noun="پیام به کارشناسان"
      code={(m) => toPersianDigits(m.id)}
    >
      {(message) => (
        <>
          <Text as="blockquote" whiteSpace="pre-wrap" borderInlineStartWidth="3px" borderColor="colorPalette.solid" ps="3" py="1" bg="bg.subtle">
            {toPersianDigits(message.text)}
          </Text>
          <DetailGroups item={message} groups={GROUPS} columns={1} size="sm" />
          <ListResults
            label="گیرندگان پیام"
            columns={RECIPIENT_COLUMNS}
            answer={recipients.data}
            rowKey={(r) => String(r.id)}
            loading={recipients.isPending}
            loadingText={MESSAGES.loading}
            emptyText="گیرنده‌ای ثبت نشده است."
            paging={{ page, pageSize: 20 }}
            onPageChange={setPage}
          />
        </>
      )}
    </EntityDrawer>
  );
}
