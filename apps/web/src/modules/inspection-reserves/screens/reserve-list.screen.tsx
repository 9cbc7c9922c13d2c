import { useMemo } from 'react';
import { Badge, HStack } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { MESSAGES, formatJalaliDate, formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import { RESERVE_MESSAGES, RESERVE_STATES, RESERVE_WORKFLOW, effectiveReserveStates, reserveListFilter, type Reserve, type ReserveAction, type ReserveState } from '@panel/contracts/inspection-reserves';
import { CommitInput, DataTable, FilterField, JalaliDateField, ListPage, MultiSelect, Pagination, WorkflowActions, notify, tableColumns, type ListColumn, type SelectOption } from '@panel/ui';
import { useAddressFilter } from '../../../lib/address-filter';
import { trpc } from '../../../lib/trpc';

const STATE_OPTIONS: SelectOption[] = Object.entries(RESERVE_STATES).map(([value, label]) => ({ value, label }));
const STATE_COLORS: Record<ReserveState, string> = { waiting: 'orange', paid: 'green', expired: 'gray', released: 'gray' };

/** One reserve's actions, as the reserve workflow allows them from its state. */
function ReserveActions({ reserve }: { reserve: Reserve }) {
  const done = (action: ReserveAction) => () => notify(RESERVE_MESSAGES.done[action], 'success');
  const renew = useMutation(trpc.inspectionReserves.renew.mutationOptions({ onSuccess: done('renew') }));
  const link = useMutation(trpc.inspectionReserves.sendPaymentLink.mutationOptions({ onSuccess: done('send_payment_link') }));
  const release = useMutation(trpc.inspectionReserves.release.mutationOptions({ onSuccess: done('release') }));
  const run = (action: ReserveAction, reason: string) =>
    action === 'renew' ? renew.mutateAsync({ id: reserve.id }) : action === 'send_payment_link' ? link.mutateAsync({ id: reserve.id }) : release.mutateAsync({ id: reserve.id, reason });
  return (
    <HStack gap="1" onClick={(e) => e.stopPropagation()}>
      <WorkflowActions workflow={RESERVE_WORKFLOW} state={reserve.state} onRun={run} destructive={['release']} />
    </HStack>
  );
}

const COLUMNS: ListColumn<Reserve>[] = [
  { key: 'customer_name', header: 'مشتری', text: (r) => r.customer_name },
  { key: 'phone_number', header: 'تلفن', text: (r) => toPersianDigits(r.phone_number) },
  { key: 'package', header: 'بسته', text: (r) => r.package },
  { key: 'price', header: 'مبلغ', text: (r) => formatToman(r.price) },
  { key: 'slot', header: 'نوبت', text: (r) => `${formatJalaliDate(r.date)} · ${toPersianDigits(r.shift)}` },
  { key: 'expert_name', header: 'کارشناس', text: (r) => r.expert_name },
  { key: 'reserved_at', header: 'زمان رزرو', text: (r) => formatJalaliDateTime(r.reserved_at) },
  { key: 'payment_deadline', header: 'مهلت پرداخت', text: (r) => formatJalaliDateTime(r.payment_deadline) },
  {
    key: 'state',
    header: 'وضعیت',
    text: (r) => RESERVE_STATES[r.state],
    render: (r) => (
      <Badge colorPalette={STATE_COLORS[r.state]} variant="subtle">
        {RESERVE_STATES[r.state]}
      </Badge>
    ),
  },
  { key: 'link_sent_at', header: 'لینک پرداخت', text: (r) => (r.link_sent_at ? formatJalaliDateTime(r.link_sent_at) : '—') },
  { key: 'actions', header: 'کارها', text: () => '', render: (r) => <ReserveActions reserve={r} /> },
];

/** Customer reserves of a timeslot awaiting payment (issue 14): renew, send the payment link, release. */
export function ReserveListScreen() {
  const { filter, dropped, update, reset } = useAddressFilter(reserveListFilter);
  const list = useQuery({ ...trpc.inspectionReserves.list.queryOptions(filter), placeholderData: keepPreviousData });
  const columns = useMemo(() => tableColumns(COLUMNS), []);

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
    >
      <DataTable
        label="رزروها"
        columns={columns}
        rows={list.data?.results ?? []}
        rowKey={(r) => String(r.id)}
        loading={list.isPending}
        loadingText={MESSAGES.loading}
        emptyText={RESERVE_MESSAGES.empty}
      />
      {list.data && list.data.count > 0 && (
        <Pagination page={filter.page} pageSize={filter.pageSize} count={list.data.count} onPageChange={(page) => update({ page })} />
      )}
    </ListPage>
  );
}
