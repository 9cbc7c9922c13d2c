import { optionsOf } from '@panel/contracts/common';
import { RESERVE_MESSAGES, RESERVE_STATES, effectiveReserveStates, reserveListFilter } from '@panel/contracts/inspection-reserves';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { RESERVE_COLUMNS } from '../components/reserve-columns';
import { ReserveDrawer } from '../components/reserve-drawer';

const STATE_OPTIONS = optionsOf(RESERVE_STATES);

/** Customer reserves of a timeslot awaiting payment (issue 14): renew, send the payment link, release; the drawer shows the row's newest copy. */
export const ReserveListScreen = defineListScreen({
  title: 'رزروها',
  filter: reserveListFilter,
  procedures: trpc.inspectionReserves,
  csv: { fileName: 'reserves', noun: 'رزرو' },
  columns: RESERVE_COLUMNS,
  columnsKey: 'panel.reserves.columns',
  // The city is in the chooser; left out at first so the list fits a 1366 screen.
  defaultColumns: RESERVE_COLUMNS.map((c) => c.key).filter((key) => key !== 'city'),
  fields: (f) => [
    f.search('query', 'جستجو', { placeholder: 'نام یا تلفن مشتری', width: '14rem' }),
    f.multi('state', 'وضعیت رزرو', STATE_OPTIONS, { placeholder: 'همه وضعیت‌ها', width: '12rem', shown: (filter) => [...(effectiveReserveStates(filter) ?? [])] }),
    f.day('date', 'روز نوبت'),
  ],
  label: 'رزروها',
  rowKey: (r) => r.id,
  emptyText: RESERVE_MESSAGES.empty,
  /** Unpaid reserves end on the server: the list looks again now and then while it is open. */
  refetchInterval: 15_000,
  detail: (d) => <ReserveDrawer reserve={d.row} onChange={d.change} onClose={d.close} />,
});

