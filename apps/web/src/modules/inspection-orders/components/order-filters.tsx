import { CITIES, INSPECTION_STATE_LABELS, toPersianDigits } from '@panel/contracts/common';
import { REQUEST_TYPE_LABELS, type OrderFilterOptions, type OrderListFilter, type OrderListFilterInput, DEFAULT_ORDER_LIST_STATES, ORDER_LIST_STATE_LABELS } from '@panel/contracts/inspection-orders';
import { CommitInput, FilterField, JalaliDateField, MultiSelect, SingleSelect, type SelectOption } from '@panel/ui';

const ALL = 'all';
const STATE_OPTIONS: SelectOption[] = [
  ...DEFAULT_ORDER_LIST_STATES.map((s) => ({ value: s, label: ORDER_LIST_STATE_LABELS[s], group: 'در جریان' })),
  { value: 'D', label: INSPECTION_STATE_LABELS.D, group: 'پایان‌یافته' },
  { value: 'F', label: INSPECTION_STATE_LABELS.F, group: 'پایان‌یافته' },
];
const CITY_OPTIONS: SelectOption[] = CITIES.map((c) => ({ value: String(c.id), label: c.name }));
const REQUEST_TYPE_OPTIONS: SelectOption[] = [
  { value: ALL, label: 'همه' },
  ...Object.entries(REQUEST_TYPE_LABELS).map(([value, label]) => ({ value, label })),
];
const YES_NO: SelectOption[] = [
  { value: ALL, label: 'همه' },
  { value: 'true', label: 'بله' },
  { value: 'false', label: 'خیر' },
];

const flag = (value: string) => (value === ALL ? undefined : value === 'true');
const flagValue = (value: boolean | undefined) => (value === undefined ? ALL : String(value));

interface OrderFiltersProps {
  filter: OrderListFilter;
  options: OrderFilterOptions | undefined;
  onChange: (patch: OrderListFilterInput) => void;
}

/** The filters a person uses all the time: search, visit date, state, city. */
export function OrderFilters({ filter, onChange }: OrderFiltersProps) {
  const states = filter.state ?? [...DEFAULT_ORDER_LIST_STATES];
  return (
    <>
      <FilterField label="جستجو">
        <CommitInput label="جستجو" placeholder="کد سفارش، تلفن یا نام" value={filter.search ?? ''} onCommit={(search) => onChange({ search })} width="12rem" />
      </FilterField>
      <FilterField label="تاریخ بازدید">
        <JalaliDateField label="تاریخ بازدید" value={filter.date} onChange={(date) => onChange({ date })} />
      </FilterField>
      <FilterField label="وضعیت">
        <MultiSelect label="وضعیت" options={STATE_OPTIONS} value={states} onChange={(state) => onChange({ state })} placeholder="همه وضعیت‌ها" width="12rem" />
      </FilterField>
      <FilterField label="شهر">
        <MultiSelect label="شهر" options={CITY_OPTIONS} value={(filter.cities ?? []).map(String)} onChange={(v) => onChange({ cities: v.map(Number) })} placeholder="همه شهرها" width="11rem" />
      </FilterField>
    </>
  );
}

/** How many of the less used filters are set. */
export function moreOrderFiltersSet(filter: OrderListFilter): number {
  return [
    filter.experts?.length,
    filter.mechanics?.length,
    filter.assistant,
    filter.requestType,
    filter.fPackage,
    filter.brandModel,
    filter.qc !== undefined,
    filter.pricing !== undefined,
  ].filter(Boolean).length;
}

/** The rest, behind "more filters". */
export function MoreOrderFilters({ filter, options, onChange }: OrderFiltersProps) {
  return (
    <>
      <FilterField label="کارشناس">
        <MultiSelect
          label="کارشناس"
          options={(options?.experts ?? []).map((e) => ({ value: String(e.value), label: e.name ?? `کارشناس ${toPersianDigits(e.value)}` }))}
          value={(filter.experts ?? []).map(String)}
          onChange={(v) => onChange({ experts: v.map(Number) })}
          placeholder="همه"
          width="11rem"
        />
      </FilterField>
      <FilterField label="مکانیک">
        <MultiSelect
          label="مکانیک"
          options={(options?.mechanics ?? []).map((m) => ({ value: String(m.value), label: m.name ?? `مکانیک ${toPersianDigits(m.value)}` }))}
          value={(filter.mechanics ?? []).map(String)}
          onChange={(v) => onChange({ mechanics: v.map(Number) })}
          placeholder="همه"
          width="11rem"
        />
      </FilterField>
      <FilterField label="پشتیبان">
        <SingleSelect
          label="پشتیبان"
          options={[{ value: ALL, label: 'همه' }, ...(options?.assistants ?? []).map((a) => ({ value: a.value, label: a.name ?? a.value }))]}
          value={filter.assistant ?? ALL}
          onChange={(v) => onChange({ assistant: v === ALL ? undefined : v })}
          width="10rem"
        />
      </FilterField>
      <FilterField label="نوع درخواست">
        <SingleSelect label="نوع درخواست" options={REQUEST_TYPE_OPTIONS} value={filter.requestType ?? ALL} onChange={(v) => onChange({ requestType: v === ALL ? undefined : (v as OrderListFilter['requestType']) })} width="9rem" />
      </FilterField>
      <FilterField label="بسته">
        <SingleSelect
          label="بسته"
          options={[{ value: ALL, label: 'همه' }, ...(options?.packages ?? []).map((p) => ({ value: p, label: p }))]}
          value={filter.fPackage ?? ALL}
          onChange={(v) => onChange({ fPackage: v === ALL ? undefined : v })}
          width="11rem"
        />
      </FilterField>
      <FilterField label="خودرو">
        <CommitInput label="خودرو" placeholder="برند یا مدل" value={filter.brandModel ?? ''} onCommit={(brandModel) => onChange({ brandModel })} width="10rem" />
      </FilterField>
      <FilterField label="کنترل کیفیت">
        <SingleSelect label="کنترل کیفیت" options={YES_NO} value={flagValue(filter.qc)} onChange={(v) => onChange({ qc: flag(v) })} width="7rem" />
      </FilterField>
      <FilterField label="قیمت‌گذاری">
        <SingleSelect label="قیمت‌گذاری" options={YES_NO} value={flagValue(filter.pricing)} onChange={(v) => onChange({ pricing: flag(v) })} width="7rem" />
      </FilterField>
    </>
  );
}
