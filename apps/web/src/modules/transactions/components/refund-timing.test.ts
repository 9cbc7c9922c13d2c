import { describe, expect, it } from 'vitest';
import { overdueText, waitedText } from './refund-timing';

const now = Date.parse('2026-11-26T12:00:00Z');
const ago = (hours: number) => new Date(now - hours * 3_600_000).toISOString();

describe('how long a refund has waited', () => {
  it('says hours, then days and hours, in Persian digits', () => {
    expect(waitedText(ago(0.5), now)).toBe('کمتر از یک ساعت');
    expect(waitedText(ago(5.9), now)).toBe('۵ ساعت');
    expect(waitedText(ago(48), now)).toBe('۲ روز');
    expect(waitedText(ago(53), now)).toBe('۲ روز و ۵ ساعت');
    expect(overdueText(ago(60), now)).toBe('دیرکرد: ۲ روز و ۱۲ ساعت در انتظار (بیش از ۴۸ ساعت)');
  });
});
