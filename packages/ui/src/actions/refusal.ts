/**
 * Whether the server refused the action itself as things stand: not allowed (403), gone (404), or
 * no longer possible in the entity's present state (409). Retrying the same confirmation cannot
 * help then. Read from the HTTP status a client error carries under `data` (the panel's tRPC
 * errors do); anything else (no answer, 5xx, a field to fix) is a failure a retry may cure.
 */
export function isRefusal(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: unknown } } | null | undefined)?.data?.httpStatus;
  return status === 403 || status === 404 || status === 409;
}
