import { useMemo, useState } from 'react';
import { Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@panel/contracts/common';
import { OUTBOX_ENTITIES, OUTBOX_ENTITY_LIST, OUTBOX_STATES, NOTIFICATION_MESSAGES, outboxListFilter, type OutboxEntity, type OutboxMessage, type OutboxState } from '@panel/contracts/notifications';
import { CommitInput, FilterField, JalaliDateField, ListPage, ListResults, SingleSelect, tableColumns, useColumnChoice, type SelectOption } from '@panel/ui';
import { useAddressFilter } from '../../../lib/address-filter';
import { ListTools } from '../../../lib/list-tools';
import { trpc } from '../../../lib/trpc';
import { MessageDrawer } from './message-drawer';
import { OUTBOX_COLUMNS } from './outbox-columns';

const ALL = 'all';
const STATE_OPTIONS: SelectOption[] = [{ value: ALL, label: 'همه' }, ...Object.entries(OUTBOX_STATES).map(([value, label]) => ({ value, label }))];
// Pushes to experts are listed on /panel/notification; the SMS history offers what SMS concern.
const ENTITY_OPTIONS: SelectOption[] = [{ value: ALL, label: 'همه' }, ...OUTBOX_ENTITY_LIST.filter((e) => e !== 'expert_message' && e !== 'inspection_offer').map((value) => ({ value, label: OUTBOX_ENTITIES[value] }))];
const COLUMN_KEYS = OUTBOX_COLUMNS.map((c) => c.key);

/** The SMS history: every SMS the panel recorded (never sent by it), filters in the address. */
export function HistoryTab({ tabs, actions }: { tabs: React.ReactNode; actions: React.ReactNode }) {
  const queryClient = useQueryClient();
  const { filter, dropped, update, reset } = useAddressFilter(outboxListFilter);
  const [visible, setVisible] = useColumnChoice('panel.sms.history.columns', COLUMN_KEYS);
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const list = useQuery({ ...trpc.notifications.history.queryOptions(filter), placeholderData: keepPreviousData });
  const columns = useMemo(() => tableColumns(OUTBOX_COLUMNS, visible), [visible]);
  const moreSet = [filter.state, filter.createdBy, filter.createdFrom, filter.createdTo].filter((v) => v !== undefined).length;

  return (
    <ListPage
      title="پنل پیامک"
      dropped={dropped}
      onReset={reset}
      filters={
        <>
          <FilterField label="شماره گیرنده">
            <CommitInput label="شماره گیرنده" placeholder="۰۹۱۲..." value={filter.target ?? ''} onCommit={(target) => update({ target })} width="10rem" />
          </FilterField>
          <FilterField label="متن پیام">
            <CommitInput label="متن پیام" placeholder="بخشی از متن" value={filter.text ?? ''} onCommit={(text) => update({ text })} width="12rem" />
          </FilterField>
          <FilterField label="درباره">
            <SingleSelect label="درباره" options={ENTITY_OPTIONS} value={filter.entity ?? ALL} onChange={(v) => update({ entity: v === ALL ? undefined : (v as OutboxEntity) })} width="10rem" />
          </FilterField>
        </>
      }
      moreFilters={
        <>
          <FilterField label="وضعیت">
            <SingleSelect label="وضعیت" options={STATE_OPTIONS} value={filter.state ?? ALL} onChange={(v) => update({ state: v === ALL ? undefined : (v as OutboxState) })} width="10rem" />
          </FilterField>
          <FilterField label="ثبت‌کننده">
            <CommitInput label="ثبت‌کننده" placeholder="نام یا نام کاربری" value={filter.createdBy ?? ''} onCommit={(createdBy) => update({ createdBy })} width="10rem" />
          </FilterField>
          <FilterField label="ثبت از">
            <JalaliDateField label="ثبت از" value={filter.createdFrom} onChange={(createdFrom) => update({ createdFrom })} />
          </FilterField>
          <FilterField label="ثبت تا">
            <JalaliDateField label="ثبت تا" value={filter.createdTo} onChange={(createdTo) => update({ createdTo })} />
          </FilterField>
        </>
      }
      moreFiltersSet={moreSet}
      actions={
        <>
          {actions}
          <ListTools
            columns={OUTBOX_COLUMNS}
            visible={visible}
            onVisibleChange={setVisible}
            load={() => queryClient.fetchQuery(trpc.notifications.exportHistory.queryOptions({ ...filter, page: 1 }))}
            fileName="sms-history"
            noun="پیامک"
            count={list.data?.count}
          />
        </>
      }
    >
      {tabs}
      {list.isError && (
        <Text role="alert" color="fg.error" mb="2">
          تاریخچه پیامک‌ها بارگذاری نشد.
        </Text>
      )}
      <ListResults
        label="تاریخچه پیامک‌ها"
        columns={columns}
        answer={list.data}
        rowKey={(m) => String(m.id)}
        loading={list.isPending}
        loadingText={MESSAGES.loading}
        emptyText={NOTIFICATION_MESSAGES.emptyHistory}
        onRowClick={setOpen}
        sort={{ key: filter.sort, ascending: filter.isAscending }}
        onSortChange={(sort) => update({ sort: sort.key as typeof filter.sort, isAscending: sort.ascending })}
        paging={filter}
        onPageChange={(page) => update({ page })}
      />
      <MessageDrawer message={open} onClose={() => setOpen(null)} />
    </ListPage>
  );
}
