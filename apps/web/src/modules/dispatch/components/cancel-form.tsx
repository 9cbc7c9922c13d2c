import { useState } from 'react';
import { Button, Checkbox, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { NativeSelectField } from '@panel/ui/form';
import { toPersianDigits } from '@panel/contracts/common';
import { CANCEL_TYPE_LABELS, CancelTypeSchema, canSubmitCancel, isCancelByExpert, type CancelType, type Cell } from '@panel/contracts/dispatch';
import { trpc } from '../../../lib/trpc';
import { applyDelta, type CellStore } from '../state/cell-store';

/** The drawer's cancel kind: why the assignment of the cell's order ends, and whether with a penalty. */
export function CancelForm({ store, cell, onDone }: { store: CellStore; cell: Cell; onDone: (order: { pk: number; code: string }) => void }) {
  const inspection = cell.inspection!;
  const [cancelType, setCancelType] = useState<CancelType>('unset');
  const [penalty, setPenalty] = useState(false);
  const [description, setDescription] = useState('');
  const penaltyCheck = useQuery(trpc.dispatch.penaltyCheck.queryOptions({ inspectionId: inspection.pk }));
  const penaltyApplies = penaltyCheck.data?.penalty === true;
  // On the mutation, not on mutate(): the live stream may drop the order from this cell (and
  // unmount this form) before the answer arrives, and the modal must still show.
  // The answer is the freed cell, shown at once rather than when the live stream brings it back.
  const cancel = useMutation(
    trpc.dispatch.cancelAssignment.mutationOptions({
      onSuccess: (answer) => {
        applyDelta(store, [answer]);
        onDone({ pk: inspection.pk, code: inspection.code });
      },
    }),
  );
  const ready = canSubmitCancel({ cancelType, inspectionPk: inspection.pk });
  return (
    <Stack gap="4" as="form" onSubmit={(e) => e.preventDefault()}>
      <Text fontSize="sm">
        سفارش <b>{toPersianDigits(inspection.code)}</b> · {toPersianDigits(inspection.brand_model)}
      </Text>
      <NativeSelectField
        label="نوع لغو"
        value={cancelType}
        onChange={(value) => setCancelType(CancelTypeSchema.parse(value))}
        options={CancelTypeSchema.options.map((t) => ({ value: t, label: CANCEL_TYPE_LABELS[t] }))}
      />
      <Checkbox.Root
        checked={penalty && penaltyApplies}
        disabled={!penaltyApplies}
        onCheckedChange={(e) => setPenalty(e.checked === true)}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>اعمال جریمه</Checkbox.Label>
      </Checkbox.Root>
      <Field.Root>
        <Field.Label>توضیحات</Field.Label>
        <Textarea size="sm" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field.Root>
      <Button
        colorPalette="red"
        type="submit"
        loading={cancel.isPending}
        disabled={!ready}
        onClick={() =>
          ready &&
          cancel.mutate(
            {
              inspectionId: inspection.pk,
              expertId: cell.expert_id,
              cancelByExpert: isCancelByExpert(cancelType),
              penalty: penalty && penaltyApplies,
              ...(description.trim() ? { description: description.trim() } : {}),
            },
          )
        }
      >
        ثبت لغو تخصیص
      </Button>
    </Stack>
  );
}
