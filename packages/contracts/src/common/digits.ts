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
