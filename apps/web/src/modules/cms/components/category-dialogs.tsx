import { useMutation } from '@tanstack/react-query';
import { AddCmsCategoryInputSchema, RenameCmsCategoryInputSchema, type CmsCategory } from '@panel/contracts/cms';
import { DialogForm, PanelDialog, SubmitButton, TextField, notify, useContractForm } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

/** What a category dialog does: add a root, add under a parent, or rename. */
export type CategoryDialogTarget = { kind: 'add'; parent: CmsCategory | null } | { kind: 'rename'; category: CmsCategory };

function AddForm({ parent, onClose }: { parent: CmsCategory | null; onClose: () => void }) {
  const add = useMutation(trpc.cms.addCategory.mutationOptions({ onSuccess: (outcome) => (notify(outcome.message, 'success'), onClose()) }));
  const form = useContractForm(AddCmsCategoryInputSchema, { defaultValues: { name: '', parent_id: parent?.id ?? null }, onSubmit: (values) => add.mutateAsync(values) });
  const title = parent ? `زیردسته تازه در «${parent.name}»` : 'دسته‌بندی تازه';
  return (
    <DialogForm title={title} onSubmit={form.submit} onCancel={onClose} submit={<SubmitButton control={form.control}>افزودن</SubmitButton>}>
      <TextField control={form.control} name="name" label="نام دسته‌بندی" required autoComplete="off" />
    </DialogForm>
  );
}

function RenameForm({ category, onClose }: { category: CmsCategory; onClose: () => void }) {
  const rename = useMutation(trpc.cms.renameCategory.mutationOptions({ onSuccess: (outcome) => (notify(outcome.message, 'success'), onClose()) }));
  const form = useContractForm(RenameCmsCategoryInputSchema, {
    defaultValues: { id: category.id, version: category.version, name: category.name },
    onSubmit: (values) => rename.mutateAsync(values),
  });
  return (
    <DialogForm title={`تغییر نام «${category.name}»`} onSubmit={form.submit} onCancel={onClose} submit={<SubmitButton control={form.control}>ذخیره نام</SubmitButton>}>
      <TextField control={form.control} name="name" label="نام تازه" required autoComplete="off" />
    </DialogForm>
  );
}

/** The add and rename dialogs of the category screen. */
export function CategoryDialog({ target, onClose }: { target: CategoryDialogTarget | null; onClose: () => void }) {
  return (
    <PanelDialog open={target !== null} onClose={onClose}>
      {target?.kind === 'add' && <AddForm parent={target.parent} onClose={onClose} />}
      {target?.kind === 'rename' && <RenameForm category={target.category} onClose={onClose} />}
    </PanelDialog>
  );
}
