import { describe, expect, it } from 'vitest';
import { alreadyLinkedMessage, targetTakenMessage } from './divar-tokens.schemas';

// Issue 28, defect 5: a copied code must exist, so its digits are never turned Persian.
describe('the Persian 409s naming a link', () => {
  it('keep the token and the code Latin, the title in Persian digits', () => {
    const message = alreadyLinkedMessage('PE6gPT7b', { kind: 'car_post', code: '2xw1wmm0', title: 'پژو 206' });
    expect(message).toContain('PE6gPT7b');
    expect(message).toContain('(2xw1wmm0)');
    expect(message).toContain('«پژو ۲۰۶»');
  });

  it('keep the code and the holder token Latin', () => {
    const message = targetTakenMessage('concierge_sale', 'Cs8x2k4m', 'Zz9y8x7w');
    expect(message).toContain('Cs8x2k4m');
    expect(message).toContain('Zz9y8x7w');
  });
});
