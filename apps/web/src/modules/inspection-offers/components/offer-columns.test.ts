import { describe, expect, it } from 'vitest';
import type { Offer } from '@panel/contracts/inspection-offers';
import { OFFER_COLUMNS } from './offer-columns';

describe('the offer list columns', () => {
  it('never shows more experts declining an offer than seeing it: a decline is an answer to an offer seen', () => {
    const answers = OFFER_COLUMNS.find((c) => c.key === 'answers')!;
    const offer = { seen: 1, declined: 3, recipients: 15 } as Offer;
    expect(answers.text(offer)).toBe('۳ / ۳ از ۱۵');
    expect(answers.csv?.(offer)).toBe('3/3/15');
    expect(answers.text({ seen: 4, declined: 1, recipients: 15 } as Offer)).toBe('۴ / ۱ از ۱۵');
  });
});
