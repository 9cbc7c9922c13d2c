import { mkdirSync, mkdtempSync, readFileSync, readdirSync, existsSync, cpSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// A module folder that no registry names is silent at run time (its routes, procedures, exports
// or screens simply do not exist). Each home's registry must name every module folder of it.
const root = fileURLToPath(new URL('..', import.meta.url));

const folders = (dir) => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : []);
const camel = (name) => name.replace(/-(\w)/g, (_, c) => c.toUpperCase());

/** What each registry misses, as `home: folder` lines; empty when every folder is registered. */
export function unregistered(base) {
  const read = (path) => readFileSync(join(base, path), 'utf8');
  const missing = [];
  const gateway = read('apps/gateway/src/modules.ts');
  for (const name of folders(join(base, 'apps/gateway/src/modules'))) {
    if (!gateway.includes(`'./modules/${name}/`) || !gateway.includes(`name: '${name}'`)) missing.push(`gateway modules.ts: ${name}`);
  }
  const bff = read('apps/bff/src/router.ts');
  for (const name of folders(join(base, 'apps/bff/src/modules'))) {
    if (!bff.includes(`'./modules/${name}/`) || !new RegExp(`^\\s+${camel(name)}: \\w+,$`, 'm').test(bff)) missing.push(`bff router.ts: ${name}`);
  }
  const exports = JSON.parse(read('packages/contracts/package.json')).exports;
  for (const name of folders(join(base, 'packages/contracts/src'))) {
    if (exports[`./${name}`] !== `./src/${name}/index.ts`) missing.push(`contracts package.json exports: ${name}`);
  }
  const routes = read('apps/web/src/app/routes.tsx');
  for (const name of folders(join(base, 'apps/web/src/modules'))) {
    if (existsSync(join(base, 'apps/web/src/modules', name, 'screens')) && !routes.includes(`'../modules/${name}/screens/`)) missing.push(`web routes.tsx: ${name}`);
  }
  return missing;
}

describe('module registration', () => {
  it('every module folder of every home is named by its registry', () => {
    expect(unregistered(root)).toEqual([]);
  });

  describe('on a copy with a folder nobody registered', () => {
    const copy = mkdtempSync(join(tmpdir(), 'registration-'));
    afterAll(() => rmSync(copy, { recursive: true, force: true }));

    it('names the folder and its home', () => {
      for (const file of ['apps/gateway/src/modules.ts', 'apps/bff/src/router.ts', 'packages/contracts/package.json', 'apps/web/src/app/routes.tsx']) cpSync(join(root, file), join(copy, file));
      for (const dir of ['apps/gateway/src/modules/colors', 'apps/bff/src/modules/colors', 'packages/contracts/src/colors', 'apps/web/src/modules/colors/screens']) mkdirSync(join(copy, dir), { recursive: true });
      expect(unregistered(copy)).toEqual(['gateway modules.ts: colors', 'bff router.ts: colors', 'contracts package.json exports: colors', 'web routes.tsx: colors']);
    });
  });
});
