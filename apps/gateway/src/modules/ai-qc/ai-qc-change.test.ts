import { describe, expect, it } from 'vitest';
import { wordChange } from './ai-qc-change';

describe('the word change of an edit', () => {
  it('is nothing for the same words, whatever the spacing', () => {
    expect(wordChange('بدنه  سالم است.\nموتور خوب است.', 'بدنه سالم است. موتور خوب است.')).toEqual({ changedWords: 0, percent: 0 });
  });

  it('counts a replaced word as one removed and one added, over both texts', () => {
    // 6 words each; «خوب» → «عالی»: 2 of 12 words.
    expect(wordChange('بدنه سالم است و موتور خوب', 'بدنه سالم است و موتور عالی')).toEqual({ changedWords: 2, percent: 17 });
  });

  it('counts a removed sentence and an added one, keeping the order of what stayed', () => {
    expect(wordChange('الف ب ج د', 'ب ج د ه و')).toEqual({ changedWords: 3, percent: 33 });
    expect(wordChange('الف ب', 'ج د')).toEqual({ changedWords: 4, percent: 100 });
  });

  it('rounds a small change up to one percent, never to none', () => {
    const long = Array.from({ length: 400 }, (_, i) => `واژه${i}`).join(' ');
    expect(wordChange(long, `${long}،`)).toEqual({ changedWords: 2, percent: 1 });
  });
});
