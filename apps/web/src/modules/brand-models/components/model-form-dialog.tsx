import { Checkbox, SimpleGrid } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { CAR_BODY_TYPE_LABELS, ModelEditInputSchema, ModelInputSchema, type ModelDetail } from '@panel/contracts/brand-models';
import { VEHICLE_TYPE_LABELS, optionsOf, toPersianDigits } from '@panel/contracts/common';
import { DialogForm, FormField, PanelDialog, SelectField, SubmitButton, TextField, useContractForm } from '@panel/ui';
import { MediaImageField } from '../../../lib/media-file-field';
import { trpc } from '../../../lib/trpc';
import { useSaved } from './saved';

const BODY_OPTIONS = optionsOf(CAR_BODY_TYPE_LABELS);
const VEHICLE_OPTIONS = optionsOf(VEHICLE_TYPE_LABELS);

/** The active brands, for a model's brand. */
export function useBrandOptions() {
  const brands = useQuery(trpc.brandModels.managedBrands.queryOptions());
  return (brands.data ?? []).filter((b) => b.state === 'active').map((b) => ({ value: String(b.brand_id), label: toPersianDigits(b.brand_name) }));
}

const blank = (model: ModelDetail | null) => ({
  brand_id: model ? String(model.brand_id) : '',
  name_fa: model?.model_name ?? '',
  name_en: model?.model_name_en ?? '',
  body_type: model?.body_type ?? 'sedan',
  vehicle_type: model?.vehicle_type ?? 'light_car',
  year_from: model ? String(model.year_from) : '',
  year_to: model?.year_to != null ? String(model.year_to) : '',
  is_imported: model?.is_imported ?? false,
  logo_media_id: model?.logo_media_id ?? null,
});

function ModelForm({ model, onClose, onSaved }: { model: ModelDetail | null; onClose: () => void; onSaved: (id: number) => void }) {
  const brandOptions = useBrandOptions();
  const saved = useSaved((outcome) => onSaved(outcome.id));
  const form = useContractForm(model ? ModelEditInputSchema : ModelInputSchema, {
    defaultValues: (model ? { ...blank(model), id: model.model_id, version: model.version } : blank(null)) as never,
    onSubmit: async (values): Promise<void> => {
      await saved(model ? trpc.brandModels.editModel : trpc.brandModels.createModel, values, form);
    },
  });
  const title = model ? `ویرایش مدل ${toPersianDigits(model.full_name)}` : 'مدل تازه';
  return (
    <DialogForm title={title} onSubmit={form.submit} onCancel={onClose} submit={<SubmitButton control={form.control}>{model ? 'ذخیره' : 'ثبت مدل'}</SubmitButton>}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <SelectField control={form.control} name="brand_id" label="برند" options={brandOptions} required portalled={false} />
        <TextField control={form.control} name="name_fa" label="نام فارسی مدل" required autoComplete="off" placeholder="۲۰۷ اتوماتیک" />
        <TextField control={form.control} name="name_en" label="نام لاتین مدل" dir="ltr" autoComplete="off" placeholder="207 AT" />
        <SelectField control={form.control} name="body_type" label="بدنه" options={BODY_OPTIONS} required portalled={false} />
        <SelectField control={form.control} name="vehicle_type" label="نوع وسیله" options={VEHICLE_OPTIONS} required portalled={false} />
        <TextField control={form.control} name="year_from" label="سال شروع تولید" required inputMode="numeric" autoComplete="off" placeholder="۱۴۰۰" />
        <TextField control={form.control} name="year_to" label="سال پایان تولید (اختیاری)" inputMode="numeric" autoComplete="off" />
        <FormField control={form.control} name="is_imported" label="وارداتی">
          {(field) => (
            <Checkbox.Root checked={field.value === true} onCheckedChange={(e) => field.onChange(e.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>خودروی وارداتی است</Checkbox.Label>
            </Checkbox.Root>
          )}
        </FormField>
      </SimpleGrid>
      <FormField control={form.control} name="logo_media_id" label="لوگو">
        {(field) => (
          <MediaImageField
            value={(field.value as number | null) ?? null}
            onChange={field.onChange}
            label="تصویر لوگو (JPEG، PNG یا WebP تا ۵ مگابایت)"
            alt="لوگوی مدل"
            removeLabel="برداشتن لوگو"
            uploadLabel="بارگذاری لوگو"
          />
        )}
      </FormField>
    </DialogForm>
  );
}

/** A model made or edited: its brand, names, body, years, whether imported, its logo. */
export function ModelFormDialog({ open, model, onClose, onSaved }: { open: boolean; model: ModelDetail | null; onClose: () => void; onSaved: (id: number) => void }) {
  return (
    <PanelDialog open={open} onClose={onClose} size="lg">
      {open && <ModelForm model={model} onClose={onClose} onSaved={onSaved} />}
    </PanelDialog>
  );
}
