import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, UserMessageSchema, buildErrorMessage } from './errors';

describe('buildErrorMessage', () => {
  it('uses a plain-text body as is, without "!"', () => {
    expect(buildErrorMessage({ status: 400, body: 'سفارش قبلا ثبت شده است' })).toBe('سفارش قبلا ثبت شده است');
    expect(buildErrorMessage({ status: 502, body: 'Bad Gateway', contentType: 'text/plain' })).toBe('Bad Gateway');
  });

  it('parses a raw body that looks like JSON', () => {
    expect(buildErrorMessage({ status: 400, body: '{"detail":"یافت نشد"}' })).toBe('یافت نشد!');
    expect(buildErrorMessage({ status: 400, body: '  ["الف","ب"]' })).toBe('الف، ب!');
  });

  it('parses a raw body whose content type is JSON (a JSON string is a string body, as is)', () => {
    expect(
      buildErrorMessage({ status: 409, body: '"این نوبت رزرو شده است"', contentType: 'application/json; charset=utf-8' }),
    ).toBe('این نوبت رزرو شده است');
  });

  it('reports a body that claims to be JSON but does not parse', () => {
    expect(buildErrorMessage({ status: 400, body: '{"detail": ' })).toBe('خطای تجزیه در متن خطا');
    expect(buildErrorMessage({ status: 400, body: 'oops', contentType: 'application/json' })).toBe(
      ERROR_MESSAGES.parseFailure,
    );
  });

  it('gives the fixed message for status 500 whatever the body', () => {
    expect(buildErrorMessage({ status: 500, body: { detail: 'stack trace' } })).toBe(
      'ظاهرا مشکلی پیش آمده است - کد خطا: 500',
    );
    expect(buildErrorMessage({ status: 500, body: '<html>' })).toBe(ERROR_MESSAGES.serverError);
  });

  it('prefixes message, error and errors with "پیام:"', () => {
    expect(buildErrorMessage({ status: 400, body: { message: 'کد تخفیف نامعتبر است' } })).toBe(
      'پیام: کد تخفیف نامعتبر است',
    );
    expect(buildErrorMessage({ status: 403, body: { error: 'دسترسی ندارید' } })).toBe('پیام: دسترسی ندارید');
    expect(buildErrorMessage({ status: 400, body: { errors: ['اول', 'دوم'] } })).toBe('پیام: اول، دوم');
  });

  it('prefixes none_field_errors and non_field_errors with "خطا:"', () => {
    expect(buildErrorMessage({ status: 400, body: { none_field_errors: ['زمان گذشته است', 'ظرفیت پر است'] } })).toBe(
      'خطا: زمان گذشته است، ظرفیت پر است',
    );
    expect(buildErrorMessage({ status: 400, body: { non_field_errors: ['تکراری'] } })).toBe('خطا: تکراری');
  });

  it('names other keys with "مشکل {key}:"', () => {
    expect(buildErrorMessage({ status: 400, body: { phone_number: ['شماره تلفن همراه معتبر نیست'] } })).toBe(
      'مشکل phone_number: شماره تلفن همراه معتبر نیست',
    );
  });

  it('follows §8 order: message before none_field_errors before the other keys', () => {
    expect(
      buildErrorMessage({
        status: 400,
        body: { phone_number: ['نامعتبر'], non_field_errors: ['تکراری'], message: 'ثبت نشد' },
      }),
    ).toBe('پیام: ثبت نشد');
    expect(buildErrorMessage({ status: 400, body: { phone_number: ['نامعتبر'], non_field_errors: ['تکراری'] } })).toBe(
      'خطا: تکراری',
    );
  });

  it('joins several other keys in key order with the Persian comma', () => {
    expect(buildErrorMessage({ status: 400, body: { phone_number: ['نامعتبر'], plate: 'تکراری', detail: 'x' } })).toBe(
      'مشکل phone_number: نامعتبر، مشکل plate: تکراری',
    );
  });

  it('flattens nested field maps', () => {
    expect(buildErrorMessage({ status: 400, body: { errors: { visit_time: ['خارج از شیفت'] } } })).toBe(
      'پیام: visit_time: خارج از شیفت',
    );
  });

  it('shows message even beside a detail', () => {
    expect(buildErrorMessage({ status: 404, body: { detail: { detail: 'درونی' }, message: 'بیرونی' } })).toBe('پیام: بیرونی');
    expect(buildErrorMessage({ status: 401, body: { detail: 'توکن نامعتبر است', message: 'x' } })).toBe('پیام: x');
  });

  it('otherwise takes detail.detail, then detail, then the joined list, with "!"', () => {
    expect(buildErrorMessage({ status: 404, body: { detail: { detail: 'درونی' } } })).toBe('درونی!');
    expect(buildErrorMessage({ status: 401, body: { detail: 'توکن نامعتبر است' } })).toBe('توکن نامعتبر است!');
    expect(buildErrorMessage({ status: 400, body: { detail: ['الف', 'ب'] } })).toBe('الف، ب!');
  });

  it('falls back to the generic message with the status code', () => {
    expect(buildErrorMessage({ status: 404, body: undefined })).toBe('خطای ناشناخته - کد خطا: 404!');
    expect(buildErrorMessage({ status: 503, body: '' })).toBe('خطای ناشناخته - کد خطا: 503!');
    expect(buildErrorMessage({ status: 400, body: {} })).toBe('خطای ناشناخته - کد خطا: 400!');
    expect(buildErrorMessage({ status: 400, body: { detail: null, errors: [] } })).toBe('خطای ناشناخته - کد خطا: 400!');
    expect(buildErrorMessage({ status: 0, body: null })).toBe('خطای ناشناخته - کد خطا: 0!');
    expect(buildErrorMessage({ status: 418, body: 42 })).toBe('خطای ناشناخته - کد خطا: 418!');
  });

  it('appends "!" always, as §8 says, even after punctuation', () => {
    expect(buildErrorMessage({ status: 400, body: { detail: 'سفارشی یافت نشد' } })).toBe('سفارشی یافت نشد!');
    expect(buildErrorMessage({ status: 400, body: { detail: 'شیفت پر است.' } })).toBe('شیفت پر است.!');
  });
});

describe('UserMessageSchema', () => {
  it('carries the message and the status', () => {
    expect(UserMessageSchema.parse({ message: 'پیام: x!', status: 400 })).toEqual({ message: 'پیام: x!', status: 400 });
    expect(UserMessageSchema.safeParse({ message: 'x' }).success).toBe(false);
  });
});
