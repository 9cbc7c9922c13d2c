import { defineConfig } from 'vitest/config';

/** The Vitest project of a React package (web, ui): its tests in jsdom, after its `vitest.setup.ts`. */
export const jsdomProject = (name) =>
  defineConfig({
    test: {
      name,
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['./vitest.setup.ts'],
      passWithNoTests: true,
      // The files of a worker share its module cache and document: React, Chakra and jsdom load once
      // a worker, not once a file (issue 26: web and ui 63 s → 22 s). The setup unmounts after each test.
      isolate: false,
      // A test that clicks through a form renders it several times: seconds when the two cores are
      // shared with the gateway suites (a select test passed alone and timed out at 5 s beside them).
      testTimeout: 20_000,
    },
  });
