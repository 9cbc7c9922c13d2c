/** The address query as a plain record (last value wins), ready for a schema to parse. */
export function searchParamsToRecord(params: URLSearchParams): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, value] of params) record[key] = value;
  return record;
}

/** A record back to query parameters, keys sorted so the same view always has the same address. */
export function recordToSearchParams(record: Record<string, string>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(record).sort()) params.set(key, record[key]!);
  return params;
}
