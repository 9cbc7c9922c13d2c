import { useMemo } from 'react';
import { Field, HStack, Input } from '@chakra-ui/react';
import { MultiSelect, SingleSelect, type SelectOption } from '@panel/ui/grid';
import { EXPERT_LEVELS, EXPERT_LEVEL_LABELS, EXPERT_TYPES, EXPERT_TYPE_LABELS, TEHRAN_CITY_ID, formatJalaliDate, formatJalaliDateLong, toLatinDigits, toPersianDigits, type ExpertLevel, type ExpertType } from '@panel/contracts/common/plain';
import type { Area, DateOption } from '@panel/contracts/dispatch';
import type { BoardState } from '../state/board-params';
import { DATE_OPTION_TYPE_LABELS } from '@panel/contracts/dispatch/plain';

const TEHRAN_GROUP = 'تهران';
const OTHER_GROUP = 'سایر شهرها';

/** 'امروز (۱۴۰۳/۱۲/۳۰)' for the named days, '۲ فروردین ۱۴۰۴' for plain dates. */
export function dateOptionLabel(option: DateOption): string {
  return option.type === 'date'
    ? formatJalaliDateLong(option.date)
    : `${DATE_OPTION_TYPE_LABELS[option.type]} (${formatJalaliDate(option.date)})`;
}

const levelOptions: SelectOption[] = EXPERT_LEVELS.map((l) => ({ value: String(l), label: EXPERT_LEVEL_LABELS[l] }));
const typeOptions: SelectOption[] = EXPERT_TYPES.map((t) => ({ value: t, label: EXPERT_TYPE_LABELS[t] }));

export interface FilterBarProps {
  board: BoardState;
  /** The date the sheet shows (the address's, else the default option). */
  date: string | null;
  dates: readonly DateOption[];
  areas: readonly Area[];
  onChange: (patch: Partial<BoardState>) => void;
}

export function FilterBar({ board, date, dates, areas, onChange }: FilterBarProps) {
  const dateOptions = useMemo(() => dates.map((d) => ({ value: d.date, label: dateOptionLabel(d) })), [dates]);
  const areaOptions = useMemo(
    () =>
      areas.map((a) => ({
        value: String(a.id),
        label: a.city === TEHRAN_CITY_ID ? a.name : `${a.city_display}، ${a.name}`,
        group: a.city === TEHRAN_CITY_ID ? TEHRAN_GROUP : OTHER_GROUP,
      })),
    [areas],
  );
  return (
    <HStack gap="3" wrap="wrap" as="search" aria-label="فیلترها">
      <SingleSelect label="تاریخ" options={dateOptions} value={date} onChange={(d) => onChange({ date: d, cell: null })} width="13rem" />
      <MultiSelect
        label="منطقه"
        options={areaOptions}
        groupOrder={[TEHRAN_GROUP, OTHER_GROUP]}
        value={board.areas.map(String)}
        onChange={(v) => onChange({ areas: v.map(Number) })}
      />
      <MultiSelect
        label="سطح کارشناس"
        options={levelOptions}
        value={board.levels.map(String)}
        onChange={(v) => onChange({ levels: v.map(Number) as ExpertLevel[] })}
        width="11rem"
      />
      <MultiSelect
        label="نوع کارشناس"
        options={typeOptions}
        value={board.types}
        onChange={(v) => onChange({ types: v as ExpertType[] })}
        width="13rem"
      />
      <Field.Root width="16rem">
        <Input
          size="sm"
          aria-label="جستجو"
          placeholder="جستجوی نام، شناسه یا کد سفارش"
          value={toPersianDigits(board.search)}
          onChange={(e) => onChange({ search: toLatinDigits(e.target.value) })}
        />
      </Field.Root>
    </HStack>
  );
}
