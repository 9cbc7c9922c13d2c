import { useMemo, type ReactNode } from 'react';
import { Badge, Text } from '@chakra-ui/react';
import {
  MESSAGES,
  TICKET_KIT_MESSAGES,
  TICKET_STATES,
  formatJalaliDateTime,
  ticketOrdering,
  ticketSort,
  ticketState,
  type TicketBase,
  type TicketOrdering,
} from '@panel/contracts/common';
import { CommitInput, FilterField, JalaliDateField, ListPage, ListResults, SingleSelect, tableColumns, useColumnChoice, type ListColumn } from '@panel/ui';
import { ListTools } from '../list-tools';

// The ticket kit's list screen (decision 086): spec §2's filters in the address (the day, the
// free text and open/resolved here; the area's assistant and expert inputs beside them), the
// column chooser, sorting by the kit's `ordering`, pages of twenty, the CSV of the whole filter,
// and a row opening the area's drawer.

/** The kit's filter as every area's contract declares it (`ticketListFields`). */
export interface TicketListFilterShape {
  date?: string;
  query?: string;
  /** Open (false) by default; null shows both. */
  resolved: boolean | null;
  ordering?: TicketOrdering;
  page: number;
  pageSize: number;
}

const ALL = 'all';
const RESOLVED_OPTIONS = [
  { value: ALL, label: 'همه' },
  { value: 'false', label: TICKET_STATES.open },
  { value: 'true', label: TICKET_STATES.resolved },
];

/** The columns every area's list has; an area puts its own between them (`ticketColumns`). */
export function ticketColumns<T extends TicketBase>(own: ListColumn<T>[]): ListColumn<T>[] {
  const state = (t: T) => TICKET_STATES[ticketState(t)];
  return [
    { key: 'pk', header: 'شماره', sortKey: 'pk', text: (t) => String(t.pk), csv: (t) => t.pk },
    { key: 'title', header: 'عنوان', text: (t) => t.title },
    ...own,
    {
      key: 'resolved',
      header: 'وضعیت',
      text: state,
      render: (t) => (
        <Badge colorPalette={t.resolved ? 'gray' : 'orange'} variant="subtle">
          {state(t)}
        </Badge>
      ),
    },
    { key: 'created_at', header: 'زمان ثبت', sortKey: 'created_at', text: (t) => formatJalaliDateTime(t.created_at), csv: (t) => t.created_at, csvDate: 'instant' },
    { key: 'replies', header: 'پاسخ‌ها', text: (t) => String(t.reply_count), csv: (t) => t.reply_count, align: 'center' },
    { key: 'resolved_at', header: 'زمان بستن', sortKey: 'resolved_at', text: (t) => (t.resolved_at ? formatJalaliDateTime(t.resolved_at) : '—'), csv: (t) => t.resolved_at ?? '', csvDate: 'instant' },
  ];
}

export interface TicketListScreenProps<T extends TicketBase, F extends TicketListFilterShape> {
  title: string;
  /** The filter from the address (`useAddressFilter`) and how to change it. */
  filter: F;
  update: (patch: Partial<F>) => void;
  reset: () => void;
  dropped: readonly string[];
  /** The area's assistant and expert inputs. */
  areaFilters: ReactNode;
  columns: ListColumn<T>[];
  /** Where the chosen columns are kept, and which show at first. */
  columnsKey: string;
  defaultColumns?: readonly string[];
  answer: { results: readonly T[]; count: number } | undefined;
  loading: boolean;
  failed: boolean;
  /** Every row of the filter for the CSV (the area's `export` procedure). */
  exportAll: () => Promise<{ rows: T[]; truncated: boolean }>;
  fileName: string;
  emptyText?: string;
  onOpen: (ticket: T) => void;
  /** The area's drawer. */
  children: ReactNode;
}

export function TicketListScreen<T extends TicketBase, F extends TicketListFilterShape>(props: TicketListScreenProps<T, F>) {
  const { title, filter, update, reset, dropped, columns, answer } = props;
  const keys = useMemo(() => columns.map((c) => c.key), [columns]);
  const [visible, setVisible] = useColumnChoice(props.columnsKey, keys, props.defaultColumns ?? keys);
  const shown = useMemo(() => tableColumns(columns, visible), [columns, visible]);

  return (
    <ListPage
      title={title}
      dropped={dropped}
      onReset={reset}
      filters={
        <>
          <FilterField label="جستجو">
            <CommitInput label="جستجو" placeholder="عنوان، نام، تلفن یا شماره" value={filter.query ?? ''} onCommit={(query) => update({ query } as Partial<F>)} width="14rem" />
          </FilterField>
          <FilterField label="تاریخ ثبت">
            <JalaliDateField label="تاریخ ثبت" value={filter.date} onChange={(date) => update({ date } as Partial<F>)} />
          </FilterField>
          {props.areaFilters}
          <FilterField label="وضعیت رسیدگی">
            <SingleSelect
              label="وضعیت رسیدگی"
              options={RESOLVED_OPTIONS}
              value={filter.resolved === null ? ALL : String(filter.resolved)}
              onChange={(v) => update({ resolved: v === ALL ? null : v === 'true' } as Partial<F>)}
              width="9rem"
            />
          </FilterField>
        </>
      }
      actions={
        <ListTools columns={columns} visible={visible} onVisibleChange={setVisible} load={props.exportAll} fileName={props.fileName} noun="تیکت" count={answer?.count} />
      }
    >
      {props.failed && (
        <Text role="alert" color="fg.error" mb="2">
          فهرست تیکت‌ها بارگذاری نشد.
        </Text>
      )}
      <ListResults
        label={title}
        columns={shown}
        answer={answer}
        rowKey={(t) => String(t.pk)}
        loading={props.loading}
        loadingText={MESSAGES.loading}
        emptyText={props.emptyText ?? TICKET_KIT_MESSAGES.empty}
        sort={ticketSort(filter.ordering)}
        onSortChange={(sort) => update({ ordering: ticketOrdering(sort) } as Partial<F>)}
        onRowClick={props.onOpen}
        paging={filter}
        onPageChange={(page) => update({ page } as Partial<F>)}
      />
      {props.children}
    </ListPage>
  );
}

