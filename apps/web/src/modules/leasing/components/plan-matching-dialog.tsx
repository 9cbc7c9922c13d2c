import { useState } from 'react';
import { Button, CloseButton, Dialog, Stack, Tag, Text, Wrap } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { toPersianDigits } from '@panel/contracts/common';
import { VEHICLE_TYPE_LABELS, type PaymentPlan } from '@panel/contracts/leasing';
import { DialogActions, notify } from '@panel/ui';
import { BrandModelPicker } from '../../../lib/brand-model-picker';
import { trpc, userMessage } from '../../../lib/trpc';
import { ClaimDialog, fieldRefusal, statusOf } from './claim-dialog';

function MatchingForm({ plan, onClose }: { plan: PaymentPlan; onClose: () => void }) {
  const [models, setModels] = useState(plan.models);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation(trpc.leasing.updateMatching.mutationOptions({ meta: { silent: true } }));
  const submit = async () => {
    try {
      notify((await save.mutateAsync({ id: plan.id, model_ids: models.map((m) => m.id) })).message, 'success');
      onClose();
    } catch (error) {
      if (statusOf(error) === 400) setRefusal(fieldRefusal(error, userMessage).message);
      else notify(userMessage(error));
    }
  };
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>خودروهای {toPersianDigits(plan.name)}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            {plan.provider_name}، {VEHICLE_TYPE_LABELS[plan.vehicle_type]}. بدون خودرو، طرح برای همه خودروهای این نوع است.
          </Text>
          {models.length === 0 ? (
            <Text>همه خودروها</Text>
          ) : (
            <Wrap gap="2" aria-label="خودروهای منطبق">
              {models.map((m) => (
                <Tag.Root key={m.id} size="lg">
                  <Tag.Label>{toPersianDigits(m.title)}</Tag.Label>
                  <Tag.EndElement>
                    <CloseButton size="2xs" aria-label={`حذف ${toPersianDigits(m.title)}`} onClick={() => { setModels((list) => list.filter((x) => x.id !== m.id)); setRefusal(null); }} />
                  </Tag.EndElement>
                </Tag.Root>
              ))}
            </Wrap>
          )}
          <BrandModelPicker
            label="افزودن خودرو"
            value={null}
            onChange={(model) => {
              if (model && !models.some((m) => m.id === model.model_id)) setModels((list) => [...list, { id: model.model_id, title: model.full_name }]);
              setRefusal(null);
            }}
          />
          {refusal && (
            <Text role="alert" color="fg.error">
              {refusal}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <DialogActions onCancel={onClose}>
        <Button loading={save.isPending} onClick={() => void submit()}>
          ذخیره خودروها
        </Button>
      </DialogActions>
    </>
  );
}

/** Edit a plan's matching: the brand-models it applies to (spec §7 "matching plans update"). */
export function PlanMatchingDialog({ plan, onClose }: { plan: PaymentPlan | null; onClose: () => void }) {
  return (
    <ClaimDialog open={plan !== null} onClose={onClose}>
      {plan && <MatchingForm plan={plan} onClose={onClose} />}
    </ClaimDialog>
  );
}
