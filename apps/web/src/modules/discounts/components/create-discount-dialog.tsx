import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateDiscountInputSchema } from '@panel/contracts/discounts';
import { DialogForm, PanelDialog, SubmitButton, TextField, notify, useContractForm } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { DiscountRulesFields, blankRules } from './discount-rules-fields';

function CreateForm({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const queryClient = useQueryClient();
  const create = useMutation(
    trpc.discounts.create.mutationOptions({
      onSuccess: (outcome) => {
        notify(outcome.message, 'success');
        void queryClient.invalidateQueries();
        onCreated(outcome.id);
      },
    }),
  );
  const form = useContractForm(CreateDiscountInputSchema, {
    defaultValues: { code: '', ...blankRules('۱۰۰') } as never,
    onSubmit: async (values) => {
      await create.mutateAsync(values);
    },
  });
  return (
    <DialogForm title="کد تخفیف تازه" onSubmit={form.submit} onCancel={onClose} submit={<SubmitButton control={form.control}>ثبت کد</SubmitButton>}>
      <TextField control={form.control} name="code" label="کد" required dir="ltr" latinDigits autoComplete="off" placeholder="PAYIZ15" helperText="حروف لاتین بزرگ و رقم، ۴ تا ۲۴ نویسه" />
      <DiscountRulesFields control={form.control} kind={String(form.watch('kind') ?? 'percent')} />
    </DialogForm>
  );
}

/** One discount code made by hand, with its rules. */
export function CreateDiscountDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  return (
    <PanelDialog open={open} onClose={onClose} size="lg">
      {open && <CreateForm onClose={onClose} onCreated={onCreated} />}
    </PanelDialog>
  );
}
