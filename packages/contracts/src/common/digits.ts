const PERSIAN_ZERO = 0x06f0;
const ARABIC_ZERO = 0x0660;
const LATIN_ZERO = 0x30;

export function toLatinDigits(s: string): string {
  return s.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (d) => {
    const code = d.charCodeAt(0);
    const zero = code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_ZERO;
    return String.fromCharCode(LATIN_ZERO + code - zero);
  });
}

// Digits only, no grouping or locale punctuation: codes, times and plates must keep their shape.
// Use formatNumber for quantities.
export function toPersianDigits(s: string | number): string {
  return String(s).replace(/[0-9]/g, (d) => String.fromCharCode(PERSIAN_ZERO + d.charCodeAt(0) - LATIN_ZERO));
}

/**
 * A code a person copies into another system as it is (a Divar or post token, an identifier, a
 * link): a run of Latin letters, digits, `_` and `-` that holds a Latin letter, or a whole link.
 * Its digits are case-sensitive parts of it, never numbers to read (issue 28, defect 5).
 */
const LATIN_CODE = /(https?:\/\/\S+|[A-Za-z0-9_-]*[A-Za-z][A-Za-z0-9_-]*)/;

export interface TextRun {
  text: string;
  /** A Latin code: shown as it is, left to right and isolated from the Persian around it. */
  code: boolean;
}

/** A message split into its Latin codes and the rest, in order; no run is empty. */
export function textRuns(text: string): TextRun[] {
  return text
    .split(LATIN_CODE)
    .map((part, n) => ({ text: part, code: n % 2 === 1 }))
    .filter((run) => run.text !== '');
}

/**
 * A message as a person reads it: Persian digits in its numbers, its Latin codes untouched.
 * Converting the whole message (toPersianDigits) would turn `PE6gPT7b` into a code that does
 * not exist.
 */
export function toPersianText(text: string): string {
  return textRuns(text)
    .map((run) => (run.code ? run.text : toPersianDigits(run.text)))
    .join('');
}
