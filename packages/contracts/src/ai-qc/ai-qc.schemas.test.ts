import { describe, expect, it } from 'vitest';
import { AI_TEXT_WORKFLOW, EditApproveAiTextInputSchema, RejectAiTextInputSchema, SubmitAiTextInputSchema, aiQcListFilter, effectiveAiTextStates } from './index';

describe('the ai-qc contracts', () => {
  it('reads a shared link leniently; no state is the queue, `state=` is every state', () => {
    const { value, dropped } = aiQcListFilter.parse({ search: 'ترمز', kind: 'report_summary', sort: 'nonsense', page: '2' });
    expect(value).toMatchObject({ search: 'ترمز', kind: 'report_summary', sort: 'created_at', isAscending: true, page: 2 });
    expect(dropped).toEqual(['sort']);
    expect(effectiveAiTextStates(value)).toEqual(['pending']);
    expect(aiQcListFilter.toQuery(value)).toEqual({ search: 'ترمز', kind: 'report_summary', page: '2' });
    const every = aiQcListFilter.parse({ state: '' }).value;
    expect(effectiveAiTextStates(every)).toBeUndefined();
    expect(aiQcListFilter.parse({ state: 'approved,rejected', edited: 'true' }).value).toMatchObject({ state: ['approved', 'rejected'], edited: true });
    expect(aiQcListFilter.parse({ state: 'published' }).dropped).toEqual(['state']);
  });

  it('refuses a rejection without a reason, and «سایر» without its note, in Persian', () => {
    const none = RejectAiTextInputSchema.safeParse({ id: 1, version: 0 });
    expect(none.error?.issues[0]).toMatchObject({ path: ['reason_code'], message: 'دلیل رد را انتخاب کنید.' });
    const other = RejectAiTextInputSchema.safeParse({ id: 1, version: 0, reason_code: 'other', note: '  ' });
    expect(other.error?.issues[0]).toMatchObject({ path: ['note'], message: 'برای «سایر»، دلیل رد را بنویسید.' });
    expect(RejectAiTextInputSchema.parse({ id: '۷', version: '۰', reason_code: 'tone' })).toEqual({ id: 7, version: 0, reason_code: 'tone', note: '' });
  });

  it('trims the texts and refuses an empty or too long one, and a model name with spaces', () => {
    expect(EditApproveAiTextInputSchema.parse({ id: 1, version: 2, text: '  بدنه سالم است و رنگ‌شدگی ندارد.  ' }).text).toBe('بدنه سالم است و رنگ‌شدگی ندارد.');
    expect(EditApproveAiTextInputSchema.safeParse({ id: 1, version: 2, text: 'کوتاه' }).error?.issues[0]?.message).toBe('متن را بنویسید (دست‌کم ۱۰ نویسه).');
    expect(EditApproveAiTextInputSchema.safeParse({ id: 1, version: 2, text: 'آ'.repeat(5001) }).error?.issues[0]?.message).toBe('متن حداکثر ۵٬۰۰۰ نویسه است.');
    expect(SubmitAiTextInputSchema.safeParse({ kind: 'post_description', model: 'my model', subject_id: 3, text: 'خودرو تمیز و بی‌رنگ است.' }).error?.issues[0]).toMatchObject({ path: ['model'], message: 'نام مدل نامعتبر است' });
    expect(SubmitAiTextInputSchema.safeParse({ kind: 'poem', model: 'gpt-4o-mini', subject_id: 3, text: 'خودرو تمیز و بی‌رنگ است.' }).error?.issues[0]?.message).toBe('نوع متن نامعتبر است');
  });

  it('declares the state table: a person decides a waiting text, the model answers a regeneration, a supervisor reopens', () => {
    expect(AI_TEXT_WORKFLOW.allowed('pending')).toEqual(['approve', 'edit_approve', 'reject', 'regenerate']);
    expect(AI_TEXT_WORKFLOW.allowed('regenerating')).toEqual(['resubmit']);
    expect(AI_TEXT_WORKFLOW.allowed('approved')).toEqual(['reopen']);
    expect(AI_TEXT_WORKFLOW.refusal('approve', 'approved', '۱۲')).toBe('متن ۱۲ در وضعیت «تأییدشده» است و «تأیید» برای آن ممکن نیست.');
    expect(AI_TEXT_WORKFLOW.permits('reopen', ['backoffice#staff'])).toBe(false);
    expect(AI_TEXT_WORKFLOW.roleRefusal('reopen', ['backoffice#staff'])).toBe('«بازگشت به صف بررسی» فقط از سرپرست برمی‌آید.');
    expect(AI_TEXT_WORKFLOW.permits('approve', ['backoffice#staff'])).toBe(true);
  });
});
