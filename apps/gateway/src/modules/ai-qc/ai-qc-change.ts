// How much a reviewer changed a machine's text (decision 116), measured once at approval and kept
// on the row, so the list filters and sorts by it in SQL. Words are what whitespace separates
// (punctuation stays on its word, as the browser's word diff shows it); the words both texts keep
// in order are their longest common subsequence. The screen draws the diff itself (jsdiff).

export interface WordChange {
  /** Words removed from the machine's text plus words added to it. */
  changedWords: number;
  /** That count as a share of both texts' words, 0–100; at least 1 when anything changed. */
  percent: number;
}

const wordsOf = (text: string) => text.split(/\s+/u).filter((word) => word !== '');

/** The length of the longest common subsequence of two word lists, in O(n·m) time and O(m) memory. */
function commonWords(a: readonly string[], b: readonly string[]): number {
  let previous = new Uint16Array(b.length + 1);
  let current = new Uint16Array(b.length + 1);
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

export function wordChange(before: string, after: string): WordChange {
  const a = wordsOf(before);
  const b = wordsOf(after);
  const kept = commonWords(a, b);
  const changedWords = a.length - kept + (b.length - kept);
  const total = a.length + b.length;
  if (changedWords === 0 || total === 0) return { changedWords: 0, percent: 0 };
  return { changedWords, percent: Math.min(100, Math.max(1, Math.round((100 * changedWords) / total))) };
}
