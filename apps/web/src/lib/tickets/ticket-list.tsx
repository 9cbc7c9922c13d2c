import { Badge } from '@chakra-ui/react';
import {
  TICKET_KIT_MESSAGES,
  TICKET_STATES,
  formatJalaliDateTime,
  ticketOrdering,
  ticketSort,
  ticketState,
  type TicketBase,
  type TicketOrdering,
} from '@panel/contracts/common';
import type { ListColumn } from '@panel/ui';
import type { FieldKit, ListAnswer, ListFieldDeclaration, ListScreenDeclaration, ListScreenFields, ListSource } from '../list-screen';

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

const RESOLVED_OPTIONS = [
  { value: false, label: TICKET_STATES.open },
  { value: true, label: TICKET_STATES.resolved },
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

type TicketDeclaration<F extends TicketListFilterShape, I extends object, T, A extends ListAnswer<T>> = ListScreenDeclaration<F, I, T, A, number>;

/**
 * An area's ticket list, declared: the kit's filters (free text, day, open/resolved) around the
 * area's own (`areaFields`), sorting by `ordering`, the pk as the row key.
 */
export function ticketListScreen<F extends TicketListFilterShape, I extends object, T extends TicketBase, A extends ListAnswer<T>>(
  area: Omit<ListScreenFields<F, I, T, number>, 'fields' | 'label' | 'rowKey' | 'sort' | 'emptyText' | 'errorText' | 'csv'> &
    ListSource<F, T, A> & {
    fileName: string;
    emptyText?: string;
    areaFields: (f: FieldKit<F, I>) => ListFieldDeclaration[];
  },
): TicketDeclaration<F, I, T, A> {
  const { fileName, areaFields, ...declaration } = area;
  return {
    ...declaration,
    csv: { fileName, noun: 'تیکت' },
    fields: (f) => {
      const kit = f as unknown as FieldKit<TicketListFilterShape>;
      return [
        kit.search('query', 'جستجو', { placeholder: 'عنوان، نام، تلفن یا شماره', width: '14rem' }),
        kit.day('date', 'تاریخ ثبت'),
        ...areaFields(f),
        kit.choice('resolved', 'وضعیت رسیدگی', RESOLVED_OPTIONS, { allValue: null, width: '9rem' }),
      ];
    },
    label: area.title,
    rowKey: (t) => t.pk,
    emptyText: area.emptyText ?? TICKET_KIT_MESSAGES.empty,
    errorText: 'فهرست تیکت‌ها بارگذاری نشد.',
    sort: { read: (filter) => ticketSort(filter.ordering), write: (sort) => ({ ordering: ticketOrdering(sort) }) as unknown as I },
  };
}
