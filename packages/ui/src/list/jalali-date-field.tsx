import { useState } from 'react';
import { Input } from '@chakra-ui/react';

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

/** A Jalali date typed as ۱۴۰۴/۰۱/۰۱; the value leaves as a day key when it is a real date. */
export function JalaliDateField({ id, label, value, onChange, placeholder = 'مثلا ۱۴۰۴/۰۱/۰۱', width = '9rem' }: JalaliDateFieldProps) {
  const shown = value ? dayKeyToJalali(value) : '';
  const [draft, setDraft] = useState<{ for: string; text: string } | null>(null);
  const text = draft && draft.for === shown ? draft.text : shown;
  const invalid = text.trim() !== '' && jalaliToDayKey(text) === undefined;
  const commit = () => {
    if (text.trim() === '') onChange(undefined);
    else if (!invalid) onChange(jalaliToDayKey(text));
  };
  return (
    <Input
      id={id}
      aria-label={label}
      aria-invalid={invalid || undefined}
      size="sm"
      width={width}
      dir="ltr"
      textAlign="right"
      inputMode="numeric"
      placeholder={placeholder}
      value={text}
      onChange={(event) => setDraft({ for: shown, text: event.target.value })}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}
