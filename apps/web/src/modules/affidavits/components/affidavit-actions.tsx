import { useState } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { formatToman } from '@panel/contracts/common';
import { AFFIDAVIT_WORKFLOW, type AffidavitAction, type AffidavitDetail, type AffidavitOutcome } from '@panel/contracts/affidavits';
import { WorkflowActions, notify } from '@panel/ui';
import { useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { actionCall, useActionCalls } from '../../../lib/workflow-calls';

/**
 * The affidavit's actions as its state table allows them. A purchase and a link carry a request
 * id made once per version of the affidavit: a second click, or a retry, is the same request, and
 * the gateway records it once. Editing opens the form (its own page).
 */
export function AffidavitActions({ affidavit }: { affidavit: AffidavitDetail }) {
  const roles = useRoles();
  const navigate = useNavigate();
  const { id, version } = affidavit;
  // One request id per action and version (the component is keyed by the version).
  const [requests] = useState(() => ({ purchase: crypto.randomUUID(), payment: crypto.randomUUID(), download: crypto.randomUUID() }));
  const run = useActionCalls<AffidavitAction, AffidavitOutcome>(
    {
      update: null,
      price: actionCall(trpc.affidavits.price, () => ({ id, version })),
      send_payment_link: actionCall(trpc.affidavits.sendPaymentLink, () => ({ id, request_id: requests.payment })),
      purchase: actionCall(trpc.affidavits.purchase, () => ({ id, request_id: requests.purchase })),
      send_download_link: actionCall(trpc.affidavits.sendDownloadLink, () => ({ id, request_id: requests.download })),
      complete: actionCall(trpc.affidavits.updateState, (reason) => ({ id, version, action: 'complete' as const, reason })),
      cancel: actionCall(trpc.affidavits.updateState, (reason) => ({ id, version, action: 'cancel' as const, reason })),
    },
    { onSuccess: (outcome) => notify(outcome.message, 'success') },
  );
  const fee = affidavit.fee === null ? null : formatToman(affidavit.fee);
  const feeLine = fee && <Text fontWeight="bold">{`کارمزد: ${fee}`}</Text>;
  return (
    <>
      {AFFIDAVIT_WORKFLOW.can('update', affidavit.state) && AFFIDAVIT_WORKFLOW.permits('update', roles) && (
        <Button size="sm" variant="outline" onClick={() => navigate(`/panel/affidavit/${id}/edit`)}>
          {AFFIDAVIT_WORKFLOW.actions.update.label}
        </Button>
      )}
      <WorkflowActions
        workflow={AFFIDAVIT_WORKFLOW}
        state={affidavit.state}
        roles={roles}
        onRun={run}
        except={['update']}
        destructive={['cancel']}
        fields={{ purchase: feeLine, send_payment_link: feeLine }}
        reasonLabels={{ cancel: 'دلیل لغو' }}
      />
    </>
  );
}
