import { useMemo } from 'react';
import { island } from '@panel/ui/island';
import { SelectStandIn, type SelectStandInProps } from '@panel/ui/light';
import { EXPERT_LEVEL_LABELS, EXPERT_TYPE_LABELS, TEHRAN_CITY_ID, formatJalaliDate, formatJalaliDateLong, formatNumber, toLatinDigits, toPersianDigits } from '@panel/contracts/common/plain';
import type { Area, DateOption } from '@panel/contracts/dispatch';
import type { BoardState } from '../state/board-params';
import { DATE_OPTION_TYPE_LABELS } from '@panel/contracts/dispatch/plain';
import './filter-bar.css';

export const TEHRAN_GROUP = 'تهران';
export const OTHER_GROUP = 'سایر شهرها';

/** 'امروز (۱۴۰۳/۱۲/۳۰)' for the named days, '۲ فروردین ۱۴۰۴' for plain dates. */
export function dateOptionLabel(option: DateOption): string {
  return option.type === 'date'
    ? formatJalaliDateLong(option.date)
    : `${DATE_OPTION_TYPE_LABELS[option.type]} (${formatJalaliDate(option.date)})`;
}

/** An area as the filter names it: Tehran's by name, another city's with the city first. */
export const areaLabel = (area: Area) => (area.city === TEHRAN_CITY_ID ? area.name : `${area.city_display}، ${area.name}`);

export interface FilterBarProps {
  board: BoardState;
  /** The date the sheet shows (the address's, else the default option). */
  date: string | null;
  dates: readonly DateOption[];
  areas: readonly Area[];
  onChange: (patch: Partial<BoardState>) => void;
}

// The four selects are Chakra's (an island, decision 148); until they have loaded, they are drawn
// as they look closed, with what they show.
const FilterSelects = island(async () => (await import('./filter-selects')).FilterSelects, { fallback: FilterSelectsStandIn });

/** The sheet's filters (spec §7): date, area, expert level and type, and a search. */
export function FilterBar(props: FilterBarProps) {
  const { board, onChange } = props;
  return (
    <search className="fb" aria-label="فیلترها">
      <FilterSelects {...props} />
      <div className="fb-search">
        <input
          className="lt-input"
          aria-label="جستجو"
          placeholder="جستجوی نام، شناسه یا کد سفارش"
          value={toPersianDigits(board.search)}
          onChange={(e) => onChange({ search: toLatinDigits(e.target.value) })}
        />
      </div>
    </search>
  );
}

/** What a multi-select shows closed: its first choice as a tag and how many more. */
function Chosen({ labels }: { labels: string[] }) {
  if (labels.length === 0) return null;
  return (
    <span className="fb-tags">
      <span className="lt-tag">{labels[0]}</span>
      {labels.length > 1 && <span className="fb-more">+{formatNumber(labels.length - 1)}</span>}
    </span>
  );
}

function StandIn({ labels, ...props }: SelectStandInProps & { labels: string[] }) {
  return <SelectStandIn {...props}>{labels.length > 0 ? <Chosen labels={labels} /> : undefined}</SelectStandIn>;
}

function FilterSelectsStandIn({ board, date, dates, areas }: FilterBarProps) {
  const dateLabel = useMemo(() => {
    const option = dates.find((d) => d.date === date);
    return option ? dateOptionLabel(option) : null;
  }, [dates, date]);
  const areaLabels = board.areas.flatMap((id) => {
    const area = areas.find((a) => a.id === id);
    return area ? [areaLabel(area)] : [];
  });
  return (
    <>
      <SelectStandIn label="تاریخ" width="13rem">
        {dateLabel !== null ? <span className="lt-truncate">{dateLabel}</span> : undefined}
      </SelectStandIn>
      <StandIn label="منطقه" width="14rem" labels={areaLabels} />
      <StandIn label="سطح کارشناس" width="11rem" labels={board.levels.map((l) => EXPERT_LEVEL_LABELS[l])} />
      <StandIn label="نوع کارشناس" width="13rem" labels={board.types.map((t) => EXPERT_TYPE_LABELS[t])} />
    </>
  );
}
