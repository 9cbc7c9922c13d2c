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
    files: ['scripts/**', 'bench/**', 'tests/**', '**/server.ts', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly', fetch: 'readonly', setTimeout: 'readonly', URL: 'readonly', AbortSignal: 'readonly' } } },
);
