import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, toPersianDigits } from '@panel/contracts/common';
import { ASSISTANT_MESSAGES, type BalancePlan } from '@panel/contracts/inspection-assistants';
import { DataTable, PanelDialog, isRefusal, notify, tableColumns, type ListColumn } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

type PlanRow = BalancePlan['rows'][number];

const change = (r: PlanRow) => r.after - r.before;
const role = (r: PlanRow) => (change(r) > 0 ? 'می‌گیرد' : change(r) < 0 ? 'می‌دهد' : 'بی‌تغییر');
/** The open orders of no assistant (nobody, or someone off the roster): they all move, so the pool is a giver too. */
const POOL = 'بدون دستیار';

/** The plan's rows, with the pool as a row of its own when it holds any open order. */
export function planRows(plan: BalancePlan): PlanRow[] {
  const rows = plan.rows.filter((r) => r.active || r.before > 0);
  const pooled = plan.open_orders - plan.rows.reduce((sum, r) => sum + r.before, 0);
  return pooled > 0 ? [...rows, { username: '', name: POOL, active: false, before: pooled, after: 0 }] : rows;
}

const PLAN_COLUMNS: ListColumn<PlanRow>[] = [
  { key: 'name', header: 'دستیار', text: (r) => r.name || r.username },
  { key: 'role', header: 'در برنامه', text: role, render: (r) => <Badge colorPalette={change(r) > 0 ? 'green' : change(r) < 0 ? 'orange' : 'gray'}>{role(r)}</Badge> },
  { key: 'before', header: 'سفارش باز اکنون', text: (r) => toPersianDigits(r.before), align: 'end' },
  { key: 'change', header: 'جابه‌جایی', text: (r) => (change(r) === 0 ? '—' : toPersianDigits(Math.abs(change(r)))), align: 'end' },
  { key: 'after', header: 'پس از متعادل‌سازی', text: (r) => toPersianDigits(r.after), align: 'end' },
];
const columns = tableColumns(PLAN_COLUMNS);

/**
 * "Balance orders" (decision 097): the plan is shown first (who gives, who gets, counts before and
 * after) and applied only as shown; if anything changed meanwhile the gateway refuses it and the
 * new plan is read, to be looked at again.
 */
export function BalanceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const plan = useQuery({ ...trpc.inspectionAssistants.balancePlan.queryOptions(), enabled: open, staleTime: 0, gcTime: 0 });
  const apply = useMutation(
    trpc.inspectionAssistants.applyBalance.mutationOptions({
      onSuccess: (r) => {
        notify(`${r.message} (${toPersianDigits(r.moved)} سفارش جابه‌جا شد.)`, 'success');
        onClose();
      },
      onError: (error) => {
        if (isRefusal(error)) void plan.refetch();
      },
      onSettled: () => void queryClient.invalidateQueries({ queryKey: trpc.inspectionAssistants.board.queryKey() }),
    }),
  );
  const data = plan.data;
  const rows = data ? planRows(data) : [];

  return (
    <PanelDialog
      open={open}
      onClose={onClose}
      size="lg"
      role="alertdialog"
      title="متعادل‌سازی سفارش‌ها"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            انصراف
          </Button>
          <Button colorPalette="blue" disabled={!data || data.moves === 0 || plan.isFetching} loading={apply.isPending} onClick={() => data && apply.mutate({ fingerprint: data.fingerprint })}>
            اجرای همین برنامه
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>
          {data
            ? data.moves > 0
              ? `${toPersianDigits(data.open_orders)} سفارش باز میان دستیاران آماده (فعال و نه در استراحت) برابر پخش می‌شود: ${toPersianDigits(data.moves)} سفارش جابه‌جا می‌شود. از هر دستیارِ پربار تازه‌ترین سفارش‌هایش گرفته می‌شود.`
              : ASSISTANT_MESSAGES.alreadyBalanced
            : MESSAGES.loading}
        </Text>
        {plan.isError && (
          <Text role="alert" color="fg.error">
            برنامه متعادل‌سازی بارگذاری نشد.
          </Text>
        )}
        <DataTable label="برنامه متعادل‌سازی" columns={columns} rows={rows} rowKey={(r) => r.username || POOL} loading={plan.isPending} loadingText={MESSAGES.loading} emptyText="دستیاری در برنامه نیست." />
      </Stack>
    </PanelDialog>
  );
}
