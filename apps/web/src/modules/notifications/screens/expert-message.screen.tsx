import { Box, Heading } from '@chakra-ui/react';
import { NOTIFICATION_MESSAGES, expertMessageListFilter } from '@panel/contracts/notifications';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { AudienceForm } from '../components/audience-form';
import { EXPERT_MESSAGE_COLUMNS } from '../components/expert-message-columns';
import { ExpertMessageDrawer } from '../components/expert-message-drawer';

const SENT = listScreen({
  title: 'پیام‌های فرستاده‌شده',
  section: { filterLabel: 'فیلتر پیام‌ها' },
  filter: expertMessageListFilter,
  list: (filter) => trpc.notifications.expertMessages.queryOptions(filter),
  export: (filter) => trpc.notifications.exportExpertMessages.queryOptions(filter),
  csv: { fileName: 'expert-messages', noun: 'پیام' },
  columns: EXPERT_MESSAGE_COLUMNS,
  columnsKey: 'panel.notification.columns',
  fields: (f) => [
    f.search('text', 'متن', { placeholder: 'بخشی از متن', width: '12rem' }),
    f.search('createdBy', 'فرستنده', { placeholder: 'نام فرستنده', width: '10rem' }),
    f.range(['createdFrom', 'createdTo'], ['از تاریخ', 'تا تاریخ'], 'day'),
  ],
  label: 'پیام‌های فرستاده‌شده به کارشناسان',
  rowKey: (m) => m.id,
  emptyText: NOTIFICATION_MESSAGES.emptyExpertMessages,
  detailAddress: 'message',
  detail: (d) => <ExpertMessageDrawer message={d.row} onClose={d.close} />,
});

/** /panel/notification: a message to the experts an audience picks, and the messages sent before (drawer addressed by `message=`). */
export function ExpertMessageScreen() {
  return (
    <Box p="6">
      <Heading as="h1" size="xl" mb="4">
        پیام به کارشناسان
      </Heading>
      <AudienceForm />
      <ListScreen screen={useListScreen(SENT)} />
    </Box>
  );
}
