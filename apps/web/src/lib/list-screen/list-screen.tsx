import { Fragment, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';
import { keepPreviousData, useQuery, useQueryClient, type FetchQueryOptions } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES, SIGNED_IN, allows, type Access } from '@panel/contracts/common';
import { ListPage, ListResults, StateTabs, tableColumns, useColumnChoice, type DataTableSort, type ListColumn, type StateTab } from '@panel/ui';
import { useAddressFilter, type AddressFilterKit } from '../address-filter';
import { ListTools } from '../list-tools';
import { sessionQueryOptions } from '../session';
import { ListFilterField, fieldKit, moreFiltersSet, type FieldKit, type ListFieldDeclaration } from './fields';
import type { Open, PanelQuery } from './query-types';
import { selectionColumn, type ListSelection } from './selection';

/** A page of rows as the BFF answers it; a list past 10,000 rows may estimate its count and page by keyset (decision 123). */
export interface ListAnswer<Row> {
  results: Row[];
  count: number;
  estimated?: boolean;
  next?: string;
}

/**
 * A list screen, declared (decision 093): its contracts filter kit, its list and export
 * procedures, its columns and its filters. The kit wires the rest: filter in the address with
 * the dropped notice and reset, the column chooser, the query keeping the previous page, sort,
 * paging, the CSV of the whole filter, loading, empty and error texts, and row clicks.
 */
/** The rows of a CSV: every row of the filter, up to the export's cap. */
type ExportAnswer<Row> = { rows: Row[]; truncated: boolean };

/** A module's list and export procedures (`trpc.x`), where they are named `list` and `export`. */
export interface ListProcedures<F, Row, A> {
  list: { queryOptions: (filter: F) => PanelQuery<A> };
  export?: { queryOptions: (filter: F) => FetchQueryOptions<ExportAnswer<Row>, Open, ExportAnswer<Row>, Open> };
}

/** Where the rows come from: the module's procedures, or the two queries where they are named otherwise. */
export type ListSource<F, Row, A> =
  | {
      /** `trpc.x`: its `list` is the page query, its `export` the CSV's. */
      procedures: ListProcedures<F, Row, A>;
      list?: never;
      export?: never;
    }
  | {
      procedures?: never;
      /** The page query (`trpc.x.deals.queryOptions(filter)`). */
      list: (filter: F) => PanelQuery<A>;
      /** Every row of the filter, for the CSV. */
      export?: (filter: F) => FetchQueryOptions<ExportAnswer<Row>, Open, ExportAnswer<Row>, Open>;
    };

export type ListScreenDeclaration<F extends object, I extends object, Row, A extends ListAnswer<Row> = ListAnswer<Row>, K extends Key = Key> = ListScreenFields<F, I, Row, K> & ListSource<F, Row, A>;

/** A row's key (`rowKey`). */
type Key = string | number;

/**
 * What a row opens in place (a drawer, a dialog), as the kit holds it: the open row's key and the
 * row itself, or the create button's "new"; `show` opens a row by its key (the one just made),
 * `change` shows an action's answer in place of the row.
 */
export interface ListDetail<Row, K extends Key = Key> {
  /** The open row's key; null when closed or creating. */
  id: K | null;
  /** The open row: the one clicked or last `change`d, or the page's copy when it holds a newer `version`; null when opened by `show`. */
  row: Row | null;
  /** The create button was pressed (and its detail is not closed). */
  creating: boolean;
  close: () => void;
  show: (id: K) => void;
  change: (row: Row) => void;
  create: () => void;
}

export interface ListScreenFields<F extends object, I extends object, Row, K extends Key = Key> {
  title: string;
  filter: AddressFilterKit<F, I>;
  /** The CSV's file name before the day, and what a row is ("only the first N …"). */
  csv?: { fileName: string; noun: string };
  columns: readonly ListColumn<Row>[];
  /** Where the chosen columns are kept, and which show at first (all when not given). */
  columnsKey: string;
  defaultColumns?: readonly string[];
  /** The filters: `more: true` ones go behind "فیلترهای بیشتر". */
  fields: (f: FieldKit<F, I>) => ListFieldDeclaration[];
  /** The table's accessible name, row key, and the texts of an empty answer and of a failure. */
  label: string;
  rowKey: (row: Row) => K;
  emptyText: string;
  errorText?: string;
  /** Sorting from and to the filter; by default its `sort` and `isAscending`, `false` for none. */
  sort?: false | { read: (filter: F) => DataTableSort; write: (sort: DataTableSort) => I };
  /** Where a row opens (`search` is the list's own address, to come back to it). */
  rowHref?: (row: Row, search: string) => string;
  /** State tabs with their counts under the other filters. */
  tabs?: {
    label: string;
    counts: (filter: F) => PanelQuery<Open>;
    tabs: (counts: Open, filter: F) => StateTab<string>[];
    selected: (filter: F) => string;
    select: (key: string) => I;
    highlight?: string;
  };
  /** A list that is one section of a page (under its h1), with its filter bar's name. */
  section?: { filterLabel: string };
  /** Options of the page query (e.g. `refetchInterval`). */
  refetchInterval?: number;
  /**
   * The rows a page holds where the spec gives the list its own (leasing claims: 10), in place of
   * the filter's default; the list query, the paging and the tab counts all use it.
   */
  pageSize?: number;
  /**
   * The list's "new" button (after the screen's own actions), shown to those `access` allows: it
   * goes to `href`, or opens the detail with `creating`.
   */
  create?: { label: string; access?: Access; href?: string };
  /**
   * What a row opens in place (unless it has a `rowHref`) and the create button opens, drawn from
   * the kit's `ListDetail` and the filter; rows open for those `detailAccess` allows (everyone when not given).
   */
  detail?: (detail: ListDetail<Row, K>, filter: F) => ReactNode;
  detailAccess?: Access;
  /**
   * The address key that holds what the detail shows (`template=12`, `template=new`), so a link
   * or a reload opens it; without it the open row is the screen's own state.
   */
  detailAddress?: string;
  /**
   * The screen's other dialogs, each opened by an outline button before the create button, for
   * the roles its `access` names: `draw` gets whether it is open, its close, and the filter and
   * its update (a dialog that shows its result in the list).
   */
  dialogs?: ListDialog<F, I>[];
}

export interface ListDialog<F, I> {
  label: string;
  access?: Access;
  draw: (dialog: { open: boolean; close: () => void; filter: F; update: (patch: I) => void }) => ReactNode;
}

/** The failure text of a list that names none. */
export const LIST_FAILED = 'فهرست بارگذاری نشد.';

const pageQuery = <F extends object, I extends object, Row, A extends ListAnswer<Row>, K extends Key>(d: ListScreenDeclaration<F, I, Row, A, K>) =>
  d.procedures ? (filter: F) => d.procedures!.list.queryOptions(filter) : d.list;

const byColumns = { read: (f: object): DataTableSort => ({ key: String((f as { sort?: unknown }).sort), ascending: (f as { isAscending?: boolean }).isAscending === true }), write: (s: DataTableSort) => ({ sort: s.key, isAscending: s.ascending }) };

type Opened<Row, K> = { id: K; row: Row | null } | 'new' | null;

const versionOf = (row: unknown) => (row as { version?: unknown }).version;

/**
 * What the address says of the detail: a row's key, `new`, or nothing; and its writer. Each write
 * starts from the address the last write left, not the one this render read (`setSearchParams`
 * hands the render's), so two in one tick both count; and a close takes the key away only while
 * it still names what that render showed: the create drawer closing as the created row's drawer
 * opens (the SMS template's, a lost drawer in a loaded run) does not close the new one.
 */
function useAddressedDetail<Row, K extends Key>(key: string | undefined): [Opened<Row, K>, (opened: Opened<Row, K>) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  latest.current = params;
  if (!key) return [null, () => undefined];
  const value = params.get(key);
  const opened: Opened<Row, K> = value === 'new' ? 'new' : value ? { id: (/^\d+$/.test(value) ? Number(value) : value) as K, row: null } : null;
  const write = (next: Opened<Row, K>) => {
    const address = new URLSearchParams(latest.current);
    if (next === null && address.get(key) !== value) return;
    if (next === null) address.delete(key);
    else address.set(key, next === 'new' ? 'new' : String(next.id));
    latest.current = address;
    setParams(address);
  };
  return [opened, write];
}

/** The detail's state: which row is open, its newest copy on the page, and the ways to change it (kept in the address under `address`). */
function useDetail<Row, K extends Key>(rowKey: (row: Row) => K, rows: readonly Row[] | undefined, address?: string): ListDetail<Row, K> {
  const [held, setHeld] = useState<Opened<Row, K>>(null);
  const [addressed, setAddressed] = useAddressedDetail<Row, K>(address);
  // In the address only the key is kept: the row is the one last clicked or changed, or the page's.
  const kept = held !== 'new' && held?.row && addressed !== 'new' && addressed?.id === held.id ? held : null;
  const opened: Opened<Row, K> = address ? (addressed === 'new' || !addressed ? addressed : (kept ?? { id: addressed.id, row: rows?.find((r) => rowKey(r) === addressed.id) ?? null })) : held;
  const setOpened = (next: Opened<Row, K>) => {
    setHeld(next);
    if (address) setAddressed(next);
  };
  const open = opened === 'new' ? null : opened;
  const newer = open?.row && rows?.find((r) => rowKey(r) === open.id && Number(versionOf(r)) > Number(versionOf(open.row)));
  return {
    id: open?.id ?? null,
    row: newer || open?.row || null,
    creating: opened === 'new',
    close: () => setOpened(null),
    show: (id) => setOpened({ id, row: null }),
    change: (row) => setOpened({ id: rowKey(row), row }),
    create: () => setOpened('new'),
  };
}

/** The state of a declared list screen, for a screen with needs of its own (totals, a lookup). */
export function useListScreen<F extends object, I extends object, Row, A extends ListAnswer<Row>, K extends Key = Key>(declaration: ListScreenDeclaration<F, I, Row, A, K>) {
  const address = useAddressFilter(declaration.filter);
  const { dropped, update, reset } = address;
  const { pageSize } = declaration;
  const filter = useMemo(() => (pageSize === undefined ? address.filter : { ...address.filter, pageSize }), [address.filter, pageSize]);
  const list = useQuery({ ...pageQuery(declaration)(filter), placeholderData: keepPreviousData, refetchInterval: declaration.refetchInterval });
  const detail = useDetail(declaration.rowKey, list.data?.results, declaration.detailAddress);
  return { declaration, filter, dropped, update, reset, list, detail };
}
export type ListScreenState<F extends object, I extends object, Row, A extends ListAnswer<Row>, K extends Key = Key> = ReturnType<typeof useListScreen<F, I, Row, A, K>>;

export interface ListScreenProps<F extends object, I extends object, Row, A extends ListAnswer<Row>, K extends Key = Key> {
  screen: ListScreenState<F, I, Row, A, K>;
  /** Buttons before the declared create button, the column chooser and CSV. */
  actions?: ReactNode;
  /** Between the filters and the table (a lookup, totals, page tabs). */
  above?: ReactNode;
  /** In place of opening the declared detail (or `rowHref`). */
  onRowClick?: (row: Row) => void;
  /** In place of the create button's own (its detail kept elsewhere, e.g. in the address). */
  onCreate?: () => void;
  /** Where `onReset` does more than clear the filter. */
  onReset?: () => void;
  /** Dialogs beside the declared detail. */
  children?: ReactNode;
  /** Rows picked for one action on many: a checkbox column first, not in the chooser or the CSV. */
  selection?: ListSelection<Row>;
}

function Tabs<F extends object, I extends object>({ tabs, filter, update }: { tabs: NonNullable<ListScreenFields<F, I, unknown>['tabs']>; filter: F; update: (patch: I) => void }) {
  const counts = useQuery({ ...tabs.counts(filter), placeholderData: keepPreviousData });
  return <StateTabs label={tabs.label} tabs={tabs.tabs(counts.data, filter)} selected={tabs.selected(filter)} onSelect={(key) => update(tabs.select(key))} highlight={tabs.highlight} />;
}

/** A declared list screen, drawn from `useListScreen`'s state and the screen's slots. */
export function ListScreen<F extends object, I extends object, Row, A extends ListAnswer<Row>, K extends Key = Key>({ screen, actions, above, onRowClick, onCreate, onReset, children, selection }: ListScreenProps<F, I, Row, A, K>) {
  const { declaration: d, filter, dropped, update, reset, list, detail } = screen;
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const keys = useMemo(() => d.columns.map((c) => c.key), [d.columns]);
  const [visible, setVisible] = useColumnChoice(d.columnsKey, keys, d.defaultColumns ?? keys);
  const chosenColumns = useMemo(() => tableColumns(d.columns, visible), [d.columns, visible]);
  const columns = selection ? [selectionColumn(list.data?.results ?? [], (row: Row) => String(d.rowKey(row)), selection), ...chosenColumns] : chosenColumns;
  const fields = useMemo(() => d.fields(fieldKit<F, I>()), [d]);
  const sort = d.sort === false ? undefined : (d.sort ?? ('isAscending' in d.filter.defaults ? byColumns : undefined));
  const patch = update as (patch: Record<string, unknown>) => void;
  const draw = (more: boolean) => fields.filter((f) => !!f.more === more).map((f) => <ListFilterField key={f.label} field={f} filter={filter} update={patch} />);
  // The session is asked only where a role is named (a list without one asks nothing more).
  const create = d.create?.access ?? SIGNED_IN;
  const opens = d.detailAccess ?? SIGNED_IN;
  const named = create.length + opens.length + (d.dialogs ?? []).reduce((n, x) => n + (x.access?.length ?? 0), 0);
  const roles = useQuery({ ...sessionQueryOptions(), enabled: named > 0 }).data?.roles ?? [];
  const [dialog, setDialog] = useState<number | null>(null);
  const dialogs = (d.dialogs ?? []).map((x, at) => ({ ...x, at })).filter((x) => allows(x.access ?? SIGNED_IN, roles));
  const canCreate = allows(create, roles);
  const canOpen = allows(opens, roles);
  const opensDetail = d.detail && canOpen ? detail.change : undefined;
  const open = onRowClick ?? (d.rowHref ? (row: Row) => navigate(d.rowHref!(row, location.search)) : opensDetail);
  const createButton = d.create && canCreate && (
    <Button size="sm" colorPalette="green" onClick={onCreate ?? (d.create.href ? () => navigate(d.create!.href!) : detail.create)}>
      <LuPlus aria-hidden />
      {d.create.label}
    </Button>
  );
  const exportAll = d.procedures ? d.procedures.export && ((f: F) => d.procedures!.export!.queryOptions(f)) : d.export;

  return (
    <ListPage
      title={d.title}
      section={d.section}
      dropped={dropped}
      onReset={onReset ?? reset}
      filters={draw(false)}
      moreFilters={fields.some((f) => f.more) ? draw(true) : undefined}
      moreFiltersSet={moreFiltersSet(fields, filter)}
      actions={
        <>
          {actions}
          {dialogs.map((x) => (
            <Button key={x.label} size="sm" variant="outline" onClick={() => setDialog(x.at)}>
              {x.label}
            </Button>
          ))}
          {createButton}
          {exportAll && d.csv && (
            <ListTools
              columns={d.columns}
              visible={visible}
              onVisibleChange={setVisible}
              load={() => queryClient.fetchQuery(exportAll({ ...filter, page: 1 }))}
              fileName={d.csv.fileName}
              noun={d.csv.noun}
              count={list.data?.count}
            />
          )}
        </>
      }
    >
      {d.tabs && <Tabs tabs={d.tabs} filter={filter} update={update} />}
      {above}
      {list.isError && (
        <Text role="alert" color="fg.error" mb="2">
          {d.errorText ?? LIST_FAILED}
        </Text>
      )}
      <ListResults
        label={d.label}
        columns={columns}
        answer={list.data}
        rowKey={(row) => String(d.rowKey(row))}
        loading={list.isPending}
        loadingText={MESSAGES.loading}
        emptyText={d.emptyText}
        sort={sort?.read(filter)}
        onSortChange={sort ? (s) => update(sort.write(s) as I) : undefined}
        onRowClick={open}
        paging={filter as unknown as { page: number; pageSize: number }}
        onPageChange={(page, after) => patch({ page, after })}
      />
      {d.detail?.(detail, filter)}
      {dialogs.map((x) => (
        <Fragment key={x.label}>{x.draw({ open: dialog === x.at, close: () => setDialog(null), filter, update })}</Fragment>
      ))}
      {children}
    </ListPage>
  );
}

/** A plain list screen: the declaration is the whole screen. */
export function defineListScreen<F extends object, I extends object, Row, A extends ListAnswer<Row> = ListAnswer<Row>, K extends Key = Key>(declaration: ListScreenDeclaration<F, I, Row, A, K>) {
  return function DeclaredListScreen() {
    return <ListScreen screen={useListScreen(declaration)} />;
  };
}

/** The declaration with its types checked, for a screen that draws it itself (`useListScreen`). */
export const listScreen = <F extends object, I extends object, Row, A extends ListAnswer<Row> = ListAnswer<Row>, K extends Key = Key>(declaration: ListScreenDeclaration<F, I, Row, A, K>) => declaration;
