import { describe, expect, it } from 'vitest';
import { CAR_POST_WORKFLOW, CarPostReasonedInputSchema, ChangeOwnershipInputSchema, carPostListFilter } from './car-posts.schemas';

describe('car post workflow (decision 080)', () => {
  it('lets a waiting post be approved, rejected or returned, and nothing else moves it', () => {
    expect(CAR_POST_WORKFLOW.allowed('pending')).toEqual(['approve', 'reject', 'return_to_editing', 'change_ownership']);
    expect(CAR_POST_WORKFLOW.allowed('archived')).toEqual(['republish', 'change_ownership']);
    expect(CAR_POST_WORKFLOW.refusal('approve', 'published')).toBe('آگهی در وضعیت «منتشر شده» است و «تأیید و انتشار» برای آن ممکن نیست.');
  });
});

describe('car post inputs', () => {
  it('needs at least one reason to reject', () => {
    const refused = CarPostReasonedInputSchema.safeParse({ id: 1, version: 1, reasons: [], text: '' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('دست‌کم یک دلیل را انتخاب کنید.');
    expect(CarPostReasonedInputSchema.parse({ id: '۱', version: 2, reasons: ['۳', 4], text: '  عکس تار است ' })).toEqual({ id: 1, version: 2, reasons: [3, 4], text: 'عکس تار است' });
  });

  it('reads the new owner phone in any digits', () => {
    expect(ChangeOwnershipInputSchema.parse({ id: 1, version: 1, phone_number: '۰۹۱۲ ۳۴۵ ۶۷۸۹', owner_name: 'علی رضایی' }).phone_number).toBe('09123456789');
  });

  it('opens the queue on the waiting tab, oldest first', () => {
    expect(carPostListFilter.defaults).toMatchObject({ state: 'pending', sort: 'waiting', isAscending: true, page: 1 });
    expect(carPostListFilter.toQuery({ state: 'rejected', city: 1 })).toEqual({ state: 'rejected', city: '1' });
  });
});
