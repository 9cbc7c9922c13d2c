import { describe, expect, it } from 'vitest';
import { SendSmsInputSchema, TEMPLATE_WORKFLOW, emptyPlaceholderMessage, fillTemplate, missingPlaceholders, placeholdersOf, smsParts, ExpertAudienceSchema } from './notifications.schemas';

describe('SMS text', () => {
  it('finds placeholders once each, fills them and names the empty ones in Persian', () => {
    const text = '{name} عزیز، کد {code} برای {name}';
    expect(placeholdersOf(text)).toEqual(['name', 'code']);
    expect(fillTemplate(text, { name: 'علی', code: ' ' })).toBe('علی عزیز، کد {code} برای علی');
    expect(missingPlaceholders(text, { name: 'علی', code: ' ' })).toEqual(['code']);
    expect(emptyPlaceholderMessage(['code'])).toBe('جای خالی «کد» را پر کنید.');
  });

  it('counts Persian text in 70/67-character parts and Latin text in 160/153', () => {
    expect(smsParts('')).toMatchObject({ characters: 0, parts: 0 });
    expect(smsParts('س'.repeat(70))).toMatchObject({ parts: 1, unicode: true });
    expect(smsParts('س'.repeat(71))).toMatchObject({ parts: 2, perPart: 67 });
    expect(smsParts('a'.repeat(160))).toMatchObject({ parts: 1, unicode: false });
    expect(smsParts('a'.repeat(161))).toMatchObject({ parts: 2, perPart: 153 });
    expect(smsParts('{}')).toMatchObject({ characters: 4, unicode: false });
  });

  it('takes a phone in Persian digits, one of template or text, and refuses a stray brace', () => {
    expect(SendSmsInputSchema.parse({ phone_number: '۰۹۱۲۳۴۵۶۷۸۹', text: 'سلام' })).toMatchObject({ phone_number: '09123456789', values: {} });
    expect(SendSmsInputSchema.safeParse({ phone_number: '09123456789' }).error?.issues[0]?.message).toBe('متن پیامک را بنویسید یا یک قالب انتخاب کنید.');
    expect(SendSmsInputSchema.safeParse({ phone_number: '09123456789', text: 'سلام {' }).success).toBe(false);
    expect(ExpertAudienceSchema.parse({ cities: '1,۲', levels: '0' })).toEqual({ cities: [1, 2], levels: [0], types: [], experts: [] });
    expect(ExpertAudienceSchema.safeParse({ cities: '99' }).success).toBe(false);
  });

  it('declares the template table: activate only from inactive, deactivate only from active', () => {
    expect(TEMPLATE_WORKFLOW.allowed('active')).toEqual(['edit', 'deactivate']);
    expect(TEMPLATE_WORKFLOW.allowed('inactive')).toEqual(['edit', 'activate']);
    expect(TEMPLATE_WORKFLOW.refusal('activate', 'active', '«الف»')).toBe('قالب پیامک «الف» در وضعیت «فعال» است و «فعال کردن» برای آن ممکن نیست.');
  });
});
