import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DIVAR_LINK_KINDS, DIVAR_LINK_KIND_LIST, DivarLinkInputSchema, type DivarTokenActionResult } from '@panel/contracts/divar-tokens';
import { DialogForm, PanelDialog, SelectField, SubmitButton, TextField, notify, useContractForm } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

const KIND_OPTIONS = DIVAR_LINK_KIND_LIST.map((kind) => ({ value: kind, label: DIVAR_LINK_KINDS[kind] }));

function LinkForm({ token, onClose, onLinked }: { token: string; onClose: () => void; onLinked: (result: DivarTokenActionResult) => void }) {
  const queryClient = useQueryClient();
  const link = useMutation(
    trpc.divarTokens.link.mutationOptions({
      onSuccess: (result) => {
        notify(result.message, 'success');
        void queryClient.invalidateQueries({ queryKey: trpc.divarTokens.pathKey() });
        onLinked(result);
      },
    }),
  );
  const form = useContractForm(DivarLinkInputSchema, {
    defaultValues: { token, kind: 'car_post', target: '' },
    onSubmit: (values) => link.mutateAsync(values),
  });
  return (
    <DialogForm title="اتصال توکن دیوار" onSubmit={form.submit} onCancel={onClose} submit={<SubmitButton control={form.control}>اتصال</SubmitButton>}>
      <TextField control={form.control} name="token" label="توکن دیوار" required dir="ltr" latinDigits autoComplete="off" data-ltr="" helperText="۸ نویسه از حروف انگلیسی و رقم، همان‌طور که در نشانی آگهی دیوار آمده است." />
      <SelectField control={form.control} name="kind" label="اتصال به" required options={KIND_OPTIONS} />
      <TextField control={form.control} name="target" label="شناسه آگهی خودرو یا کد فروش همراه" required dir="ltr" latinDigits autoComplete="off" data-ltr="" />
    </DialogForm>
  );
}

/** Links a token (typed, or the one looked up) to a car post or a concierge sale. */
export function LinkDialog({ token, onClose, onLinked }: { token: string | null; onClose: () => void; onLinked: (result: DivarTokenActionResult) => void }) {
  return (
    <PanelDialog open={token !== null} onClose={onClose}>
      {token !== null && <LinkForm token={token} onClose={onClose} onLinked={onLinked} />}
    </PanelDialog>
  );
}
