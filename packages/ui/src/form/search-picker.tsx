import { useMemo } from 'react';
import { Combobox, Portal, Spinner, createListCollection } from '@chakra-ui/react';
import type { SelectOption } from '../grid/multi-select';

export interface SearchPickerProps {
  /** The control's accessible name (the field's label when it sits in one). */
  label: string;
  /** What the server answered for the letters typed so far; the picker does not filter them again. */
  options: readonly SelectOption[];
  /** The chosen option's value, or null. */
  value: string | null;
  /** The chosen option's label while `options` (answers to a later search) no longer hold it. */
  valueLabel?: string;
  onChange: (value: string | null) => void;
  /** The letters typed: the caller asks the server (debounced) and passes the answers back. */
  onSearch: (text: string) => void;
  loading?: boolean;
  placeholder?: string;
  emptyText?: string;
  invalid?: boolean;
  disabled?: boolean;
  width?: string;
  /** False inside a modal dialog or drawer, so the list is not outside the dialog that holds the pointer (as `SelectField`). */
  portalled?: boolean;
}

/**
 * One value picked from a list too long to load: the user types a few letters, the caller asks
 * the server, the answers are listed. Keyboard: arrows move, Enter picks, Escape closes.
 */
export function SearchPicker({
  label,
  options,
  value,
  valueLabel,
  onChange,
  onSearch,
  loading = false,
  placeholder = 'چند حرف بنویسید…',
  emptyText = 'موردی پیدا نشد.',
  invalid,
  disabled,
  width = '100%',
  portalled = true,
}: SearchPickerProps) {
  // The chosen option stays in the collection while later answers do not hold it, so its label shows.
  const collection = useMemo(() => {
    const items = [...options];
    if (value !== null && !items.some((o) => o.value === value)) items.unshift({ value, label: valueLabel ?? value });
    return createListCollection<SelectOption>({ items, itemToString: (o) => o.label, itemToValue: (o) => o.value });
  }, [options, value, valueLabel]);

  return (
    <Combobox.Root
      collection={collection}
      value={value === null ? [] : [value]}
      onValueChange={(details) => onChange(details.value[0] ?? null)}
      onInputValueChange={(details) => onSearch(details.inputValue)}
      inputBehavior="autohighlight"
      openOnClick
      lazyMount
      invalid={invalid}
      disabled={disabled}
      width={width}
    >
      <Combobox.Control>
        <Combobox.Input aria-label={label} placeholder={placeholder} />
        <Combobox.IndicatorGroup>
          {loading && <Spinner size="xs" role="status" aria-label="در حال جستجو" />}
          <Combobox.ClearTrigger aria-label="پاک کردن" />
          <Combobox.Trigger aria-label="نمایش فهرست" />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      <Portal disabled={!portalled}>
        <Combobox.Positioner>
          <Combobox.Content maxH="20rem" overflowY="auto" aria-label={label}>
            <Combobox.Empty>{loading ? 'در حال جستجو…' : emptyText}</Combobox.Empty>
            {collection.items.map((o) => (
              <Combobox.Item item={o} key={o.value}>
                <Combobox.ItemText>{o.label}</Combobox.ItemText>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
  );
}
