import type { z } from 'zod';
import { badRequest } from './errors';

/**
 * Parses a request part with a contract schema. Bad input is answered the way a Django REST
 * upstream does: 400 with a field map of the schema's Persian messages (spec §8 "other keys").
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    // A list item's problem belongs to its field: `state`, not `state.1`.
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'non_field_errors';
    (fields[key] ??= []).push(issue.message);
  }
  throw badRequest(fields);
}
