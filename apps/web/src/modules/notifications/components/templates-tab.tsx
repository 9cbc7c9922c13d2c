import { useMemo, type ReactNode } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { LuPlus } from 'react-icons/lu';
import { MESSAGES } from '@panel/contracts/common';
import { NOTIFICATION_MESSAGES, TEMPLATE_STATES, templateListFilter, type SmsTemplate, type TemplateState, NOTIFICATIONS_ACCESS } from '@panel/contracts/notifications';
import { CommitInput, FilterField, ListPage, ListResults, SingleSelect, tableColumns, useColumnChoice, type SelectOption } from '@panel/ui';
import { useAddressFilter } from '../../../lib/address-filter';
import { ListTools } from '../../../lib/list-tools';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { withAddressKeys } from './address-kit';
import { TEMPLATE_COLUMNS } from './template-columns';

const ALL = 'all';
const STATE_OPTIONS: SelectOption[] = [{ value: ALL, label: 'همه' }, ...Object.entries(TEMPLATE_STATES).map(([value, label]) => ({ value, label }))];
const COLUMN_KEYS = TEMPLATE_COLUMNS.map((c) => c.key);
const KIT = withAddressKeys(templateListFilter, { tab: 'templates' });

/** The SMS templates: search, state, sort; a row opens its drawer (addressed by `template=`). */
export function TemplatesTab({ tabs, actions, onOpen }: { tabs: ReactNode; actions: ReactNode; onOpen: (id: number | 'new') => void }) {
  const queryClient = useQueryClient();
  const isStaff = useCan(NOTIFICATIONS_ACCESS.manage);
  const { filter, dropped, update, reset } = useAddressFilter(KIT);
  const [visible, setVisible] = useColumnChoice('panel.sms.templates.columns', COLUMN_KEYS);
  const list = useQuery({ ...trpc.notifications.templates.queryOptions(filter), placeholderData: keepPreviousData });
  const columns = useMemo(() => tableColumns(TEMPLATE_COLUMNS, visible), [visible]);
  return (
    <ListPage
      title="پنل پیامک"
      dropped={dropped}
      onReset={() => {
        reset();
        update({});
      }}
      filters={
        <>
          <FilterField label="جستجوی قالب">
            <CommitInput label="جستجوی قالب" placeholder="نام یا متن" value={filter.search ?? ''} onCommit={(search) => update({ search })} width="12rem" />
          </FilterField>
          <FilterField label="وضعیت قالب">
            <SingleSelect label="وضعیت قالب" options={STATE_OPTIONS} value={filter.state ?? ALL} onChange={(v) => update({ state: v === ALL ? undefined : (v as TemplateState) })} width="9rem" />
          </FilterField>
        </>
      }
      actions={
        <>
          {isStaff && (
            <Button size="sm" variant="outline" onClick={() => onOpen('new')}>
              <LuPlus aria-hidden />
              قالب تازه
            </Button>
          )}
          {actions}
          <ListTools
            columns={TEMPLATE_COLUMNS}
            visible={visible}
            onVisibleChange={setVisible}
            load={() => queryClient.fetchQuery(trpc.notifications.exportTemplates.queryOptions({ ...filter, page: 1 }))}
            fileName="sms-templates"
            noun="قالب"
            count={list.data?.count}
          />
        </>
      }
    >
      {tabs}
      {list.isError && (
        <Text role="alert" color="fg.error" mb="2">
          قالب‌ها بارگذاری نشد.
        </Text>
      )}
      <ListResults
        label="قالب‌های پیامک"
        columns={columns}
        answer={list.data}
        rowKey={(t: SmsTemplate) => String(t.id)}
        loading={list.isPending}
        loadingText={MESSAGES.loading}
        emptyText={NOTIFICATION_MESSAGES.emptyTemplates}
        onRowClick={(t) => onOpen(t.id)}
        sort={{ key: filter.sort, ascending: filter.isAscending }}
        onSortChange={(sort) => update({ sort: sort.key as typeof filter.sort, isAscending: sort.ascending })}
        paging={filter}
        onPageChange={(page) => update({ page })}
      />
    </ListPage>
  );
}
