import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'gateway',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Files of a worker share its module cache: the app's import graph is loaded once a worker,
    // not once a file (issue 26). Every file builds its own apps, databases and hubs.
    isolate: false,
    testTimeout: 30_000,
    // A hook may seed the run's snapshot of a profile (decision 092).
    hookTimeout: 120_000,
  },
});
