import { Button, Checkbox, Dialog, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CATALOGUE_MESSAGES, UpdateVehicleKindInputSchema, VehicleKindInputSchema, type VehicleKind } from '@panel/contracts/inspection-catalogue';
import { FormField, PanelDialog, SubmitButton, TextField, notify, useContractForm, type ContractFormState } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

type KindControl = ContractFormState<typeof VehicleKindInputSchema>['control'];

function KindFields({ control, kind }: { control: KindControl; kind: VehicleKind | null }) {
  return (
    <Stack gap="4">
      <TextField control={control} name="name" label="نام نوع خودرو" required autoComplete="off" />
      <FormField control={control} name="is_active" label="وضعیت">
        {(field) => (
          <Checkbox.Root checked={field.value === true} onCheckedChange={(e) => field.onChange(e.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>فعال (بسته‌ها می‌توانند برای آن باشند)</Checkbox.Label>
          </Checkbox.Root>
        )}
      </FormField>
      {kind && kind.packages > 0 && <Text textStyle="sm" color="fg.muted">{`${kind.packages.toLocaleString('fa-IR')} بسته برای این نوع خودرو است؛ تا بسته‌ای فعال از آن هست، غیرفعال نمی‌شود.`}</Text>}
    </Stack>
  );
}

/** The dialog's form: a new kind, or a kind's rename and (de)activation against its version. */
function KindForm({ kind, onClose }: { kind: VehicleKind | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const done = { onSettled: () => void queryClient.invalidateQueries() };
  const create = useMutation(trpc.inspectionCatalogue.createVehicleKind.mutationOptions(done));
  const update = useMutation(trpc.inspectionCatalogue.updateVehicleKind.mutationOptions(done));
  const title = kind ? 'ویرایش نوع خودرو' : 'افزودن نوع خودرو';
  const addForm = useContractForm(VehicleKindInputSchema, {
    defaultValues: { name: '', is_active: true },
    onSubmit: async (values) => {
      await create.mutateAsync(values);
      notify(CATALOGUE_MESSAGES.vehicleKindSaved, 'success');
      onClose();
    },
  });
  const editForm = useContractForm(UpdateVehicleKindInputSchema, {
    defaultValues: { id: kind?.id ?? 0, version: kind?.version ?? 0, name: kind?.name ?? '', is_active: kind?.is_active ?? true },
    onSubmit: async (values) => {
      await update.mutateAsync(values);
      notify(CATALOGUE_MESSAGES.vehicleKindSaved, 'success');
      onClose();
    },
  });
  const form = kind ? editForm : addForm;
  return (
    <form onSubmit={form.submit} noValidate aria-label={title}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <KindFields control={form.control as unknown as KindControl} kind={kind} />
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" type="button" onClick={onClose}>
          انصراف
        </Button>
        <SubmitButton control={form.control as unknown as KindControl} colorPalette="green">
          {kind ? 'ذخیره' : 'افزودن'}
        </SubmitButton>
      </Dialog.Footer>
    </form>
  );
}

/** Adds a vehicle kind (`kind` 'new') or renames and (de)activates one. */
export function VehicleKindDialog({ kind, onClose }: { kind: VehicleKind | 'new' | null; onClose: () => void }) {
  return (
    <PanelDialog open={kind !== null} onClose={onClose}>
      {kind !== null && <KindForm key={kind === 'new' ? 'new' : `${kind.id}:${kind.version}`} kind={kind === 'new' ? null : kind} onClose={onClose} />}
    </PanelDialog>
  );
}
