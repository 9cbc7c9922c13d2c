import { useState } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORDER_WORKFLOW } from '@panel/contracts/inspection-orders';
import type { QcReport, ReviewResult } from '@panel/contracts/inspection-assistants';
import { ConfirmDialog, notify } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { ReviewPage } from '../components/review-page';

/** Approve (on to pricing or done, by the order's own request) and return with findings. */
function QcActions({ report }: { report: QcReport }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'approve' | 'return' | null>(null);
  const options = { onSuccess: (r: ReviewResult) => notify(r.message, 'success'), onSettled: () => void queryClient.invalidateQueries() };
  const approve = useMutation(trpc.inspectionAssistants.approve.mutationOptions(options));
  const giveBack = useMutation(trpc.inspectionAssistants.return.mutationOptions(options));
  const approval = ORDER_WORKFLOW.actions[report.pricing ? 'qc_approve_to_pricing' : 'qc_approve'];
  const returning = ORDER_WORKFLOW.actions.qc_return;
  return (
    <HStack gap="2">
      <Button size="sm" colorPalette="green" onClick={() => setAsking('approve')}>
        {approval.label}
      </Button>
      <Button size="sm" variant="outline" colorPalette="red" onClick={() => setAsking('return')}>
        {returning.label}
      </Button>
      <ConfirmDialog open={asking === 'approve'} onClose={() => setAsking(null)} title={approval.label} message={approval.confirm} confirmLabel={approval.label} onConfirm={() => approve.mutateAsync({ pk: report.pk })} />
      <ConfirmDialog
        open={asking === 'return'}
        onClose={() => setAsking(null)}
        title={returning.label}
        message={returning.confirm}
        confirmLabel={returning.label}
        reason="required"
        reasonLabel="یافته‌ها"
        destructive
        onConfirm={(findings) => giveBack.mutateAsync({ pk: report.pk, findings })}
      />
    </HStack>
  );
}

/** The quality-control report page of an order in state Q (`/panel/inspection/qc-assistants/:pk`). */
export function QcReviewScreen() {
  return <ReviewPage kind="qc" actions={(report) => <QcActions report={report} />} />;
}
