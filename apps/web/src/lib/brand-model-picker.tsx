import { useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toPersianDigits } from '@panel/contracts/common';
import type { CatalogueModel } from '@panel/contracts/brand-models';
import { FilterField, FormField, SearchPicker, type Control, type FieldPath, type FieldValues } from '@panel/ui';
import { trpc } from './trpc';

/** How long typing must pause before the catalogue is asked. */
const SEARCH_PAUSE_MS = 250;

export interface BrandModelPickerProps {
  label?: string;
  /** The chosen model (as the record keeps it: id and full name), or null. */
  value: Pick<CatalogueModel, 'model_id' | 'full_name'> | null;
  onChange: (model: CatalogueModel | null) => void;
  invalid?: boolean;
  disabled?: boolean;
  width?: string;
  /** False inside a modal dialog or drawer (`SearchPicker`'s). */
  portalled?: boolean;
}

const years = (m: CatalogueModel) => toPersianDigits(m.year_to === null ? `${m.year_from} به بعد` : `${m.year_from}–${m.year_to}`);

/**
 * A car picked from the gateway's brand-model catalogue (`brandModels.search`): every module's
 * forms use this one picker, so a car is always stored as a catalogue model and its full name.
 */
export function BrandModelPicker({ label = 'برند و مدل خودرو', value, onChange, invalid, disabled, width, portalled }: BrandModelPickerProps) {
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setText(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const search = useQuery({ ...trpc.brandModels.search.queryOptions({ q: text }), placeholderData: keepPreviousData, staleTime: 5 * 60_000 });
  const known = useRef(new Map<string, CatalogueModel>());
  const options = useMemo(
    () =>
      (search.data ?? []).map((m) => {
        known.current.set(String(m.model_id), m);
        return { value: String(m.model_id), label: `${m.full_name} (${years(m)})` };
      }),
    [search.data],
  );

  return (
    <SearchPicker
      label={label}
      options={options}
      value={value ? String(value.model_id) : null}
      valueLabel={value?.full_name}
      onChange={(id) => onChange(id === null ? null : (known.current.get(id) ?? null))}
      onSearch={setTyped}
      loading={search.isFetching}
      placeholder="نام برند یا مدل، مثلا پژو ۲۰۶"
      emptyText="خودرویی با این نام در فهرست نیست."
      invalid={invalid}
      disabled={disabled}
      width={width}
      portalled={portalled}
    />
  );
}

/** A filter bar's car field: the model id lives in the address, its name comes from the catalogue. */
export function BrandModelFilter({ label = 'برند و مدل', value, onChange, width = '14rem' }: { label?: string; value: number | undefined; onChange: (modelId: number | undefined) => void; width?: string }) {
  const model = useQuery({ ...trpc.brandModels.model.queryOptions({ model_id: value ?? 0 }), enabled: value !== undefined, staleTime: 5 * 60_000 });
  return (
    <FilterField label={label}>
      <BrandModelPicker
        label={label}
        value={value !== undefined ? { model_id: value, full_name: model.data?.full_name ?? toPersianDigits(value) } : null}
        onChange={(m) => onChange(m?.model_id)}
        width={width}
      />
    </FilterField>
  );
}

/**
 * The picker as a contract form's field: the form keeps what `keep` takes of the chosen model (its
 * catalogue id, or its full name where the record keeps the name), the picker shows the model.
 */
export function BrandModelField<T extends FieldValues, N extends FieldPath<T>, TT>({ control, name, keep }: { control: Control<T, unknown, TT>; name: N; keep: (model: CatalogueModel) => string | number }) {
  const [car, setCar] = useState<BrandModelPickerProps['value']>(null);
  return (
    <FormField control={control} name={name} label="برند و مدل خودرو" required>
      {(field) => (
        <BrandModelPicker
          value={car}
          onChange={(model) => {
            setCar(model);
            field.onChange(model ? keep(model) : '');
          }}
        />
      )}
    </FormField>
  );
}
