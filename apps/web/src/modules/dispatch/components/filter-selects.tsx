import { useMemo } from 'react';
import { MultiSelect, SingleSelect, type SelectOption } from '@panel/ui/grid';
import { EXPERT_LEVELS, EXPERT_LEVEL_LABELS, EXPERT_TYPES, EXPERT_TYPE_LABELS, TEHRAN_CITY_ID, type ExpertLevel, type ExpertType } from '@panel/contracts/common/plain';
import { OTHER_GROUP, TEHRAN_GROUP, areaLabel, dateOptionLabel, type FilterBarProps } from './filter-bar';

const levelOptions: SelectOption[] = EXPERT_LEVELS.map((l) => ({ value: String(l), label: EXPERT_LEVEL_LABELS[l] }));
const typeOptions: SelectOption[] = EXPERT_TYPES.map((t) => ({ value: t, label: EXPERT_TYPE_LABELS[t] }));

/** The sheet's four selects (the filter bar's island, decision 148). */
export function FilterSelects({ board, date, dates, areas, onChange }: FilterBarProps) {
  const dateOptions = useMemo(() => dates.map((d) => ({ value: d.date, label: dateOptionLabel(d) })), [dates]);
  const areaOptions = useMemo(
    () => areas.map((a) => ({ value: String(a.id), label: areaLabel(a), group: a.city === TEHRAN_CITY_ID ? TEHRAN_GROUP : OTHER_GROUP })),
    [areas],
  );
  return (
    <>
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
    </>
  );
}
