import { CITIES, optionsOf } from '@panel/contracts/common';
import { AFFIDAVIT_STATES, AFFIDAVITS_MESSAGES, affidavitListFilter, type Affidavit } from '@panel/contracts/affidavits';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { AFFIDAVIT_COLUMNS, DEFAULT_AFFIDAVIT_COLUMNS } from '../components/affidavits-columns';

const STATE_OPTIONS = optionsOf(AFFIDAVIT_STATES);
const CITY_OPTIONS = CITIES.map((c) => ({ value: c.id, label: c.name }));

/** لیست قولنامه‌ها (/panel/affidavit): filters in the address, sort, paging of 20 and CSV of the whole filter. */
export const AffidavitsListScreen = defineListScreen({
  title: 'لیست قولنامه‌ها',
  filter: affidavitListFilter,
  procedures: trpc.affidavits,
  csv: { fileName: 'affidavits', noun: 'قولنامه' },
  columns: AFFIDAVIT_COLUMNS,
  columnsKey: 'panel.affidavits.columns',
  defaultColumns: DEFAULT_AFFIDAVIT_COLUMNS,
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'نام یا تلفن خریدار و فروشنده، خودرو، شماره', width: '16rem' }),
    f.choice('state', 'وضعیت', STATE_OPTIONS, { all: 'همه وضعیت‌ها', width: '11rem' }),
    f.choice('city', 'شهر', CITY_OPTIONS, { all: 'همه شهرها', width: '9rem' }),
    f.range(['createdFrom', 'createdTo'], ['ثبت از', 'ثبت تا'], 'day', { more: true }),
  ],
  label: 'قولنامه‌ها',
  rowKey: (a: Affidavit) => a.id,
  emptyText: AFFIDAVITS_MESSAGES.empty,
  errorText: AFFIDAVITS_MESSAGES.loadFailed,
  rowHref: (a, search) => `/panel/affidavit/${a.id}${search}`,
});
