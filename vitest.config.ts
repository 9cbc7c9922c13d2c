import { defineConfig } from 'vitest/config';

// One runner for every package; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'scripts'],
    // Names the run, so all workers share its seeded databases; removes them at the end (decision 092).
    globalSetup: ['apps/gateway/src/testing.setup.ts'],
  },
});
