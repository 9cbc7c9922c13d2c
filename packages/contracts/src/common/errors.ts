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

const MESSAGE_KEYS = new Set(['message', 'error', 'errors']);
const NON_FIELD_KEYS = new Set(['none_field_errors', 'non_field_errors']);
const ENDS_WITH_PUNCTUATION = /[!?؟.]$/;

/**
 * Builds the Persian user message of spec §8 for a failed HTTP call.
 *
 * Precedence, first match wins:
 * 1. status 500 gives the fixed server-error message; a 5xx body is internal detail (STYLE 11).
 * 2. a JSON body that does not parse gives 'خطای تجزیه در متن خطا'.
 * 3. a non-empty plain-text body is used as is.
 * 4. an object body: each key becomes a part, in key order —
 *    message | error | errors -> 'پیام: {text}'; none_field_errors | non_field_errors ->
 *    'خطا: {list}'; any other key but detail -> 'مشکل {key}: {values}'.
 *    The message is then detail.detail, else detail, else the parts joined, else
 *    'خطای ناشناخته - کد خطا: {status}'. An array body is a list of parts; a JSON string
 *    body (e.g. '"..."') is a text of this step, not step 3.
 *
 * Our reading of "'!' is appended": it closes whichever text that last fallback chain
 * (step 4) picked, the generic message included, and is skipped when the text already ends
 * in '!', '?', '؟' or '.'. Texts of steps 1-3 are verbatim and get no '!'.
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

  return exclaim(fallbackChain(status, value));
}

function fallbackChain(status: number, value: unknown): string {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (Array.isArray(value)) {
    const text = toText(value);
    return text !== '' ? text : unknownErrorMessage(status);
  }
  if (!isRecord(value)) return unknownErrorMessage(status);

  const { detail } = value;
  if (isRecord(detail)) {
    const inner = toText(detail.detail);
    if (inner !== '') return inner;
  }
  const detailText = toText(detail);
  if (detailText !== '') return detailText;

  const parts: string[] = [];
  for (const [key, raw] of Object.entries(value)) {
    if (key === 'detail') continue;
    const text = toText(raw);
    if (text === '') continue;
    if (MESSAGE_KEYS.has(key)) parts.push(`پیام: ${text}`);
    else if (NON_FIELD_KEYS.has(key)) parts.push(`خطا: ${text}`);
    else parts.push(`مشکل ${key}: ${text}`);
  }
  return parts.length > 0 ? joinPersian(parts) : unknownErrorMessage(status);
}

function exclaim(text: string): string {
  return ENDS_WITH_PUNCTUATION.test(text) ? text : `${text}!`;
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
