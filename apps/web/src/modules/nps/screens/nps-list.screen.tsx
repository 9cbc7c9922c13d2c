import { NPS_GROUPS, NPS_MESSAGES, NPS_STATES, DEFAULT_NPS_STATES, npsListFilter, type NpsAnswer } from '@panel/contracts/nps';
import { optionsOf, toPersianDigits } from '@panel/contracts/common';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { NpsAnswerDrawer } from '../components/nps-answer-drawer';
import { DEFAULT_NPS_COLUMNS, NPS_COLUMNS } from '../components/nps-columns';
import { NpsSummary } from '../components/nps-summary';
import { NpsTrendChart } from '../components/nps-trend-chart';

const STATE_OPTIONS = Object.entries(NPS_STATES).map(([value, label]) => ({ value, label: `${label} (${value})` }));
const GROUP_OPTIONS = optionsOf(NPS_GROUPS);
const SCORE_OPTIONS = Array.from({ length: 11 }, (_, score) => ({ value: score, label: toPersianDigits(score) }));

const NPS_LIST = listScreen({
  title: 'نظرسنجی رضایت (NPS)',
  filter: npsListFilter,
  procedures: trpc.nps,
  csv: { fileName: 'nps', noun: 'پاسخ' },
  columns: NPS_COLUMNS,
  columnsKey: 'panel.nps.columns',
  defaultColumns: DEFAULT_NPS_COLUMNS,
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'نام یا تلفن مشتری، شماره سفارش', width: '15rem' }),
    f.multi('state', 'وضعیت', STATE_OPTIONS, { placeholder: 'همه وضعیت‌ها', width: '13rem', shown: (filter) => filter.state ?? [...DEFAULT_NPS_STATES] }),
    f.choice('group', 'گروه امتیاز', GROUP_OPTIONS, { all: 'همه گروه‌ها', width: '9rem' }),
    f.yesNo('overdue', 'از موعد گذشته', { width: '8rem' }),
    f.range(['answeredFrom', 'answeredTo'], ['پاسخ از', 'پاسخ تا'], 'day'),
    f.choice('scoreMin', 'امتیاز از', SCORE_OPTIONS, { all: '۰', width: '6rem', more: true }),
    f.choice('scoreMax', 'امتیاز تا', SCORE_OPTIONS, { all: '۱۰', width: '6rem', more: true }),
  ],
  label: 'پاسخ‌های نظرسنجی',
  rowKey: (a: NpsAnswer) => a.id,
  emptyText: NPS_MESSAGES.empty,
  errorText: NPS_MESSAGES.loadFailed,
  detail: (d) => <NpsAnswerDrawer id={d.id} onClose={d.close} />,
});

/**
 * نظرسنجی رضایت (/panel/nps, issue 33): the answers with their filters in the address (statuses
 * B–H by default, spec §4), the NPS of the filtered set and its weekly chart above them, the
 * detractors' 48-hour target on each row, and an answer's follow-up in a drawer.
 */
export function NpsListScreen() {
  const screen = useListScreen(NPS_LIST);
  return (
    <ListScreen
      screen={screen}
      above={
        <>
          <NpsSummary totals={screen.list.data?.totals} />
          <NpsTrendChart filter={screen.filter} />
        </>
      }
    />
  );
}
