// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * Import direction, enforced here rather than in review (STYLE 3):
 * - packages never import apps; contracts import only zod;
 * - a module (`src/modules/<name>`) never imports another module of the same app;
 * - an app's shared code (lib, gateway client, session, live kit, db, plugins...) never imports a module;
 * - a contracts module imports only common and itself;
 * - bench and tests reach the apps only through their exported entry points;
 * - no import cycles.
 */
const apps = ['web', 'bff', 'gateway'];
const modulesOf = (app) => {
  const dir = `apps/${app}/src/modules`;
  return existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];
};

const moduleZones = apps.flatMap((app) =>
  modulesOf(app).map((name) => ({
    target: `./apps/${app}/src/modules/${name}`,
    from: `./apps/${app}/src/modules`,
    except: [`./${name}`],
    message: 'Modules never import each other; compose them in the app layer.',
  })),
);

// Shared code of an app never imports its modules; only the app layer (registries, app build,
// test helpers) composes them.
const sharedZones = [
  { app: 'web', shared: ['./apps/web/src/lib'] },
  {
    app: 'bff',
    shared: ['./apps/bff/src/gateway', './apps/bff/src/live', ...['context', 'trpc', 'session', 'session-seal', 'http-guards', 'http-errors', 'messages', 'env', 'sign-in-limiter', 'tickets'].map((f) => `./apps/bff/src/${f}.ts`)],
  },
  { app: 'gateway', shared: ['./apps/gateway/src/db', './apps/gateway/src/plugins', './apps/gateway/src/live', ...['errors', 'validation', 'env', 'deps', 'workflow', 'outbox', 'tickets'].map((f) => `./apps/gateway/src/${f}.ts`)] },
].map(({ app, shared }) => ({
  target: shared,
  from: `./apps/${app}/src/modules`,
  message: 'Shared code never imports a module; the app layer composes modules.',
}));

// A contracts module reads only common and itself.
const contractModules = existsSync('packages/contracts/src')
  ? readdirSync('packages/contracts/src', { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'common').map((d) => d.name)
  : [];
const contractZones = contractModules.map((name) => ({
  target: `./packages/contracts/src/${name}`,
  from: './packages/contracts/src',
  except: ['./common', `./${name}`],
  message: 'A contracts module imports only common and itself.',
}));

// Benchmarks and end-to-end tests reach the apps through their package entry points only.
const outsideZones = [
  {
    target: ['./bench', './tests'],
    from: './apps',
    except: ['./bff/src/app.ts', './bff/src/env.ts', './bff/src/session-seal.ts', './bff/src/bench-entry.ts', './web/src/bench-entry.ts', './gateway/src/testing.ts'],
    message: 'Benchmarks and tests use the apps through their exported entry points, not their internals.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', 'tests/.artifacts/**', 'bench/results/**', 'playwright-report/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'tests/tsconfig.json', 'bench/tsconfig.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages', from: './apps', message: 'Packages never import apps.' },
            ...moduleZones,
            ...sharedZones,
            ...contractZones,
            ...outsideZones,
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['packages/contracts/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|zod/|\\.)', message: 'Contracts import only zod.' }] },
      ],
    },
  },
  {
    // Server code runs in Node. The one typecheck program (tsconfig.check.json) gives every file
    // the browser's lib, so the browser's globals are kept out of the servers here instead.
    files: ['apps/gateway/src/**/*.ts', 'apps/bff/src/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'HTMLElement'].map((name) => ({ name, message: 'Server code runs in Node, where the browser has no globals.' }))],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**', 'examples/**', '**/server.ts', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly', fetch: 'readonly', setTimeout: 'readonly', URL: 'readonly', AbortSignal: 'readonly' } } },
);
