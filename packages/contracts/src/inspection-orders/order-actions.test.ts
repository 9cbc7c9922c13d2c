import { describe, expect, it } from 'vitest';
import { VIN_MESSAGE } from '../common';
import { orderActionsAllowed, orderHoldRefusal, CancelOrderInputSchema, HoldOrderInputSchema, ORDER_ACTION_MESSAGES, ORDER_WORKFLOW, ReportDifferencesInputSchema, SetOrderVinInputSchema } from './order-actions';

describe('the order workflow (decision 032)', () => {
  it('offers what a waiting order can do, and nothing on a finished one', () => {
    expect(ORDER_WORKFLOW.allowed('T')).toEqual(['hold', 'release_hold', 'send_to_offer', 'change_package', 'change_pricing', 'settlement_link', 'cancel', 'set_vin']);
    expect(ORDER_WORKFLOW.allowed('P')).toContain('remove_offer');
    expect(ORDER_WORKFLOW.allowed('P')).not.toContain('send_to_offer');
    expect(ORDER_WORKFLOW.allowed('F')).toEqual([]);
    expect(ORDER_WORKFLOW.allowed('D')).toEqual(['settlement_link', 'report_differences', 'set_vin']);
    // The VIN is recorded in every state but cancelled, and never moves the state.
    expect(ORDER_WORKFLOW.stateList.filter((state) => !ORDER_WORKFLOW.can('set_vin', state))).toEqual(['F']);
    expect(ORDER_WORKFLOW.target('set_vin', 'S')).toBe('S');
  });

  it('leads each move to its state and refuses the rest in Persian', () => {
    expect(ORDER_WORKFLOW.target('send_to_offer', 'T')).toBe('P');
    expect(ORDER_WORKFLOW.target('remove_offer', 'P')).toBe('T');
    expect(ORDER_WORKFLOW.target('cancel', 'O')).toBe('F');
    expect(ORDER_WORKFLOW.target('hold', 'R')).toBe('R');
    expect(ORDER_WORKFLOW.refusal('cancel', 'O', '۱۰۰۰۰۰۲')).toBe('سفارش ۱۰۰۰۰۰۲ در وضعیت «تخصیص نهایی» است و «لغو سفارش» برای آن ممکن نیست.');
    expect(ORDER_WORKFLOW.refusal('cancel', 'S', '۱۰۰۰۰۰۲')).toBe('سفارش ۱۰۰۰۰۰۲ در وضعیت «شروع کارشناسی» است و «لغو سفارش» برای آن ممکن نیست.');
  });

  it('takes away what a hold forbids, beside the state table (issue 28: a held order offered «ارسال به پیشنهاد»)', () => {
    expect(orderActionsAllowed('T', true)).toEqual(['release_hold', 'change_package', 'change_pricing', 'settlement_link', 'cancel', 'set_vin']);
    expect(orderActionsAllowed('T', false)).toEqual(['hold', 'send_to_offer', 'change_package', 'change_pricing', 'settlement_link', 'cancel', 'set_vin']);
    expect(orderActionsAllowed('F', true)).toEqual([]);
    expect(orderHoldRefusal('send_to_offer', true)).toBe('این سفارش متوقف است و تا پایان توقف پیشنهاد نمی‌شود.');
    expect(orderHoldRefusal('release_hold', false)).toBe(ORDER_ACTION_MESSAGES.notHeld);
    expect(orderHoldRefusal('cancel', true)).toBeUndefined();
  });

  it('checks action inputs with Persian messages', () => {
    expect(CancelOrderInputSchema.safeParse({ pk: '۱۲', reason: ' مشتری منصرف شد ', refund: 'discount_code' })).toMatchObject({ success: true, data: { pk: 12, reason: 'مشتری منصرف شد' } });
    expect(CancelOrderInputSchema.safeParse({ pk: 12, reason: '  ', refund: 'payment' }).error?.issues[0]?.message).toBe(ORDER_ACTION_MESSAGES.reason);
    expect(CancelOrderInputSchema.safeParse({ pk: 12, reason: 'x', refund: 'cash' }).error?.issues[0]?.message).toBe(ORDER_ACTION_MESSAGES.refund);
    expect(HoldOrderInputSchema.safeParse({ pk: 1, reason: 'x', until: 'فردا' }).error?.issues[0]?.message).toBe(ORDER_ACTION_MESSAGES.until);
    expect(ReportDifferencesInputSchema.safeParse({ pk: 1, text: 'a\u0000b' }).success).toBe(false);
    // The VIN as the phone request form reads it (decision 136); empty takes it away.
    expect(SetOrderVinInputSchema.safeParse({ pk: '۷', vin: 'naam01ca6hk-410236' })).toMatchObject({ success: true, data: { pk: 7, vin: 'NAAM01CA6HK410236' } });
    expect(SetOrderVinInputSchema.safeParse({ pk: 7, vin: ' ' })).toMatchObject({ success: true, data: { vin: null } });
    expect(SetOrderVinInputSchema.safeParse({ pk: 7, vin: 'NAAM01CA6HK41023O' }).error?.issues[0]).toMatchObject({ path: ['vin'], message: VIN_MESSAGE });
  });
});
