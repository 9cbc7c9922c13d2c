import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@panel/contracts/common';
import { RESERVE_MESSAGES, RESERVE_STATES, effectiveReserveStates, reserveListFilter, type Reserve, type ReserveSortColumn, type ReserveState } from '@panel/contracts/inspection-reserves';
import {
  CommitInput,
  FilterField,
  JalaliDateField,
  ListPage,
  ListResults,
  MultiSelect,
  tableColumns,
  useColumnChoice,
  type SelectOption,
} from '@panel/ui';
import { useAddressFilter } from '../../../lib/address-filter';
import { ListTools } from '../../../lib/list-tools';
import { trpc } from '../../../lib/trpc';
import { RESERVE_COLUMNS } from '../components/reserve-columns';
import { ReserveDrawer } from '../components/reserve-drawer';

const STATE_OPTIONS: SelectOption[] = Object.entries(RESERVE_STATES).map(([value, label]) => ({ value, label }));
const COLUMN_KEYS = RESERVE_COLUMNS.map((c) => c.key);
// The city is in the chooser; left out at first so the list fits a 1366 screen.
const DEFAULT_KEYS = COLUMN_KEYS.filter((key) => key !== 'city');
/** Unpaid reserves end on the server: the list looks again now and then while it is open. */
const REFRESH_MS = 15_000;

/** Customer reserves of a timeslot awaiting payment (issue 14): renew, send the payment link, release. */
export function ReserveListScreen() {
  const queryClient = useQueryClient();
  const { filter, dropped, update, reset } = useAddressFilter(reserveListFilter);
  const [visible, setVisible] = useColumnChoice('panel.reserves.columns', COLUMN_KEYS, DEFAULT_KEYS);
  const list = useQuery({ ...trpc.inspectionReserves.list.queryOptions(filter), placeholderData: keepPreviousData, refetchInterval: REFRESH_MS });
  const columns = useMemo(() => tableColumns(RESERVE_COLUMNS, visible), [visible]);
  const [open, setOpen] = useState<Reserve | null>(null);
  // The drawer shows the newest copy: the list's after a refresh, or the action's answer.
  const shown = open ? (list.data?.results.find((r) => r.id === open.id && r.version > open.version) ?? open) : null;

  return (
    <ListPage
      title="رزروها"
      dropped={dropped}
      onReset={reset}
      filters={
        <>
          <FilterField label="جستجو">
            <CommitInput label="جستجو" placeholder="نام یا تلفن مشتری" value={filter.query ?? ''} onCommit={(query) => update({ query })} width="14rem" />
          </FilterField>
          <FilterField label="وضعیت رزرو">
            <MultiSelect
              label="وضعیت رزرو"
              options={STATE_OPTIONS}
              value={[...(effectiveReserveStates(filter) ?? [])]}
              onChange={(state) => update({ state: state as ReserveState[] })}
              placeholder="همه وضعیت‌ها"
              width="12rem"
            />
          </FilterField>
          <FilterField label="روز نوبت">
            <JalaliDateField label="روز نوبت" value={filter.date} onChange={(date) => update({ date })} />
          </FilterField>
        </>
      }
      actions={
        <>
          <ListTools
            columns={RESERVE_COLUMNS}
            visible={visible}
            onVisibleChange={setVisible}
            load={() => queryClient.fetchQuery(trpc.inspectionReserves.export.queryOptions({ ...filter, page: 1 }))}
            fileName="reserves"
            noun="رزرو"
            count={list.data?.count}
          />
        </>
      }
    >
      <ListResults
        label="رزروها"
        columns={columns}
        answer={list.data}
        rowKey={(r) => String(r.id)}
        loading={list.isPending}
        loadingText={MESSAGES.loading}
        emptyText={RESERVE_MESSAGES.empty}
        sort={{ key: filter.sort, ascending: filter.isAscending }}
        onSortChange={(sort) => update({ sort: sort.key as ReserveSortColumn, isAscending: sort.ascending })}
        onRowClick={setOpen}
        paging={filter}
        onPageChange={(page) => update({ page })}
      />
      <ReserveDrawer reserve={shown} onChange={setOpen} onClose={() => setOpen(null)} />
    </ListPage>
  );
}
