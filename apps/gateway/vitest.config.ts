import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'gateway',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // A hook may seed the run's snapshot of a profile (decision 092).
    hookTimeout: 120_000,
  },
});
