import { useEffect } from 'react';
import { Checkbox, Fieldset, SimpleGrid, Wrap } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CITIES, EXPERT_LEVELS, EXPERT_LEVEL_LABELS, EXPERT_TYPES, EXPERT_TYPE_LABELS, type ExpertType } from '@panel/contracts/common';
import { ExpertFieldsSchema, type Expert, type ExpertFieldsInput } from '@panel/contracts/experts';
import { DialogForm, PanelDialog, SelectField, SubmitButton, TextField, notify, useContractForm } from '@panel/ui';
import { MOBILE_INPUT } from '../../../lib/callee-phone';
import { trpc } from '../../../lib/trpc';

const LEVEL_OPTIONS = EXPERT_LEVELS.map((l) => ({ value: String(l), label: EXPERT_LEVEL_LABELS[l] }));
const CITY_OPTIONS = CITIES.map((c) => ({ value: String(c.id), label: c.name }));
const EMPTY: ExpertFieldsInput = {
  report_name: '', phone_number: '', level: '', city: '', areas: [],
  is_car_expert: false, is_motor_cycle_expert: false, is_concierge_sale_expert: false, is_car_mechanic: false, is_motor_cycle_mechanic: false, is_leasing_expert: false,
};

function valuesOf(e: Expert): ExpertFieldsInput {
  const flags = Object.fromEntries(EXPERT_TYPES.map((t) => [t, e[t]])) as Record<ExpertType, boolean>;
  return { report_name: e.report_name, phone_number: e.phone_number ?? '', level: String(e.level), city: String(e.city), areas: e.areas, ...flags };
}

/** The add and edit form of an expert, on the contract schema the gateway checks again (decision 105). */
function ExpertForm({ expert, onClose }: { expert: Expert | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const areas = useQuery(trpc.experts.areas.queryOptions());
  const done = (outcome: { message: string }) => {
    notify(outcome.message, 'success');
    // Spec §9: after a change every query is fresh again (the list, the page, the dispatch sheet).
    void queryClient.invalidateQueries();
    onClose();
  };
  const add = useMutation(trpc.experts.add.mutationOptions({ onSuccess: done }));
  const update = useMutation(trpc.experts.update.mutationOptions({ onSuccess: done }));
  const form = useContractForm(ExpertFieldsSchema, {
    defaultValues: expert ? valuesOf(expert) : EMPTY,
    onSubmit: (fields) => (expert ? update.mutateAsync({ pk: expert.pk, version: expert.version, fields }) : add.mutateAsync(fields)),
  });
  const { control, watch, setValue, formState } = form;
  const city = Number(watch('city'));
  const chosenAreas = (watch('areas') ?? []) as number[];
  const cityAreas = (areas.data ?? []).filter((a) => a.city === city);
  // Another city: the areas chosen in the last one no longer apply.
  const stale = chosenAreas.filter((id) => areas.data && !cityAreas.some((a) => a.id === id));
  useEffect(() => {
    if (stale.length) setValue('areas', chosenAreas.filter((id) => !stale.includes(id)));
  }, [stale.join(','), setValue]);
  const title = expert ? `ویرایش ${expert.report_name}` : 'افزودن کارشناس';
  const flagError = formState.errors.is_car_expert?.message;
  const areaError = formState.errors.areas?.message ?? (Array.isArray(formState.errors.areas) ? formState.errors.areas.find(Boolean)?.message : undefined);
  return (
    <DialogForm title={title} onSubmit={form.submit} onCancel={onClose} submit={<SubmitButton control={control} colorPalette="green">{expert ? 'ذخیره' : 'افزودن کارشناس'}</SubmitButton>}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField control={control} name="report_name" label="نام کارشناس" required autoComplete="off" />
        <TextField control={control} name="phone_number" label="تلفن همراه" required {...MOBILE_INPUT} />
        <SelectField control={control} name="level" label="سطح" placeholder="انتخاب سطح" options={LEVEL_OPTIONS} required portalled={false} />
        <SelectField
          control={control}
          name="city"
          label="شهر"
          placeholder="انتخاب شهر"
          options={CITY_OPTIONS}
          required
          portalled={false}
        />
      </SimpleGrid>
      {/* Fieldsets of their own: a Field would give every checkbox of the group one input id. */}
      <Fieldset.Root invalid={flagError !== undefined}>
        <Fieldset.Legend>نوع کارشناسی</Fieldset.Legend>
        <Wrap gap="4">
          {EXPERT_TYPES.map((t) => (
            <Checkbox.Root key={t} checked={watch(t) === true} onCheckedChange={(e) => setValue(t, e.checked === true, { shouldValidate: formState.isSubmitted })}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{EXPERT_TYPE_LABELS[t]}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Wrap>
        {flagError && <Fieldset.ErrorText>{flagError}</Fieldset.ErrorText>}
      </Fieldset.Root>
      <Fieldset.Root invalid={areaError !== undefined}>
        <Fieldset.Legend>منطقه‌ها</Fieldset.Legend>
        <Fieldset.HelperText>{city ? 'منطقه‌های شهر انتخاب‌شده (یک تا ده).' : 'اول شهر را انتخاب کنید.'}</Fieldset.HelperText>
        <Wrap gap="3" maxH="12rem" overflowY="auto">
          {cityAreas.map((a) => (
            <Checkbox.Root
              key={a.id}
              checked={chosenAreas.includes(a.id)}
              onCheckedChange={(e) =>
                setValue('areas', e.checked === true ? [...chosenAreas, a.id] : chosenAreas.filter((id) => id !== a.id), { shouldValidate: formState.isSubmitted })
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{a.name}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Wrap>
        {areaError && <Fieldset.ErrorText>{areaError}</Fieldset.ErrorText>}
      </Fieldset.Root>
    </DialogForm>
  );
}

/** The form in the panel's dialog: `expert` null adds one, an expert edits it. */
export function ExpertFormDialog({ open, expert, onClose }: { open: boolean; expert: Expert | null; onClose: () => void }) {
  return (
    <PanelDialog open={open} onClose={onClose} size="lg">
      {open && <ExpertForm key={expert ? `${expert.pk}:${expert.version}` : 'new'} expert={expert} onClose={onClose} />}
    </PanelDialog>
  );
}
