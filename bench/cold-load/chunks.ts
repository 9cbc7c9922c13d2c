import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// bench/cold-load/chunks (issue 36, decision 139): what a page's first load runs, from a build with
// source maps. The chunks are the entry of index.html with its static imports, then the lazily
// loaded screen chunk named by SCREEN (a file name prefix, default the dispatch sheet's) with its
// static imports; each chunk's minified bytes are attributed to the sources its source map names
// (segment by segment), grouped by package, and each package's gzip share is its share of the
// chunk's bytes times the chunk's gzip size. Not a benchmark: a look that prints.
//   cd apps/web && pnpm exec vite build --outDir /tmp/web-map --emptyOutDir --sourcemap
//   WEB_DIST=/tmp/web-map pnpm --filter @panel/bench exec tsx cold-load/chunks.ts
// CHUNKS_TOP (default 40) packages and sources printed; CHUNKS_SOURCES=1 prints sources too.

const WEB_DIST = process.env.WEB_DIST ?? '/tmp/web-map';
const SCREEN = process.env.SCREEN ?? 'dispatch-sheet.screen-';
const TOP = Number(process.env.CHUNKS_TOP ?? 40);
const assets = join(WEB_DIST, 'assets');
if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`no build in ${WEB_DIST}`);

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));

/** Each generated line's segments as [column, source index] (VLQ, source map v3). */
function decodeMappings(mappings: string): Array<Array<[number, number]>> {
  const lines: Array<Array<[number, number]>> = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: Array<[number, number]> = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = B64_VALUE.get(char)!;
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0]!;
      if (fields.length > 1) source += fields[1]!;
      segments.push([column, fields.length > 1 ? source : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/** The package a source path belongs to (node_modules package, workspace package or app folder). */
function packageOf(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = source.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const ui = source.match(/packages\/(\w+)\/src\/([\w-]+)/);
  if (ui) return `@panel/${ui[1]}/${ui[2]}`;
  const web = source.match(/apps\/web\/src\/(modules\/[\w-]+|[\w-]+)/);
  if (web) return `web/${web[1]}`;
  return source;
}

function bytesBySource(file: string): Map<string, number> {
  const code = readFileSync(join(assets, file), 'utf8');
  const out = new Map<string, number>();
  const mapFile = join(assets, `${file}.map`);
  if (!existsSync(mapFile)) return out.set('(no source map)', code.length);
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  decodeMappings(map.mappings).forEach((segments, n) => {
    const text = lines[n] ?? '';
    segments.forEach(([column, source], i) => {
      const end = segments[i + 1]?.[0] ?? text.length;
      const name = source >= 0 ? map.sources[source]! : '(unmapped)';
      out.set(name, (out.get(name) ?? 0) + end - column);
    });
  });
  return out;
}

const staticImports = (file: string): string[] =>
  [...readFileSync(join(assets, file), 'utf8').matchAll(/(?:^|[;\s}])import\s*(?:[\w${},*\s]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]!);

function closure(roots: string[]): string[] {
  const seen: string[] = [];
  const visit = (file: string) => {
    if (seen.includes(file)) return;
    seen.push(file);
    staticImports(file).forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}

const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
const entry = html.match(/<script[^>]+src="\/assets\/([^"]+\.js)"/)![1]!;
const screen = readFileSync(join(assets, entry), 'utf8').match(new RegExp(`["'./]*(${SCREEN.replace(/[.]/g, '\\.')}[\\w-]*\\.js)`))?.[1];
const first = closure([entry]);
const files = screen ? [...first, ...closure([screen]).filter((f) => !first.includes(f))] : first;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const byPackage = new Map<string, { raw: number; gzip: number }>();
const bySource = new Map<string, { raw: number; gzip: number }>();
let totalRaw = 0;
let totalGzip = 0;
console.log(`${WEB_DIST}: entry ${entry}, screen ${screen ?? '(none found)'}`);
for (const file of files) {
  const code = readFileSync(join(assets, file));
  const gzip = gzipSync(code, { level: 9 }).length;
  totalRaw += code.length;
  totalGzip += gzip;
  console.log(`  ${file.padEnd(44)} ${kb(code.length).padStart(7)} KB raw ${kb(gzip).padStart(6)} KB gzip`);
  for (const [source, raw] of bytesBySource(file)) {
    const share = (raw / code.length) * gzip;
    for (const [key, table] of [[packageOf(source), byPackage], [source.replace(/^(\.\.\/)+/, ''), bySource]] as const) {
      const row = table.get(key) ?? { raw: 0, gzip: 0 };
      row.raw += raw;
      row.gzip += share;
      table.set(key, row);
    }
  }
}
console.log(`  ${'total'.padEnd(44)} ${kb(totalRaw).padStart(7)} KB raw ${kb(totalGzip).padStart(6)} KB gzip (${files.length} files)`);
const print = (title: string, table: Map<string, { raw: number; gzip: number }>) => {
  console.log(title);
  [...table].sort((a, b) => b[1].raw - a[1].raw).slice(0, TOP)
    .forEach(([name, row]) => console.log(`  ${kb(row.raw).padStart(7)} KB raw ~${kb(row.gzip).padStart(6)} KB gzip  ${name}`));
};
print('by package (gzip: share of its chunk)', byPackage);
if (process.env.CHUNKS_SOURCES) print('by source', bySource);
