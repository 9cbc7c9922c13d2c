import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { CLAIM_STATE_ACTIONS, LEASING_CLAIM_STEPS, LEASING_CLAIM_WORKFLOW, LeasingClaimStepSchema, type ClaimOutcome, type LeasingClaimAction, type LeasingClaimDetail, type LeasingClaimStep } from '@panel/contracts/leasing';
import { NativeSelectField, WorkflowActions, notify } from '@panel/ui';
import { useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { actionCall, useActionCalls } from '../../../lib/workflow-calls';
import { PaymentDialog } from './claim-payment-dialog';

const STEP_OPTIONS = Object.entries(LEASING_CLAIM_STEPS).map(([value, label]) => ({ value, label }));
const NO_CHANGE = '';

/**
 * The claim's actions: the state moves its table allows (follow-up, back to current, the legal
 * file, each with the follow-up step to set), and «ثبت پرداخت». Settling is the payment's own.
 */
export function ClaimActions({ claim }: { claim: LeasingClaimDetail }) {
  const roles = useRoles();
  const [step, setStep] = useState<string>(NO_CHANGE);
  const [paying, setPaying] = useState(false);
  const { id, version } = claim;
  const chosenStep = (): LeasingClaimStep | undefined => (step === NO_CHANGE ? undefined : LeasingClaimStepSchema.parse(step));
  const moves = Object.fromEntries(CLAIM_STATE_ACTIONS.map((action) => [action, actionCall(trpc.leasing.updateClaimState, (reason) => ({ id, version, action, step: chosenStep(), reason }))]));
  const run = useActionCalls<LeasingClaimAction, ClaimOutcome>({ ...(moves as Record<(typeof CLAIM_STATE_ACTIONS)[number], ReturnType<typeof actionCall>>), settle: null }, { onSuccess: (outcome) => notify(outcome.message, 'success') });
  const stepField = <NativeSelectField label="مرحله پیگیری" value={step} onChange={setStep} options={[{ value: NO_CHANGE, label: 'بدون تغییر مرحله' }, ...STEP_OPTIONS]} />;

  return (
    <>
      {claim.state !== 'settled' && (
        <Button size="sm" colorPalette="green" onClick={() => setPaying(true)}>
          ثبت پرداخت
        </Button>
      )}
      <WorkflowActions
        workflow={LEASING_CLAIM_WORKFLOW}
        state={claim.state}
        roles={roles}
        onRun={run}
        except={['settle']}
        destructive={['file_execute']}
        reasonLabels={{ start_followup: 'توضیح (اختیاری)', back_to_current: 'توضیح (اختیاری)', file_execute: 'دلیل اجرای پرونده' }}
        fields={{ start_followup: stepField, back_to_current: stepField, file_execute: stepField }}
      />
      <PaymentDialog claim={claim} open={paying} onClose={() => setPaying(false)} />
    </>
  );
}
