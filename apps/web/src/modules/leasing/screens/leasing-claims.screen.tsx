import { Button } from '@chakra-ui/react';
import { Link } from 'react-router';
import { LEASING_CLAIMS_PAGE_SIZE, optionsOf } from '@panel/contracts/common';
import { LEASING_CLAIM_STATES, LEASING_CLAIM_STEPS, leasingClaimListFilter } from '@panel/contracts/leasing';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { CLAIM_COLUMNS, CLAIM_COLUMNS_KEY, DEFAULT_CLAIM_COLUMNS } from '../components/claim-columns';

const options = (labels: Record<string, string>) => optionsOf(labels);

/** The claims list (issue 30, spec §9: 10 a page, page 1): state, step, due between, overdue; CSV. */
export const CLAIMS_SCREEN = listScreen({
  title: 'مطالبات لیزینگ',
  filter: leasingClaimListFilter,
  pageSize: LEASING_CLAIMS_PAGE_SIZE,
  list: (filter) => trpc.leasing.claims.queryOptions(filter),
  export: (filter) => trpc.leasing.exportClaims.queryOptions(filter),
  csv: { fileName: 'leasing-claims', noun: 'مطالبه' },
  columns: CLAIM_COLUMNS,
  columnsKey: CLAIM_COLUMNS_KEY,
  defaultColumns: DEFAULT_CLAIM_COLUMNS,
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'کد سفارش، تلفن یا نام', width: '12rem' }),
    f.choice('state', 'وضعیت', options(LEASING_CLAIM_STATES), { width: '9rem' }),
    f.choice('step', 'مرحله', options(LEASING_CLAIM_STEPS), { width: '10rem' }),
    f.yesNo('overdue', 'معوق'),
    f.range(['dueFrom', 'dueTo'], ['سررسید از', 'سررسید تا'], 'day', { more: true }),
  ],
  label: 'مطالبات',
  rowKey: (row) => row.id,
  emptyText: 'مطالبه‌ای با این فیلترها نیست.',
  sort: false,
  rowHref: (row, search) => `/panel/leasing/claims/${row.id}${search}`,
});

export function LeasingClaimsScreen() {
  const screen = useListScreen(CLAIMS_SCREEN);
  return (
    <ListScreen
      screen={screen}
      actions={
        <Button asChild size="sm" variant="outline">
          <Link to="/panel/leasing/payment-plans">طرح‌های پرداخت</Link>
        </Button>
      }
    />
  );
}
