import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'contracts',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The files of a worker share its module cache (as the gateway's and BFF's do): zod and the
    // contracts load once a worker, not once for each of the ~50 files. The contracts hold no state
    // a file could leave behind. Alone, under load: 342 → 64 s, 54 → 11 s of CPU (decision 135).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
