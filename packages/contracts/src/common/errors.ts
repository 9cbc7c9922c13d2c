import { z } from 'zod';
import { joinPersian } from './money';

/** What the BFF sends the browser for any failed gateway call (DESIGN §5). */
export const UserMessageSchema = z.object({
  message: z.string(),
  status: z.number().int(),
});
export type UserMessage = z.infer<typeof UserMessageSchema>;

export const ERROR_MESSAGES = {
  parseFailure: 'خطای تجزیه در متن خطا',
  serverError: 'ظاهرا مشکلی پیش آمده است - کد خطا: 500',
} as const;

export function unknownErrorMessage(status: number): string {
  return `خطای ناشناخته - کد خطا: ${status}`;
}

/**
 * A failed response as the caller received it.
 *
 * - `body` is either the raw response text (a string) or a value the caller already
 *   parsed (object, array, null...). Pass `undefined` when there was no body.
 * - `contentType` is the response's Content-Type, when known. A string body is treated as
 *   JSON when the content type says JSON or when the text starts with `{` or `[`; such a
 *   body that does not parse is the spec's parse failure. Any other string is plain text.
 */
export interface ErrorResponse {
  status: number;
  body: unknown;
  contentType?: string | null;
}

const MESSAGE_KEYS = ['message', 'error', 'errors'];
const NON_FIELD_KEYS = ['none_field_errors', 'non_field_errors'];

/**
 * Builds the Persian user message of spec §8 for a failed HTTP call, in the order §8 lists:
 *
 * 1. status 500 gives the fixed server-error message (a 5xx body is internal detail, STYLE 11);
 * 2. a string body is used as is; a body that claims JSON and does not parse gives
 *    'خطای تجزیه در متن خطا';
 * 3. an object with message, error or errors gives 'پیام: {text}' (even beside a detail);
 * 4. else none_field_errors (or the common non_field_errors) gives 'خطا: {list joined}';
 * 5. else the other keys but detail give 'مشکل {key}: {values}', joined;
 * 6. otherwise detail.detail, then detail, then the joined parts of a list body, then a generic
 *    message with the status code; '!' is appended.
 *
 * Lists inside values, and parts, are joined with the Persian comma '، '.
 */
export function buildErrorMessage({ status, body, contentType }: ErrorResponse): string {
  if (status === 500) return ERROR_MESSAGES.serverError;

  let value = body;
  if (typeof body === 'string') {
    const text = body.trim();
    const claimsJson = /json/i.test(contentType ?? '') || text.startsWith('{') || text.startsWith('[');
    if (claimsJson && text !== '') {
      try {
        value = JSON.parse(text);
      } catch {
        return ERROR_MESSAGES.parseFailure;
      }
    } else if (text !== '') {
      return text;
    } else {
      value = undefined;
    }
  }
  if (typeof value === 'string' && value.trim() !== '') return value.trim();

  if (isRecord(value)) {
    const message = joinPersian(MESSAGE_KEYS.map((key) => toText(value[key])).filter((text) => text !== ''));
    if (message !== '') return `پیام: ${message}`;
    const nonField = joinPersian(NON_FIELD_KEYS.map((key) => toText(value[key])).filter((text) => text !== ''));
    if (nonField !== '') return `خطا: ${nonField}`;
    const fields = Object.entries(value)
      .filter(([key]) => key !== 'detail' && !MESSAGE_KEYS.includes(key) && !NON_FIELD_KEYS.includes(key))
      .map(([key, raw]) => [key, toText(raw)] as const)
      .filter(([, text]) => text !== '')
      .map(([key, text]) => `مشکل ${key}: ${text}`);
    if (fields.length > 0) return joinPersian(fields);
  }
  return `${otherwise(status, value)}!`;
}

/** §8's last branch: detail.detail, then detail, then the joined parts, then the generic message. */
function otherwise(status: number, value: unknown): string {
  if (Array.isArray(value)) {
    const parts = toText(value);
    return parts !== '' ? parts : unknownErrorMessage(status);
  }
  if (!isRecord(value)) return unknownErrorMessage(status);
  const { detail } = value;
  if (isRecord(detail)) {
    const inner = toText(detail.detail);
    if (inner !== '') return inner;
  }
  const detailText = toText(detail);
  return detailText !== '' ? detailText : unknownErrorMessage(status);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Flattens whatever the gateway put under a key into one line: lists are joined with the
// Persian comma and nested field maps keep their field names.
function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return joinPersian(value.map(toText).filter((t) => t !== ''));
  if (isRecord(value)) {
    return joinPersian(
      Object.entries(value)
        .map(([k, v]) => [k, toText(v)] as const)
        .filter(([, t]) => t !== '')
        .map(([k, t]) => `${k}: ${t}`),
    );
  }
  return '';
}
