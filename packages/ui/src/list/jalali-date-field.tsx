import { useId, useState, type KeyboardEvent } from 'react';
import { Box, Button, Grid, HStack, IconButton, Input, Popover, Portal, Text } from '@chakra-ui/react';
import { LuCalendar, LuChevronLeft, LuChevronRight } from 'react-icons/lu';

// A day is named by its Gregorian key 'YYYY-MM-DD' in the address and on the wire, and shown
// and typed as a Jalali date with Persian digits. The conversion goes through Intl's Persian
// calendar, so no calendar table is kept here.

const jalaliParts = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});
const PERSIAN_ZERO = 0x06f0;

const toLatin = (s: string) =>
  s.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (d) => String((d.charCodeAt(0) - (d.charCodeAt(0) >= PERSIAN_ZERO ? PERSIAN_ZERO : 0x0660)) % 10));
const toPersian = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(PERSIAN_ZERO + Number(d)));

function partsOf(date: Date): [number, number, number] {
  const p = Object.fromEntries(jalaliParts.formatToParts(date).map((x) => [x.type, Number(x.value)]));
  return [p.year ?? 0, p.month ?? 0, p.day ?? 0];
}

/** '2025-03-21' → '۱۴۰۴/۰۱/۰۱' */
export function dayKeyToJalali(key: string): string {
  const [y, m, d] = partsOf(new Date(`${key}T12:00:00Z`));
  return toPersian(`${y}/${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}`);
}

/** '۱۴۰۴/۱/۱' (Persian or Latin digits, '/' or '-') → '2025-03-21'; undefined when it is no date. */
export function jalaliToDayKey(text: string): string | undefined {
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(toLatin(text.trim()));
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m < 1 || m > 12 || d < 1 || d > 31) return undefined;
  // Farvardin 1 falls on 20-21 March; walk from an estimate to the exact day.
  const estimate = Date.UTC(y + 621, 2, 21, 12) + ((m - 1) * 30.6 + (d - 1)) * 86_400_000;
  for (let shift = -4; shift <= 4; shift += 1) {
    const date = new Date(estimate + shift * 86_400_000);
    const [py, pm, pd] = partsOf(date);
    if (py === y && pm === m && pd === d) return date.toISOString().slice(0, 10);
  }
  return undefined;
}

const DAY_MS = 86_400_000;
const addDays = (key: string, days: number) => new Date(Date.parse(`${key}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const monthTitle = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'UTC', year: 'numeric', month: 'long' });
const longDay = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
const tehranToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(new Date());
const WEEKDAYS = ['ش', 'ی', 'د', 'س', 'چ', 'پ', 'ج'];

/** The days of the Jalali month holding `key`, as day keys. */
export function monthOf(key: string): string[] {
  const day = partsOf(new Date(`${key}T12:00:00Z`))[2];
  const first = addDays(key, 1 - day);
  const days = [first];
  for (let next = addDays(first, 1); partsOf(new Date(`${next}T12:00:00Z`))[2] !== 1; next = addDays(next, 1)) days.push(next);
  return days;
}

/** The same day of the next (+1) or previous (-1) Jalali month, or its last day when shorter. */
export function shiftMonth(key: string, by: 1 | -1): string {
  const days = monthOf(key);
  const index = days.indexOf(key);
  const other = monthOf(by === 1 ? addDays(days.at(-1)!, 1) : addDays(days[0]!, -1));
  return other[Math.min(index, other.length - 1)]!;
}

/**
 * A month of the Jalali calendar, Saturday first, right to left. Keyboard: arrows move a day
 * (left is the next day) or a week, Page Up/Down a month, Home/End the month's ends, Enter picks.
 */
function JalaliCalendar({ label, value, onPick }: { label: string; value: string | undefined; onPick: (key: string) => void }) {
  const [focused, setFocused] = useState(() => value ?? tehranToday());
  const days = monthOf(focused);
  const lead = (new Date(`${days[0]}T12:00:00Z`).getUTCDay() + 1) % 7;
  const slots: (string | null)[] = [...Array<null>(lead).fill(null), ...days];
  const weeks = Array.from({ length: Math.ceil(slots.length / 7) }, (_, w) => slots.slice(w * 7, w * 7 + 7));
  const idBase = useId();
  const move = (event: KeyboardEvent) => {
    const steps: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, 1),
      ArrowRight: () => addDays(focused, -1),
      ArrowDown: () => addDays(focused, 7),
      ArrowUp: () => addDays(focused, -7),
      PageDown: () => shiftMonth(focused, 1),
      PageUp: () => shiftMonth(focused, -1),
      Home: () => days[0]!,
      End: () => days.at(-1)!,
    };
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPick(focused);
      return;
    }
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    setFocused(step());
  };
  return (
    <Box>
      <HStack justify="space-between" mb="2">
        <IconButton size="xs" variant="ghost" aria-label="ماه قبل" onClick={() => setFocused(shiftMonth(focused, -1))}>
          <LuChevronRight />
        </IconButton>
        <Text fontWeight="bold" fontSize="sm" aria-live="polite">
          {monthTitle.format(new Date(`${focused}T12:00:00Z`))}
        </Text>
        <IconButton size="xs" variant="ghost" aria-label="ماه بعد" onClick={() => setFocused(shiftMonth(focused, 1))}>
          <LuChevronLeft />
        </IconButton>
      </HStack>
      <Box
        role="grid"
        aria-label={`${label}: ${monthTitle.format(new Date(`${focused}T12:00:00Z`))}`}
        aria-activedescendant={`${idBase}-${focused}`}
        tabIndex={0}
        onKeyDown={move}
        data-calendar-grid=""
        rounded="l2"
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.solid', outlineOffset: '2px' }}
      >
        <Grid role="row" templateColumns="repeat(7, 2.25rem)" gap="1" mb="1">
          {WEEKDAYS.map((d) => (
            <Text key={d} role="columnheader" textAlign="center" fontSize="xs" color="fg.muted">
              {d}
            </Text>
          ))}
        </Grid>
        {weeks.map((week, w) => (
          <Grid key={w} role="row" templateColumns="repeat(7, 2.25rem)" gap="1" mb="1">
            {week.map((key, i) =>
              key === null ? (
                <Box key={`blank-${i}`} role="gridcell" />
              ) : (
                <Button
                  key={key}
                  id={`${idBase}-${key}`}
                  role="gridcell"
                  tabIndex={-1}
                  aria-selected={key === value}
                  aria-label={longDay.format(new Date(`${key}T12:00:00Z`))}
                  size="xs"
                  variant={key === value ? 'solid' : key === focused ? 'subtle' : 'ghost'}
                  outline={key === focused ? '2px solid' : undefined}
                  outlineColor="colorPalette.solid"
                  onClick={() => onPick(key)}
                >
                  {toPersian(String(days.indexOf(key) + 1))}
                </Button>
              ),
            )}
          </Grid>
        ))}
      </Box>
    </Box>
  );
}

export interface JalaliDateFieldProps {
  id?: string;
  label: string;
  /** Gregorian day key, or undefined for no date. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  placeholder?: string;
  invalidText?: string;
  width?: string;
}

/**
 * The one date field of the panel: a Jalali date typed as ۱۴۰۴/۰۱/۰۱ (digits of any set), or
 * picked on a calendar opened beside it; the value leaves as a day key when it is a real date.
 */
export function JalaliDateField({ id, label, value, onChange, placeholder, width = '11rem' }: JalaliDateFieldProps) {
  // The example is today's date in Tehran, so it never shows a year gone by.
  const example = placeholder ?? `مثلا ${dayKeyToJalali(tehranToday())}`;
  const [calendarOpen, setCalendarOpen] = useState(false);
  const shown = value ? dayKeyToJalali(value) : '';
  const [draft, setDraft] = useState<{ for: string; text: string } | null>(null);
  const text = draft && draft.for === shown ? draft.text : shown;
  const invalid = text.trim() !== '' && jalaliToDayKey(text) === undefined;
  const commit = () => {
    if (text.trim() === '') onChange(undefined);
    else if (!invalid) onChange(jalaliToDayKey(text));
  };
  return (
    <HStack gap="1" width={width}>
    <Input
      id={id}
      aria-label={label}
      aria-invalid={invalid || undefined}
      size="sm"
      flex="1"
      minW="0"
      dir="ltr"
      textAlign="right"
      inputMode="numeric"
      placeholder={example}
      value={toPersian(text)}
      onChange={(event) => setDraft({ for: shown, text: event.target.value })}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
      <Popover.Root
        open={calendarOpen}
        onOpenChange={(details) => setCalendarOpen(details.open)}
        positioning={{ placement: 'bottom-end' }}
        initialFocusEl={() => document.querySelector<HTMLElement>('[data-calendar-grid]')}
        lazyMount
        unmountOnExit
      >
        <Popover.Trigger asChild>
          <IconButton size="sm" variant="outline" aria-label={`${label}: تقویم`}>
            <LuCalendar />
          </IconButton>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content width="auto" p="3" aria-label={`تقویم ${label}`}>
              <JalaliCalendar
                label={label}
                value={value}
                onPick={(key) => {
                  setDraft(null);
                  onChange(key);
                  setCalendarOpen(false);
                }}
              />
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
    </HStack>
  );
}
