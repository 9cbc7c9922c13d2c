import { Box, Heading } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
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
});

/** /panel/notification: a message to the experts an audience picks, and the messages sent before (drawer addressed by `message=`). */
export function ExpertMessageScreen() {
  const [params, setParams] = useSearchParams();
  const screen = useListScreen(SENT);
  const openId = Number(params.get('message')) || null;
  const open = screen.list.data?.results.find((m) => m.id === openId) ?? null;
  const setOpen = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('message');
      else next.set('message', String(id));
      return next;
    });
  return (
    <Box p="6">
      <Heading as="h1" size="xl" mb="4">
        پیام به کارشناسان
      </Heading>
      <AudienceForm />
      <ListScreen screen={screen} onRowClick={(m) => setOpen(m.id)}>
        <ExpertMessageDrawer message={open} onClose={() => setOpen(null)} />
      </ListScreen>
    </Box>
  );
}
