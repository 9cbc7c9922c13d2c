import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORDER_WORKFLOW, SetOrderVinInputSchema, type OrderDetail, type OrderState } from '@panel/contracts/inspection-orders';
import { DialogForm, PanelDialog, SubmitButton, TextField, notify, useContractForm } from '@panel/ui';
import { useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';

const ACTION = ORDER_WORKFLOW.actions.set_vin;

function VinForm({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const queryClient = useQueryClient();
  const setVin = useMutation(
    trpc.inspectionOrders.setVin.mutationOptions({
      onSuccess: (result) => {
        notify(result.message, 'success');
        void queryClient.invalidateQueries();
        onClose();
      },
    }),
  );
  const form = useContractForm(SetOrderVinInputSchema, {
    defaultValues: { pk: order.pk, vin: order.vin ?? '' },
    onSubmit: (values) => setVin.mutateAsync(values),
  });
  return (
    <DialogForm title={ACTION.label} onSubmit={form.submit} onCancel={onClose} submit={<SubmitButton control={form.control}>ثبت شماره شاسی</SubmitButton>}>
      <TextField
        control={form.control}
        name="vin"
        label="شماره شاسی (VIN)"
        placeholder="۱۷ حرف لاتین و رقم"
        helperText="خالی بگذارید تا شماره شاسی نادرست برداشته شود."
        dir="ltr"
        latinDigits
        autoComplete="off"
        autoFocus
      />
    </DialogForm>
  );
}

/**
 * The car's VIN added or corrected on an existing order (decision 136, "Stop 50"): an action of
 * the order workflow (every state but cancelled, the state kept), in a form of its own so the
 * reader's Persian message (`OptionalVinSchema`, the gateway's too) shows beside the field.
 */
export function OrderVinAction({ order }: { order: OrderDetail }) {
  const [open, setOpen] = useState(false);
  const roles = useRoles();
  const state = order.state as OrderState;
  if (!ORDER_WORKFLOW.can('set_vin', state) || !ORDER_WORKFLOW.permits('set_vin', roles)) return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {ACTION.label}
      </Button>
      <PanelDialog open={open} onClose={() => setOpen(false)}>
        {open && <VinForm order={order} onClose={() => setOpen(false)} />}
      </PanelDialog>
    </>
  );
}
