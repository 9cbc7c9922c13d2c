import { HttpError } from '../errors';

// What a database failure means for the request that met it, in one place: the server cannot
// be reached or dropped the connection (503, try again), or it cannot write (disk full: 503 with
// its own message). Everything else is a fault of ours (500).

export const DATABASE_UNAVAILABLE_MESSAGE = 'ارتباط با پایگاه داده برقرار نیست. لطفا چند لحظه دیگر دوباره تلاش کنید';
export const CANNOT_SAVE_MESSAGE = 'سرور در حال حاضر نمی‌تواند اطلاعات را ذخیره کند. لطفا کمی بعد دوباره تلاش کنید';

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P02', '57P03']);
const CONNECTION_MESSAGES = [/Connection terminated/i, /connection timeout/i, /Client has encountered a connection error/i, /Cannot use a pool after calling end/i, /terminating connection/i];

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The server could not be reached, or the connection was dropped under the request. */
export function isConnectionError(error: unknown): boolean {
  const code = codeOf(error);
  if (code && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  const message = error instanceof Error ? error.message : '';
  return CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
}

/** PostgreSQL's disk_full (53100), or the embedded database's file system saying ENOSPC. */
export function isDiskFull(error: unknown): boolean {
  const code = codeOf(error);
  if (code === '53100' || code === 'ENOSPC') return true;
  const message = error instanceof Error ? error.message : '';
  return /No space left on device|could not extend file/i.test(message);
}

/** The answer for a database failure, or undefined when it is not one of the known kinds. */
export function databaseFailure(error: unknown): { http: HttpError; kind: 'unavailable' | 'disk-full' } | undefined {
  if (isDiskFull(error)) return { http: new HttpError(503, { detail: CANNOT_SAVE_MESSAGE }), kind: 'disk-full' };
  if (isConnectionError(error)) return { http: new HttpError(503, { detail: DATABASE_UNAVAILABLE_MESSAGE }), kind: 'unavailable' };
  return undefined;
}
