import { describe, expect, it } from 'vitest';
import { CANCEL_INFO_DEFAULTS, CancelInfoSchema, SUBMIT_INFO_DEFAULTS, SubmitInfoSchema } from './drawer-forms';

describe('drawer forms', () => {
  it('starts the cancel form unset and parses a filled one', () => {
    expect(CancelInfoSchema.parse(CANCEL_INFO_DEFAULTS).cancelType).toBe('unset');
    expect(
      CancelInfoSchema.parse({ isCancel: true, cancelType: 'by_customer', details: 'مشتری در دسترس نبود', penalty: true }),
    ).toMatchObject({ cancelType: 'by_customer', penalty: true });
  });

  it('parses submit info', () => {
    expect(SubmitInfoSchema.parse(SUBMIT_INFO_DEFAULTS)).toEqual(SUBMIT_INFO_DEFAULTS);
    expect(SubmitInfoSchema.parse({ orderPK: 88213, orderTime: '10:30', orderNote: 'پارکینگ طبقه منفی یک' }).orderPK).toBe(
      88213,
    );
  });
});
