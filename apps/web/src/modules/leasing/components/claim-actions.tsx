import { optionsOf } from '@panel/contracts/common';
import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LEASING_CLAIM_STEPS, LeasingClaimStepSchema, type ClaimOfferedAction, type LeasingClaimDetail, type LeasingClaimStep } from '@panel/contracts/leasing';
import { ConfirmDialog, NativeSelectField, notify } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { PaymentDialog } from './claim-payment-dialog';
import { offerReasonId } from './offered-actions';

const STEP_OPTIONS = optionsOf(LEASING_CLAIM_STEPS);
const NO_CHANGE = '';
type StateAction = Exclude<ClaimOfferedAction['id'], 'pay' | 'promise' | 'change_schedule'>;
/** The offer's actions the bar draws; a promise and a schedule change have their own sections. */
const IN_BAR = new Set<ClaimOfferedAction['id']>(['pay', 'start_followup', 'back_to_current', 'file_execute']);
const isStateAction = (id: ClaimOfferedAction['id']): id is StateAction => IN_BAR.has(id) && id !== 'pay';

/** Everything the claim's screen shows again after an action: the claim, its offer, its history, the list. */
export function useClaimRefresh(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.leasing.claim.queryKey({ id }) }),
      queryClient.invalidateQueries({ queryKey: trpc.leasing.claimActions.queryKey({ id }) }),
      queryClient.invalidateQueries({ queryKey: trpc.leasing.claimHistory.queryKey({ id }) }),
      queryClient.invalidateQueries({ queryKey: trpc.leasing.claims.pathKey() }),
    ]);
}

/**
 * The actions the gateway offers for the claim (decision 102), drawn from its answer and nothing
 * else: «ثبت پرداخت» and the state moves (follow-up, back to current, the legal file), each a
 * button, disabled with its Persian reason (listed by `UnavailableActions`, which the button
 * points to) when not available. A move asks first, with the follow-up step to set and its
 * reason (required where the offer says so); the payment opens its own dialog.
 */
export function ClaimActions({ claim, offered, canAct }: { claim: LeasingClaimDetail; offered: readonly ClaimOfferedAction[]; canAct: boolean }) {
  const [asking, setAsking] = useState<(ClaimOfferedAction & { id: StateAction }) | null>(null);
  const [paying, setPaying] = useState(false);
  const [step, setStep] = useState<string>(NO_CHANGE);
  const refresh = useClaimRefresh(claim.id);
  const move = useMutation(
    trpc.leasing.updateClaimState.mutationOptions({
      onSuccess: (outcome) => notify(outcome.message, 'success'),
      // Refused or stale: what the gateway offers now is shown either way.
      onSettled: () => refresh(),
    }),
  );
  if (!canAct) return null;
  const chosenStep = (): LeasingClaimStep | undefined => (step === NO_CHANGE ? undefined : LeasingClaimStepSchema.parse(step));

  return (
    <>
      {offered.filter((action) => IN_BAR.has(action.id)).map((action) => (
        <Button
          key={action.id}
          size="sm"
          variant={action.available && action.id === 'pay' ? 'solid' : 'outline'}
          colorPalette={action.available && action.id === 'pay' ? 'green' : undefined}
          disabled={!action.available || move.isPending}
          loading={move.isPending && move.variables?.action === action.id}
          aria-describedby={action.available ? undefined : offerReasonId('claim', action.id)}
          title={action.available ? undefined : action.reason}
          onClick={() => {
            if (action.id === 'pay') setPaying(true);
            else if (isStateAction(action.id)) setAsking({ ...action, id: action.id });
          }}
        >
          {action.label}
        </Button>
      ))}
      {asking && (
        <ConfirmDialog
          open
          onClose={() => setAsking(null)}
          title={asking.label}
          message={asking.confirm ?? undefined}
          confirmLabel={asking.label}
          reason={asking.reason_required ? 'required' : 'optional'}
          reasonLabel={asking.reason_required ? `دلیل ${asking.label}` : 'توضیح (اختیاری)'}
          destructive={asking.id === 'file_execute'}
          onConfirm={(reason) => move.mutateAsync({ id: claim.id, version: claim.version, action: asking.id, step: chosenStep(), reason })}
        >
          <NativeSelectField label="مرحله پیگیری" value={step} onChange={setStep} options={[{ value: NO_CHANGE, label: 'بدون تغییر مرحله' }, ...STEP_OPTIONS]} />
        </ConfirmDialog>
      )}
      <PaymentDialog claim={claim} open={paying} onClose={() => setPaying(false)} />
    </>
  );
}
