import { z } from 'zod';
import { EXPORT_LIMIT, MAX_PAGE_SIZE } from '@panel/contracts/common';

/**
 * Every row of a filtered list for its CSV, read page by page in the list's own order (the
 * gateway's page size cap) up to `limit`; `truncated` says the file stops short of the list.
 */
export async function exportAll<T>(
  readPage: (page: number, pageSize: number) => Promise<{ results: T[]; count: number }>,
  limit = EXPORT_LIMIT,
): Promise<{ rows: T[]; truncated: boolean }> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const { results, count } = await readPage(page, MAX_PAGE_SIZE);
    rows.push(...results);
    if (rows.length >= count || results.length === 0) return { rows: rows.slice(0, limit), truncated: rows.length > limit };
    if (rows.length >= limit) return { rows: rows.slice(0, limit), truncated: true };
  }
}

/** The answer of an export procedure, for the API reference: the rows and whether the limit cut them. */
export const exportAnswer = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), truncated: z.boolean() });
