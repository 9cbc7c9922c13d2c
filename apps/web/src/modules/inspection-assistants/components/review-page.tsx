import type { ReactNode } from 'react';
import { Badge, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { INSPECTION_STATE_LABELS, MESSAGES, toPersianDigits, type InspectionState } from '@panel/contracts/common';
import { REVIEW_KINDS, REVIEW_QUEUE_STATE, ReviewOrderInputSchema, type QcReport, type ReviewKind } from '@panel/contracts/inspection-assistants';
import { ORDER_WORKFLOW } from '@panel/contracts/inspection-orders';
import { DetailPage, HistoryTimeline, actionLogEntries } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { DESK_PATH } from './desk-queue';
import { ReportPhotos, ReportSections } from './report-photos';
import { ReviewClaim, useMine } from './review-claim';

/**
 * One order at a desk (the "quality-control report page"): the claim, the report's sections, the
 * five photos and the order's history; `actions` and `children` are the desk's own (approve and
 * return, or the price band), shown while the reviewer holds the claim of an order in the queue.
 */
export function ReviewPage({ kind, actions, children }: { kind: ReviewKind; actions: (report: QcReport) => ReactNode; children?: (report: QcReport) => ReactNode }) {
  const { pk } = useParams();
  const navigate = useNavigate();
  const parsed = ReviewOrderInputSchema.safeParse({ kind, pk });
  const orderPk = parsed.success ? parsed.data.pk : 0;
  const report = useQuery({ ...trpc.inspectionAssistants.report.queryOptions({ kind, pk: orderPk }), enabled: parsed.success });
  const log = useQuery({ ...trpc.inspectionOrders.actionLog.queryOptions({ pk: orderPk }), enabled: parsed.success });
  const data = report.data;
  const mine = useMine(data);
  const inQueue = data?.state === REVIEW_QUEUE_STATE[kind];

  return (
    <DetailPage
      back={{ label: `بازگشت به صف ${REVIEW_KINDS[kind]}`, onClick: () => navigate(DESK_PATH[kind]) }}
      status={!parsed.success || report.isError ? 'missing' : data ? 'ready' : 'loading'}
      loadingText={MESSAGES.loading}
      missingText="سفارش یافت نشد."
      title={data && `${REVIEW_KINDS[kind]} سفارش ${toPersianDigits(data.code)}`}
      badge={data && <Badge size="lg">{INSPECTION_STATE_LABELS[data.state as InspectionState] ?? data.state}</Badge>}
      actions={data && inQueue && mine && actions(data)}
    >
      {data && (
        <Stack gap="5">
          {inQueue && <ReviewClaim kind={kind} report={data} />}
          <ReportSections report={data} />
          <ReportPhotos report={data} judging={kind === 'qc' && inQueue && mine} />
          {inQueue && mine && children?.(data)}
          <HistoryTimeline
            title="تاریخچه سفارش"
            emptyText={log.isPending ? MESSAGES.loading : 'هنوز کاری روی این سفارش ثبت نشده است.'}
            entries={actionLogEntries(log.data ?? [], { workflow: ORDER_WORKFLOW })}
          />
        </Stack>
      )}
    </DetailPage>
  );
}
