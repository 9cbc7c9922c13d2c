import { Box, HStack, Text } from '@chakra-ui/react';
import { CITIES, formatNumber, formatToman, optionsOf } from '@panel/contracts/common';
import { DEAL_STATES, SALE_MESSAGES, dealListFilter } from '@panel/contracts/concierge-sale';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { DEAL_COLUMNS, DEFAULT_DEAL_COLUMNS } from '../components/sale-columns';

const STATE_OPTIONS = optionsOf(DEAL_STATES);
const CITY_OPTIONS = CITIES.map((c) => ({ value: c.id, label: c.name }));
const SUPERVISORS = { query: trpc.conciergeSale.people.queryOptions(), options: (data: { supervisors: { id: number; name: string }[] }) => data.supervisors.map((p) => ({ value: p.id, label: p.name })) };

const DEALS = listScreen({
  title: 'معاملات',
  filter: dealListFilter,
  list: (filter) => trpc.conciergeSale.deals.queryOptions(filter),
  export: (filter) => trpc.conciergeSale.exportDeals.queryOptions(filter),
  csv: { fileName: 'deals', noun: 'معامله' },
  columns: DEAL_COLUMNS,
  columnsKey: 'panel.deals.columns',
  defaultColumns: DEFAULT_DEAL_COLUMNS,
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'خریدار، فروشنده، تلفن یا کد', width: '13rem' }),
    f.multi('state', 'وضعیت معامله', STATE_OPTIONS, { placeholder: 'همه وضعیت‌ها', width: '11rem' }),
    f.choice('supervisor', 'ناظر', SUPERVISORS, { width: '10rem' }),
    f.multi('cities', 'شهر', CITY_OPTIONS, { placeholder: 'همه شهرها', width: '10rem' }),
    f.range(['dealFrom', 'dealTo'], ['معامله از', 'معامله تا'], 'day'),
  ],
  label: 'معاملات',
  rowKey: (d) => d.id,
  emptyText: SALE_MESSAGES.dealsEmpty,
  rowHref: (d) => `/panel/concierge-sale/${d.sale_id}`,
});

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Box borderWidth="1px" rounded="md" px="4" py="2" bg="bg.subtle" minW="12rem">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="bold" fontSize="lg">
        {value}
      </Text>
    </Box>
  );
}

/** Every deal across sales (`/panel/deals`): state, amounts, commissions, dates; totals of the filtered set; CSV. */
export function DealListScreen() {
  const screen = useListScreen(DEALS);
  const totals = screen.list.data?.totals;
  return (
    <ListScreen
      screen={screen}
      above={
        <HStack gap="3" mb="3" flexWrap="wrap" role="group" aria-label="جمع معاملات فیلترشده">
          <Total label="تعداد معاملات" value={totals ? formatNumber(totals.count) : '—'} />
          <Total label="جمع مبلغ معاملات" value={totals ? formatToman(totals.price) : '—'} />
          <Total label="جمع کمیسیون" value={totals ? formatToman(totals.commission) : '—'} />
        </HStack>
      }
    />
  );
}
