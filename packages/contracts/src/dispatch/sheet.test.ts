import { describe, expect, it } from 'vitest';
import { CANCEL_TYPE_LABELS, isCancelByExpert, orderWithoutExpertMessage } from './sheet';
import { CancelTypeSchema, DateOptionTypeSchema } from './sheet.schemas';

describe('dispatch sheet words', () => {
  it('keeps the upstream spelling of tommorrow', () => {
    expect(DateOptionTypeSchema.parse('tommorrow')).toBe('tommorrow');
    expect(DateOptionTypeSchema.safeParse('tomorrow').success).toBe(false);
  });

  it('starts cancel types at unset', () => {
    expect(CancelTypeSchema.options[0]).toBe('unset');
    expect(CANCEL_TYPE_LABELS.by_expert).toBeTruthy();
    expect(isCancelByExpert('by_expert')).toBe(true);
    expect(isCancelByExpert('by_customer')).toBe(false);
  });

  it('builds the cancel-success message', () => {
    expect(orderWithoutExpertMessage('AB12')).toBe('سفارش AB۱۲ در حال حاضر بدون کارشناس است.');
  });
});
