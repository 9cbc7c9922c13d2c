import { useMemo } from 'react';
import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '@panel/contracts/common';
import { NOTIFICATION_MESSAGES, expertMessageListFilter } from '@panel/contracts/notifications';
import { CommitInput, FilterBar, FilterField, JalaliDateField, ListResults, tableColumns, useColumnChoice } from '@panel/ui';
import { LuFilterX } from 'react-icons/lu';
import { useAddressFilter } from '../../../lib/address-filter';
import { ListTools } from '../../../lib/list-tools';
import { trpc } from '../../../lib/trpc';
import { AudienceForm } from '../components/audience-form';
import { EXPERT_MESSAGE_COLUMNS } from '../components/expert-message-columns';
import { ExpertMessageDrawer } from '../components/expert-message-drawer';

const COLUMN_KEYS = EXPERT_MESSAGE_COLUMNS.map((c) => c.key);

/** /panel/notification: a message to the experts an audience picks, and the messages sent before (drawer addressed by `message=`). */
export function ExpertMessageScreen() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { filter, dropped, update, reset } = useAddressFilter(expertMessageListFilter);
  const [visible, setVisible] = useColumnChoice('panel.notification.columns', COLUMN_KEYS);
  const list = useQuery({ ...trpc.notifications.expertMessages.queryOptions(filter), placeholderData: keepPreviousData });
  const columns = useMemo(() => tableColumns(EXPERT_MESSAGE_COLUMNS, visible), [visible]);
  const openId = Number(params.get('message')) || null;
  const open = list.data?.results.find((m) => m.id === openId) ?? null;
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
      <Box as="section" aria-labelledby="past-expert-messages">
        <Heading as="h2" size="md" id="past-expert-messages" mb="2">
          پیام‌های فرستاده‌شده
        </Heading>
        {dropped.length > 0 && (
          <Text color="fg.warning" fontSize="sm" role="alert">
            بخشی از فیلترهای نشانی نامعتبر بود و نادیده گرفته شد.
          </Text>
        )}
        <FilterBar
          label="فیلتر پیام‌ها"
          actions={
            <>
              <Button size="sm" variant="ghost" onClick={reset}>
                <LuFilterX aria-hidden />
                حذف فیلترها
              </Button>
              <ListTools
                columns={EXPERT_MESSAGE_COLUMNS}
                visible={visible}
                onVisibleChange={setVisible}
                load={() => queryClient.fetchQuery(trpc.notifications.exportExpertMessages.queryOptions({ ...filter, page: 1 }))}
                fileName="expert-messages"
                noun="پیام"
                count={list.data?.count}
              />
            </>
          }
        >
          <FilterField label="متن">
            <CommitInput label="متن" placeholder="بخشی از متن" value={filter.text ?? ''} onCommit={(text) => update({ text })} width="12rem" />
          </FilterField>
          <FilterField label="فرستنده">
            <CommitInput label="فرستنده" placeholder="نام فرستنده" value={filter.createdBy ?? ''} onCommit={(createdBy) => update({ createdBy })} width="10rem" />
          </FilterField>
          <FilterField label="از تاریخ">
            <JalaliDateField label="از تاریخ" value={filter.createdFrom} onChange={(createdFrom) => update({ createdFrom })} />
          </FilterField>
          <FilterField label="تا تاریخ">
            <JalaliDateField label="تا تاریخ" value={filter.createdTo} onChange={(createdTo) => update({ createdTo })} />
          </FilterField>
        </FilterBar>
        <ListResults
          label="پیام‌های فرستاده‌شده به کارشناسان"
          columns={columns}
          answer={list.data}
          rowKey={(m) => String(m.id)}
          loading={list.isPending}
          loadingText={MESSAGES.loading}
          emptyText={NOTIFICATION_MESSAGES.emptyExpertMessages}
          onRowClick={(m) => setOpen(m.id)}
          paging={filter}
          onPageChange={(page) => update({ page })}
        />
      </Box>
      <ExpertMessageDrawer message={open} onClose={() => setOpen(null)} />
    </Box>
  );
}
