import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The schema-free entries (decision 139) are what a page's first load reads: neither they nor
// anything they import may bring zod (a schema there puts zod back into every page's first load).
const src = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Each module a file reaches through its relative imports, and the packages it names. */
function reach(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm)].map((m) => (m[1] ?? m[2])!);
  seen.set(file, specifiers.filter((s) => !s.startsWith('.')));
  for (const s of specifiers.filter((s) => s.startsWith('.'))) reach(join(dirname(file), s.endsWith('.ts') ? s : `${s}.ts`), seen);
  return seen;
}

describe('schema-free entries', () => {
  for (const entry of ['common/plain.ts', 'dispatch/plain.ts', 'concierge-sale/concierge-sale.access.ts', 'api-tokens/api-tokens.access.ts']) {
    it(`${entry} reaches no zod`, () => {
      const graph = reach(join(src, entry));
      expect(graph.size).toBeGreaterThan(1);
      expect([...graph].filter(([, packages]) => packages.includes('zod')).map(([file]) => file)).toEqual([]);
    });
  }
  it('sees zod where it is (the check can fail)', () => {
    expect([...reach(join(src, 'common/index.ts'))].some(([, packages]) => packages.includes('zod'))).toBe(true);
  });
});
