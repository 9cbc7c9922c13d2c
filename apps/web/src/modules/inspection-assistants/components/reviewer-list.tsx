import { useState } from 'react';
import { Badge, Box, Button, Heading, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, toPersianDigits } from '@panel/contracts/common';
import { INSPECTION_ASSISTANTS_ACCESS, REVIEW_KINDS, type Reviewer, type ReviewKind } from '@panel/contracts/inspection-assistants';
import { ConfirmDialog, DataTable, notify, tableColumns, type ListColumn } from '@panel/ui';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';

const REVIEWER_COLUMNS: ListColumn<Reviewer>[] = [
  { key: 'name', header: 'نام', text: (r) => r.name || r.username },
  { key: 'state', header: 'وضعیت', text: (r) => (r.active ? 'فعال' : 'غیرفعال'), render: (r) => <Badge colorPalette={r.active ? 'green' : 'gray'}>{r.active ? 'فعال' : 'غیرفعال'}</Badge> },
  { key: 'claimed_now', header: 'برداشته‌شده اکنون', text: (r) => toPersianDigits(r.claimed_now), align: 'end' },
  { key: 'reviewed_today', header: 'بررسی امروز', text: (r) => toPersianDigits(r.reviewed_today), align: 'end' },
  { key: 'reviewed_total', header: 'بررسی در کل', text: (r) => toPersianDigits(r.reviewed_total), align: 'end' },
];

/**
 * The reviewers of a desk with their counts (claimed now, reviewed today, in all), activated and
 * deactivated here; deactivating one ends their claims, so it asks first.
 */
export function ReviewerList({ kind }: { kind: ReviewKind }) {
  const queryClient = useQueryClient();
  const canChange = useCan(INSPECTION_ASSISTANTS_ACCESS.review);
  const list = useQuery(trpc.inspectionAssistants.reviewers.queryOptions({ kind }));
  const options = { onSuccess: (r: { message: string }) => notify(r.message, 'success'), onSettled: () => void queryClient.invalidateQueries() };
  const activate = useMutation(trpc.inspectionAssistants.activateReviewer.mutationOptions(options));
  const deactivate = useMutation(trpc.inspectionAssistants.deactivateReviewer.mutationOptions(options));
  const [leaving, setLeaving] = useState<Reviewer | null>(null);
  const label = `بررسی‌کنندگان ${REVIEW_KINDS[kind]}`;

  const columns = [
    ...tableColumns(REVIEWER_COLUMNS),
    {
      key: 'actions',
      header: 'عملیات',
      cell: (r: Reviewer) =>
        r.active ? (
          <Button size="xs" variant="outline" colorPalette="red" disabled={!canChange} onClick={() => setLeaving(r)} aria-label={`غیرفعال‌سازی ${r.name || r.username}`}>
            غیرفعال‌سازی
          </Button>
        ) : (
          <Button size="xs" variant="outline" disabled={!canChange} loading={activate.isPending && activate.variables?.id === r.id} onClick={() => activate.mutate({ id: r.id, version: r.version })} aria-label={`فعال‌سازی ${r.name || r.username}`}>
            فعال‌سازی
          </Button>
        ),
    },
  ];

  return (
    <Box as="section" aria-labelledby={`reviewers-${kind}`} mt="8">
      <Heading as="h2" size="md" mb="2" id={`reviewers-${kind}`}>
        {label}
      </Heading>
      <Text textStyle="sm" color="fg.muted" mb="2">
        فقط بررسی‌کنندهٔ فعال سفارش برمی‌دارد؛ با غیرفعال شدن، سفارش‌های برداشته‌اش به صف برمی‌گردد.
      </Text>
      {list.isError && (
        <Text role="alert" color="fg.error">
          فهرست بررسی‌کنندگان بارگذاری نشد.
        </Text>
      )}
      <DataTable label={label} columns={columns} rows={list.data ?? []} rowKey={(r) => String(r.id)} loading={list.isPending} loadingText={MESSAGES.loading} emptyText="بررسی‌کننده‌ای برای این صف نیست." />
      <ConfirmDialog
        open={leaving !== null}
        onClose={() => setLeaving(null)}
        title="غیرفعال‌سازی بررسی‌کننده"
        message={leaving && `«${leaving.name || leaving.username}» دیگر سفارشی از این صف برنمی‌دارد${leaving.claimed_now ? ` و ${toPersianDigits(leaving.claimed_now)} سفارش برداشته‌اش به صف برمی‌گردد` : ''}.`}
        confirmLabel="غیرفعال‌سازی"
        destructive
        onConfirm={() => deactivate.mutateAsync({ id: leaving!.id, version: leaving!.version })}
      />
    </Box>
  );
}
