import { Button } from '@chakra-ui/react';
import { Link } from 'react-router';
import { CITIES, optionsOf } from '@panel/contracts/common';
import { SALE_MESSAGES, SALE_PLANS, SALE_STATES, saleListFilter } from '@panel/contracts/concierge-sale';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { DEFAULT_SALE_COLUMNS, SALE_COLUMNS } from '../components/sale-columns';

const STATE_OPTIONS = optionsOf(SALE_STATES);
const CITY_OPTIONS = CITIES.map((c) => ({ value: c.id, label: c.name }));
const PLAN_OPTIONS = optionsOf(SALE_PLANS);
const people = (kind: 'supervisors' | 'sales_experts') => ({
  query: trpc.conciergeSale.people.queryOptions(),
  options: (data: Record<typeof kind, { id: number; name: string }[]>) => data[kind].map((p) => ({ value: p.id, label: p.name })),
});

const SALES = listScreen({
  title: 'فروش همراه',
  filter: saleListFilter,
  procedures: trpc.conciergeSale,
  csv: { fileName: 'concierge-sales', noun: 'فروش' },
  columns: SALE_COLUMNS,
  columnsKey: 'panel.concierge-sale.columns',
  defaultColumns: DEFAULT_SALE_COLUMNS,
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'تلفن، نام، کد یا خودرو', width: '13rem' }),
    f.multi('status', 'وضعیت', STATE_OPTIONS, { placeholder: 'همه وضعیت‌ها', width: '12rem' }),
    f.multi('cities', 'شهر', CITY_OPTIONS, { placeholder: 'همه شهرها', width: '11rem' }),
    f.day('createdFrom', 'ثبت از'),
    f.day('createdTo', 'ثبت تا', { more: true }),
    f.choice('supervisor', 'ناظر', people('supervisors'), { width: '11rem', more: true }),
    f.choice('salesExpert', 'کارشناس فروش', people('sales_experts'), { width: '11rem', more: true }),
    f.choice('plan', 'طرح', PLAN_OPTIONS, { width: '9rem', more: true }),
    f.yesNo('quickSale', 'فروش فوری', { more: true }),
    f.yesNo('leasing', 'امکان لیزینگ', { more: true }),
    f.yesNo('hasDeal', 'دارای معامله', { more: true }),
  ],
  label: 'فروش‌ها',
  rowKey: (s) => s.id,
  emptyText: SALE_MESSAGES.empty,
  rowHref: (s) => `/panel/concierge-sale/${s.id}`,
});

/** The concierge sales (`/panel/concierge-sale`): filters in the address, columns, sort, CSV; a row opens its detail. */
export function SaleListScreen() {
  return (
    <ListScreen
      screen={useListScreen(SALES)}
      actions={
        <Button asChild size="sm" variant="outline">
          <Link to="/panel/concierge-sale/offers">پیشنهادهای خریداران</Link>
        </Button>
      }
    />
  );
}
