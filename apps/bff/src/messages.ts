import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';

/**
 * Every Persian message the BFF says of its own (spec §8 `{message}`): the gateway's failures,
 * the session and access refusals, tRPC's and Fastify's own errors, the request guards. A
 * gateway refusal carries the gateway's own message; module routers' `summary` texts are the
 * API reference, not messages, and stay beside their procedures.
 */

export const SERVER_ERROR_MESSAGE = 'ظاهرا مشکلی پیش آمده است - کد خطا: 500';

export const GATEWAY_UNAVAILABLE_MESSAGE = 'ارتباط با سرور برقرار نشد. لطفا دوباره تلاش کنید.';
export const GATEWAY_TIMEOUT_MESSAGE = 'سرور در زمان مقرر پاسخ نداد. لطفا دوباره تلاش کنید.';
export const GATEWAY_SHAPE_MESSAGE = 'پاسخ سرور با قالب مورد انتظار نبود؛ لطفا به پشتیبانی فنی خبر دهید.';

export const SIGN_IN_AGAIN_MESSAGE = 'لطفا دوباره وارد شوید.';
export const NO_ACCESS_MESSAGE = 'شما به این بخش دسترسی ندارید.';
export const SIGN_IN_RATE_LIMITED_MESSAGE = 'تعداد تلاش‌های ناموفق ورود بیش از حد مجاز است. لطفا یک دقیقه دیگر دوباره تلاش کنید.';
export const API_TOKEN_RATE_LIMITED_MESSAGE = 'تعداد درخواست‌های این توکن بیش از حد مجاز است. لطفا کمی بعد دوباره تلاش کنید.';

/** The 503 under pressure and `/metrics` refused (decision 121), as both servers say them. */
export { METRICS_REFUSED_MESSAGE, OVERLOADED_MESSAGE } from '@panel/observability';

export const FORBIDDEN_ORIGIN_MESSAGE = 'مبدا درخواست مجاز نیست.';
export const CSRF_MESSAGE = 'درخواست نامعتبر است.';

/** tRPC's own failures (a body that is not JSON, an unknown procedure), which speak English. */
export const FRAMEWORK_MESSAGES: Partial<Record<TRPC_ERROR_CODE_KEY, string>> = {
  PARSE_ERROR: 'متن درخواست خوانا نیست.',
  BAD_REQUEST: 'درخواست نامعتبر است.',
  NOT_FOUND: 'این عملیات وجود ندارد.',
  METHOD_NOT_SUPPORTED: 'این روش درخواست برای این عملیات پشتیبانی نمی‌شود.',
  PAYLOAD_TOO_LARGE: 'حجم درخواست بیش از حد مجاز است.',
  UNSUPPORTED_MEDIA_TYPE: 'نوع محتوای درخواست پشتیبانی نمی‌شود.',
  TIMEOUT: 'زمان پاسخ به پایان رسید.',
};

/** Fastify's and the HTTP parser's failures by status. */
const HTTP_MESSAGES: Record<number, string> = {
  400: 'متن درخواست خوانا نیست.',
  404: 'یافت نشد.',
  405: 'این روش درخواست پشتیبانی نمی‌شود.',
  408: 'زمان ارسال درخواست به پایان رسید.',
  413: 'حجم درخواست بیش از حد مجاز است.',
  414: 'نشانی درخواست بیش از حد طولانی است.',
  415: 'نوع محتوای درخواست پشتیبانی نمی‌شود.',
  429: 'تعداد درخواست‌ها بیش از حد مجاز است. لطفا کمی بعد دوباره تلاش کنید.',
  431: 'سرآیندهای درخواست بیش از حد بزرگ است.',
};

export function persianMessageFor(status: number): string {
  if (status >= 500) return SERVER_ERROR_MESSAGE;
  return HTTP_MESSAGES[status] ?? 'درخواست نامعتبر است.';
}
