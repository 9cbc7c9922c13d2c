#!/usr/bin/env node
// `pnpm new-module <name> [--path /panel/...] [--title 'عنوان']`: the first step of a module
// (decision 017). Writes its homes from scripts/new-module/ (contracts, gateway, BFF, web, each
// with a README and a first test), a list that already works end to end (one search, a sort,
// paging, CSV), and its one line in each registry. Then the module is edited, not assembled.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { root } from './lib.mjs';

const templates = join(root, 'scripts', 'new-module');
const HOMES = {
  contracts: 'packages/contracts/src',
  gateway: 'apps/gateway/src/modules',
  bff: 'apps/bff/src/modules',
  web: 'apps/web/src/modules',
};

function fail(message) {
  console.error(message);
  process.exit(1);
}

function options(argv) {
  const [name, ...rest] = argv;
  const named = {};
  for (let i = 0; i < rest.length; i += 2) {
    if (!['--path', '--title'].includes(rest[i]) || rest[i + 1] === undefined) fail(`Unknown or incomplete option: ${rest[i]}`);
    named[rest[i].slice(2)] = rest[i + 1];
  }
  return { name, ...named };
}

const { name, path = `/panel/${process.argv[2]}`, title: givenTitle } = options(process.argv.slice(2));
if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) fail('Usage: pnpm new-module <kebab-case-name> [--path /panel/...] [--title "عنوان"]');
for (const home of Object.values(HOMES)) if (existsSync(join(root, home, name))) fail(`${home}/${name} exists already: one name, one home.`);
if (!path.startsWith('/panel/')) fail('--path is a panel address, like /panel/colors');

const words = name.split('-');
const camel = words[0] + words.slice(1).map((w) => w[0].toUpperCase() + w.slice(1)).join('');
const navigation = readFileSync(join(root, 'apps/web/src/app/navigation.ts'), 'utf8');
const sidebarTitle = new RegExp(`item\\('${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}', '([^']+)'`).exec(navigation)?.[1];
const title = givenTitle ?? sidebarTitle ?? name;

/** The next free hundred of migration numbers (decision 017: a module takes a hundred). */
function nextMigration() {
  let highest = 0;
  const modules = join(root, HOMES.gateway);
  for (const module of readdirSync(modules)) {
    const folder = join(modules, module, 'migrations');
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder)) highest = Math.max(highest, Number(/^(\d{4})_/.exec(file)?.[1] ?? 0));
  }
  return Math.floor(highest / 100) * 100 + 100;
}

const migration = nextMigration();
const values = {
  __module__: name,
  __camel__: camel,
  __Pascal__: camel[0].toUpperCase() + camel.slice(1),
  __CONST__: words.join('_').toUpperCase(),
  __table__: words.join('_'),
  __MIGRATION_END__: String(migration + 99).padStart(4, '0'),
  __MIGRATION__: String(migration).padStart(4, '0'),
  __TITLE__: title,
  __PATH__: path,
};
const fill = (text) => Object.entries(values).reduce((out, [key, value]) => out.replaceAll(key, value), text);

const written = [];
function writeNew(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  written.push(relative(root, file));
}

function copyTemplates(from, to) {
  for (const entry of readdirSync(from)) {
    const source = join(from, entry);
    if (statSync(source).isDirectory()) copyTemplates(source, join(to, entry));
    else writeNew(join(to, fill(entry.replace(/\.tmpl$/, ''))), fill(readFileSync(source, 'utf8')));
  }
}

for (const [home, folder] of Object.entries(HOMES)) copyTemplates(join(templates, home), join(root, folder, name));

/** Adds `line` after the last line that matches `after` (or before the first that matches `before`). */
function register(file, line, { after, before }) {
  const full = join(root, file);
  const lines = readFileSync(full, 'utf8').split('\n');
  const at = after ? lines.findLastIndex((l) => after.test(l)) + 1 : lines.findIndex((l) => before.test(l));
  if (at <= 0) fail(`${file}: the place for the new line was not found; add it by hand: ${line}`);
  lines.splice(at, 0, line);
  writeFileSync(full, lines.join('\n'));
  written.push(`${file} (one line)`);
}

const { __Pascal__: pascal } = values;
const exportsFile = join(root, 'packages/contracts/package.json');
const contractsPackage = JSON.parse(readFileSync(exportsFile, 'utf8'));
contractsPackage.exports[`./${name}`] = `./src/${name}/index.ts`;
writeFileSync(exportsFile, `${JSON.stringify(contractsPackage, null, 2)}\n`);
written.push('packages/contracts/package.json (one export)');

register('apps/gateway/src/modules.ts', `import { ${camel}Routes } from './modules/${name}/${name}.routes';`, { after: /^import .* from '\.\/modules\// });
register('apps/gateway/src/modules.ts', `  { name: '${name}', routes: ${camel}Routes },`, { before: /^\];/ });
register('apps/gateway/src/database.ts', `import type { ${pascal}Tables } from './modules/${name}/${name}.tables';`, { after: /^import type .* from '\.\/modules\// });
const database = join(root, 'apps/gateway/src/database.ts');
writeFileSync(database, readFileSync(database, 'utf8').replace(/\]>>;/, `, ${pascal}Tables]>>;`));
register('apps/bff/src/router.ts', `import { ${camel}Router } from './modules/${name}/${name}.router';`, { after: /^import .* from '\.\/modules\// });
register('apps/bff/src/router.ts', `  ${camel}: ${camel}Router,`, { before: /^\}\);/ });
register(
  'apps/web/src/app/routes.tsx',
  `  { path: '${path}', lazy: screen(() => import('../modules/${name}/screens/${name}-list.screen'), '${pascal}ListScreen') },`,
  { after: /^\s*\{ path: '\/panel\/.*lazy: screen\(/ },
);

console.log(`Module ${name} made (migrations ${values.__MIGRATION__}-${values.__MIGRATION_END__}):`);
for (const file of written) console.log(`  ${file}`);
if (!sidebarTitle) console.log(`\n${path} has no sidebar item in apps/web/src/app/navigation.ts: the spec (§2) lists the sidebar; add one there if the page belongs in it.`);
console.log(`\nNext: the entity's fields in packages/contracts/src/${name}/${name}.schemas.ts, its columns in the migration, the tables file and the service;`);
console.log(`the list's columns and filter fields on the web. Test it: TZ=UTC pnpm exec vitest run packages/contracts/src/${name} apps/gateway/src/modules/${name} apps/bff/src/modules/${name}`);
