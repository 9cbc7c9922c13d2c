import { useMemo, useState } from 'react';
import { Badge, HStack, Portal, Select, Text, createListCollection } from '@chakra-ui/react';

export interface SelectOption {
  value: string;
  label: string;
  /** Options with the same group are listed under that group's heading. */
  group?: string;
  /** A code shown as it is (a model's name, a token): left to right, its digits never made Persian. */
  latin?: boolean;
}

/** What `LatinCode` does, for an option's text wherever it is drawn. */
const latinText = (o: SelectOption | undefined) => (o?.latin ? { dir: 'ltr' as const, unicodeBidi: 'isolate', fontFamily: 'mono', 'data-ltr': '' } : {});

interface BaseProps {
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
  /** Group headings in this order; other groups follow in the order they appear. */
  groupOrder?: readonly string[];
  width?: string;
  disabled?: boolean;
  /** False inside a modal dialog or drawer: the options open within it (see `OptionsPopup`). */
  portalled?: boolean;
}

function useOptions(options: readonly SelectOption[], groupOrder: readonly string[] | undefined) {
  return useMemo(() => {
    const grouped = options.some((o) => o.group !== undefined);
    return createListCollection<SelectOption>({
      items: [...options],
      itemToString: (o) => o.label,
      itemToValue: (o) => o.value,
      ...(grouped
        ? {
            groupBy: (o: SelectOption) => o.group ?? '',
            groupSort: groupOrder ? [...groupOrder] : undefined,
          }
        : {}),
    });
  }, [options, groupOrder]);
}

/**
 * The open list of options, in a portal above the page; inside a modal dialog it must stay in the
 * dialog (`portalled` false), or the dialog hides it from assistive technology with the rest of the page.
 */
function OptionsPopup({ collection, portalled = true }: { collection: ReturnType<typeof useOptions>; portalled?: boolean }) {
  return (
    <Portal disabled={!portalled}>
      <Select.Positioner>
        <Select.Content maxH="20rem" overflowY="auto">
          <Items collection={collection} />
        </Select.Content>
      </Select.Positioner>
    </Portal>
  );
}

function Items({ collection }: { collection: ReturnType<typeof useOptions> }) {
  const groups = collection.group();
  const grouped = groups.length > 1 || (groups[0] && groups[0][0] !== '');
  if (!grouped) {
    return collection.items.map((o) => (
      <Select.Item item={o} key={o.value}>
        <Select.ItemText {...latinText(o)}>{o.label}</Select.ItemText>
        <Select.ItemIndicator />
      </Select.Item>
    ));
  }
  return groups.map(([group, items]) => (
    <Select.ItemGroup key={group}>
      <Select.ItemGroupLabel>{group}</Select.ItemGroupLabel>
      {items.map((o) => (
        <Select.Item item={o} key={o.value}>
          <Select.ItemText {...latinText(o)}>{o.label}</Select.ItemText>
          <Select.ItemIndicator />
        </Select.Item>
      ))}
    </Select.ItemGroup>
  ));
}

export interface MultiSelectProps extends BaseProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
}

/**
 * Several values from a list, optionally grouped. While closed it shows a single tag (the first
 * choice) and how many more are chosen, so the bar keeps its height however many are picked.
 */
export function MultiSelect({ label, options, value, onChange, placeholder, groupOrder, width = '14rem', disabled, portalled }: MultiSelectProps) {
  const collection = useOptions(options, groupOrder);
  // The parent may keep the value somewhere slow to come back: the address, updated in a
  // transition. The select shows its own copy, updated at once on each pick, so a second pick
  // made before the parent re-renders builds on the first. The parent's value is adopted when it
  // changes to something this select did not send (a reset, a link, back and forward).
  const given = value.join('\u0000');
  const [local, setLocal] = useState<string[]>(() => [...value]);
  const [seen, setSeen] = useState(given);
  const [pending, setPending] = useState<string[]>([]);
  if (given !== seen) {
    setSeen(given);
    const echoed = pending.indexOf(given);
    if (echoed === -1) {
      setPending([]);
      setLocal([...value]);
    } else {
      setPending(pending.slice(echoed + 1));
    }
  }
  const change = (next: string[]) => {
    setPending((sent) => [...sent, next.join('\u0000')]);
    setLocal(next);
    onChange(next);
  };
  const first = options.find((o) => o.value === local[0]);
  const more = local.length - 1;
  return (
    <Select.Root
      multiple
      collection={collection}
      value={local}
      onValueChange={(d) => change(d.value)}
      width={width}
      size="sm"
      disabled={disabled}
      // Options are drawn when the list first opens, not with every screen that holds a filter.
      lazyMount
      positioning={{ sameWidth: true }}
    >
      <Select.HiddenSelect />
      <Select.Label srOnly>{label}</Select.Label>
      <Select.Control>
        <Select.Trigger aria-label={label}>
          {first ? (
            <HStack gap="1" overflow="hidden" data-testid="select-tags">
              <Badge size="sm" variant="subtle" maxW="9rem" truncate {...latinText(first)}>
                {first.label}
              </Badge>
              {more > 0 && (
                <Text as="span" fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                  +{new Intl.NumberFormat('fa-IR').format(more)}
                </Text>
              )}
            </HStack>
          ) : (
            <Text as="span" color="fg.muted" fontSize="sm" truncate>
              {placeholder ?? label}
            </Text>
          )}
        </Select.Trigger>
        <Select.IndicatorGroup>
          {value.length > 0 && <Select.ClearTrigger aria-label={`پاک کردن ${label}`} />}
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      <OptionsPopup collection={collection} portalled={portalled} />
    </Select.Root>
  );
}

export interface SingleSelectProps extends BaseProps {
  value: string | null;
  onChange: (value: string) => void;
}

/** One value from a list. */
export function SingleSelect({ label, options, value, onChange, placeholder, groupOrder, width = '12rem', disabled, portalled }: SingleSelectProps) {
  const collection = useOptions(options, groupOrder);
  const chosen = options.find((o) => o.value === value);
  return (
    <Select.Root
      collection={collection}
      value={value === null ? [] : [value]}
      onValueChange={(d) => {
        const next = d.value[0];
        if (next !== undefined) onChange(next);
      }}
      width={width}
      size="sm"
      disabled={disabled}
      // Options are drawn when the list first opens, not with every screen that holds a filter.
      lazyMount
    >
      <Select.HiddenSelect />
      <Select.Label srOnly>{label}</Select.Label>
      <Select.Control>
        <Select.Trigger aria-label={label}>
          <Select.ValueText placeholder={placeholder ?? label} {...latinText(chosen)} />
        </Select.Trigger>
        <Select.IndicatorGroup>
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      <OptionsPopup collection={collection} portalled={portalled} />
    </Select.Root>
  );
}
