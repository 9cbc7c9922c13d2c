import { Badge, Text } from '@chakra-ui/react';
import { formatJalaliDateTime, formatTehranTime, toPersianDigits } from '@panel/contracts/common';
import { REVIEW_KINDS, reviewQueueFilter, type QueueItem, type ReviewKind } from '@panel/contracts/inspection-assistants';
import type { ListColumn } from '@panel/ui';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { ReviewerList } from './reviewer-list';

/** Where each desk lives: its queue and, under it, the report page of an order by pk. */
export const DESK_PATH: Record<ReviewKind, string> = { qc: '/panel/inspection/qc-assistants', pricing: '/panel/inspection/pricing-assistants' };
const DESK_TITLE: Record<ReviewKind, string> = { qc: 'دستیاران کنترل کیفیت', pricing: 'دستیاران قیمت‌گذاری' };
/** The queue is read again this often, so claims taken at other desks show without a reload. */
const QUEUE_REFRESH_MS = 15_000;

const live = (row: QueueItem) => !!row.claimed_by && !!row.claim_expires_at && Date.parse(row.claim_expires_at) > Date.now();

const QUEUE_COLUMNS: ListColumn<QueueItem>[] = [
  { key: 'code', header: 'کد سفارش', text: (r) => toPersianDigits(r.code), csv: (r) => r.code },
  { key: 'customer_name', header: 'مشتری', text: (r) => r.customer_name },
  { key: 'brand_model', header: 'خودرو', text: (r) => r.brand_model },
  { key: 'city', header: 'شهر', text: (r) => r.city },
  { key: 'package', header: 'بسته', text: (r) => r.package },
  { key: 'waiting_since', header: 'در صف از', text: (r) => formatJalaliDateTime(r.waiting_since), csv: (r) => r.waiting_since, csvDate: 'instant', sortKey: 'waiting_since' },
  {
    key: 'claimed_by',
    header: 'برداشته‌شده توسط',
    text: (r) => (live(r) ? `${r.claimed_by_name ?? r.claimed_by} تا ${formatTehranTime(r.claim_expires_at!)}` : 'آزاد'),
    render: (r) =>
      live(r) ? (
        <Text as="span">
          {r.claimed_by_name ?? r.claimed_by}{' '}
          <Text as="span" color="fg.muted" textStyle="xs">
            (تا {formatTehranTime(r.claim_expires_at!)})
          </Text>
        </Text>
      ) : (
        <Badge colorPalette="green" variant="subtle">
          آزاد
        </Badge>
      ),
  },
];

function deskQueue(kind: ReviewKind) {
  return listScreen({
    title: DESK_TITLE[kind],
    filter: reviewQueueFilter,
    list: (filter) => trpc.inspectionAssistants.queue.queryOptions({ ...filter, kind }),
    export: (filter) => trpc.inspectionAssistants.queueExport.queryOptions({ ...filter, kind }),
    csv: { fileName: `${kind}-queue`, noun: 'سفارش' },
    columns: QUEUE_COLUMNS,
    columnsKey: `panel.inspection-assistants.${kind}-queue.columns`,
    fields: (f) => [f.yesNo('claimed', 'برداشته‌شده')],
    label: `صف ${REVIEW_KINDS[kind]}`,
    rowKey: (row) => row.pk,
    emptyText: `سفارشی در انتظار ${REVIEW_KINDS[kind]} نیست.`,
    rowHref: (row) => `${DESK_PATH[kind]}/${row.pk}`,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}
const DESKS = { qc: deskQueue('qc'), pricing: deskQueue('pricing') };

/**
 * A review desk (decision 098): the queue of orders waiting in its state, oldest first, who holds
 * each and until when (a row opens the order's report page, where it is claimed), then the desk's
 * reviewers with their counts.
 */
export function DeskScreen({ kind }: { kind: ReviewKind }) {
  const screen = useListScreen(DESKS[kind]);
  return (
    <ListScreen
      screen={screen}
      above={
        <Text textStyle="sm" color="fg.muted" mb="2">
          قدیمی‌ترین سفارش اول است (با ستون «در صف از» ترتیب را برگردانید)؛ سفارش را باز کنید، بردارید و بررسی کنید.
        </Text>
      }
    >
      <ReviewerList kind={kind} />
    </ListScreen>
  );
}
