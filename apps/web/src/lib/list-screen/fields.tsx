import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toPersianDigits } from '@panel/contracts/common';
import { CommitInput, FilterField, JalaliDateField, MultiSelect, SingleSelect, type SelectOption } from '@panel/ui';
import { BrandModelFilter } from '../brand-model-picker';
import type { Open, PanelQuery } from './query-types';

// A list's filters as declarations (decision 093): each field names its filter key(s), its label
// and width, and whether it sits under "more filters"; the kit draws it and counts it.

/** A filter value a choice can hold: the address keeps it as text, the filter as its own type. */
export type ChoiceValue = string | number | boolean;
export interface ChoiceOption {
  value: ChoiceValue;
  label: string;
  group?: string;
  /** A code shown as it is (a model's name): left to right, its digits kept Latin. */
  latin?: boolean;
}
/** Fixed options, or options read from a query (people, experts, packages). */
export type ChoiceOptions = readonly ChoiceOption[] | QueryChoices<Open>;
/** Options from a query's answer: `options` reads the answer the query gives. */
export interface QueryChoices<T> {
  query: PanelQuery<T>;
  options: (data: T) => ChoiceOption[];
}

type Patch = Record<string, unknown>;
interface Common {
  label: string;
  width?: string;
  /** Behind "فیلترهای بیشتر" (the less used ones). */
  more?: boolean;
}
export type ListFieldDeclaration =
  | (Common & { kind: 'search'; key: string; placeholder?: string; money?: boolean })
  | (Common & { kind: 'choice'; key: string; options: ChoiceOptions; all: string; allValue: null | undefined })
  | (Common & { kind: 'multi'; key: string; options: ChoiceOptions; placeholder: string; shown?: (filter: never) => readonly ChoiceValue[] })
  | (Common & { kind: 'day'; key: string })
  | (Common & { kind: 'range'; keys: [string, string]; labels: [string, string]; of: 'day' | 'money' })
  | (Common & { kind: 'brandModel'; key: string })
  | (Common & { kind: 'custom'; keys: string[]; render: (filter: never, update: (patch: never) => void) => ReactNode });

type Key<F> = Extract<keyof F, string>;
type Options = Pick<Common, 'width' | 'more'>;

/** The field builders of one filter (`F` is the parsed filter), handed to a screen's `fields`. */
export function fieldKit<F, I = Partial<F>>() {
  return {
    /** Free text applied on Enter or blur (`money`: an amount grouped as typed). */
    search: (key: Key<F>, label: string, o: Options & { placeholder?: string; money?: boolean } = {}): ListFieldDeclaration => ({ kind: 'search', key, label, ...o }),
    /** One of some values, or all ("همه" unless `all` says otherwise; `allValue` is what all is in the filter). */
    choice: (key: Key<F>, label: string, options: ChoiceOptions, o: Options & { all?: string; allValue?: null } = {}): ListFieldDeclaration => ({
      kind: 'choice',
      key,
      label,
      options,
      all: o.all ?? 'همه',
      allValue: o.allValue,
      width: o.width,
      more: o.more,
    }),
    /** Yes, no or all: a flag filter is a choice of two. */
    yesNo: (key: Key<F>, label: string, o: Options = {}): ListFieldDeclaration => ({ kind: 'choice', key, label, options: YES_NO, all: 'همه', allValue: undefined, width: '7rem', ...o }),
    /** Some of some values ("همه …" when none); `shown` when the filter's empty value means a default set. */
    multi: (key: Key<F>, label: string, options: ChoiceOptions, o: Options & { placeholder?: string; shown?: (filter: F) => readonly ChoiceValue[] } = {}): ListFieldDeclaration => ({
      kind: 'multi',
      key,
      label,
      options,
      placeholder: o.placeholder ?? 'همه',
      shown: o.shown as ((filter: never) => readonly ChoiceValue[]) | undefined,
      width: o.width,
      more: o.more,
    }),
    /** One Jalali day. */
    day: (key: Key<F>, label: string, o: Options = {}): ListFieldDeclaration => ({ kind: 'day', key, label, ...o }),
    /** From and to: two Jalali days or two amounts. */
    range: (keys: [Key<F>, Key<F>], labels: [string, string], of: 'day' | 'money', o: Options = {}): ListFieldDeclaration => ({ kind: 'range', keys, labels, of, label: labels[0], ...o }),
    /** A car of the brand-model catalogue (its model id in the filter). */
    brandModel: (key: Key<F>, label = 'برند و مدل', o: Options = {}): ListFieldDeclaration => ({ kind: 'brandModel', key, label, ...o }),
    /** Anything else (a switch, a sort menu): drawn by the screen, counted by its keys. */
    custom: (keys: Key<F>[], render: (filter: F, update: (patch: I) => void) => ReactNode, o: Options = {}): ListFieldDeclaration => ({
      kind: 'custom',
      keys,
      label: keys.join(','),
      render: render as unknown as (filter: never, update: (patch: never) => void) => ReactNode,
      ...o,
    }),
  };
}
export type FieldKit<F, I = Partial<F>> = ReturnType<typeof fieldKit<F, I>>;

const YES_NO: ChoiceOption[] = [
  { value: true, label: 'بله' },
  { value: false, label: 'خیر' },
];
const ALL = 'all';

const keysOf = (field: ListFieldDeclaration) => ('keys' in field ? field.keys : [field.key]);
const isSet = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** How many of the "more filters" are set: shown on the button, and they start open when any is. */
export function moreFiltersSet(fields: readonly ListFieldDeclaration[], filter: object): number {
  const record = filter as Patch;
  return fields.filter((f) => f.more).flatMap(keysOf).filter((key) => isSet(record[key])).length;
}

function selectOptions(options: readonly ChoiceOption[]): SelectOption[] {
  return options.map(({ value, label, group, latin }) => ({ value: String(value), label, ...(group ? { group } : {}), ...(latin ? { latin } : {}) }));
}
/** The filter value of a picked option's text (an unknown one stays text). */
const valueOf = (options: readonly ChoiceOption[], text: string): ChoiceValue => options.find((o) => String(o.value) === text)?.value ?? text;

function Choice({ field, options, value, update }: { field: Extract<ListFieldDeclaration, { kind: 'choice' }>; options: readonly ChoiceOption[]; value: unknown; update: (patch: Patch) => void }) {
  const all = value === undefined || value === field.allValue;
  // A value the options do not (yet) hold, e.g. from a shared link, is still shown.
  const unknown = !all && !options.some((o) => String(o.value) === String(value)) ? [{ value: String(value), label: String(value) }] : [];
  return (
    <SingleSelect
      label={field.label}
      options={[{ value: ALL, label: field.all }, ...selectOptions(options), ...unknown]}
      value={all ? ALL : String(value)}
      onChange={(text) => update({ [field.key]: text === ALL ? field.allValue : valueOf(options, text) })}
      width={field.width}
    />
  );
}

function Multi({ field, options, value, update }: { field: Extract<ListFieldDeclaration, { kind: 'multi' }>; options: readonly ChoiceOption[]; value: readonly ChoiceValue[]; update: (patch: Patch) => void }) {
  return (
    <MultiSelect
      label={field.label}
      options={selectOptions(options)}
      value={value.map(String)}
      onChange={(texts) => update({ [field.key]: texts.map((text) => valueOf(options, text)) })}
      placeholder={field.placeholder}
      width={field.width}
    />
  );
}

/** Options from a query: its own component, so a field without one asks nothing. */
function FromQuery({ options, children }: { options: Extract<ChoiceOptions, { query: unknown }>; children: (options: readonly ChoiceOption[]) => ReactNode }) {
  const answer = useQuery({ ...options.query, staleTime: 5 * 60_000 });
  return children(answer.data === undefined ? [] : options.options(answer.data));
}
function WithOptions({ options, children }: { options: ChoiceOptions; children: (options: readonly ChoiceOption[]) => ReactNode }) {
  return 'query' in options ? <FromQuery options={options}>{children}</FromQuery> : children(options);
}

const asText = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'number' ? toPersianDigits(value) : String(value));
const committed = (text: string) => (text === '' ? undefined : text);

/** One declared field, drawn from the filter; a change goes to `update` (the address). */
export function ListFilterField({ field, filter, update }: { field: ListFieldDeclaration; filter: object; update: (patch: Patch) => void }) {
  const record = filter as Patch;
  switch (field.kind) {
    case 'search':
      return (
        <FilterField label={field.label}>
          <CommitInput label={field.label} placeholder={field.placeholder} money={field.money} value={field.money ? String(record[field.key] ?? '') : asText(record[field.key])} onCommit={(text) => update({ [field.key]: committed(text) })} width={field.width} />
        </FilterField>
      );
    case 'choice':
      return (
        <FilterField label={field.label}>
          <WithOptions options={field.options}>{(options) => <Choice field={field} options={options} value={record[field.key]} update={update} />}</WithOptions>
        </FilterField>
      );
    case 'multi': {
      const value = field.shown ? field.shown(filter as never) : ((record[field.key] as ChoiceValue[] | undefined) ?? []);
      return (
        <FilterField label={field.label}>
          <WithOptions options={field.options}>{(options) => <Multi field={field} options={options} value={value} update={update} />}</WithOptions>
        </FilterField>
      );
    }
    case 'day':
      return (
        <FilterField label={field.label}>
          <JalaliDateField label={field.label} value={record[field.key] as string | undefined} onChange={(day) => update({ [field.key]: day })} />
        </FilterField>
      );
    case 'range':
      return (
        <>
          {field.keys.map((key, at) =>
            field.of === 'day' ? (
              <FilterField key={key} label={field.labels[at]!}>
                <JalaliDateField label={field.labels[at]!} value={record[key] as string | undefined} onChange={(day) => update({ [key]: day })} />
              </FilterField>
            ) : (
              <FilterField key={key} label={field.labels[at]!}>
                <CommitInput money label={field.labels[at]!} value={String(record[key] ?? '')} onCommit={(text) => update({ [key]: committed(text) })} width={field.width ?? '9rem'} />
              </FilterField>
            ),
          )}
        </>
      );
    case 'brandModel':
      return <BrandModelFilter label={field.label} value={record[field.key] as number | undefined} onChange={(model) => update({ [field.key]: model })} />;
    case 'custom':
      return <>{field.render(filter as never, update as (patch: never) => void)}</>;
  }
}
