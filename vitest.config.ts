import { defineConfig } from 'vitest/config';

// One runner for every package; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'scripts'],
    // Three forks on two cores: the gateway and BFF tests wait on PostgreSQL, Redis and sockets
    // much of the time, so a third worker fills that wait (whole run 309 s → 193 s, same machine
    // and window, 869 tests; issue 26).
    maxWorkers: 3,
    // Names the run, so all workers share its seeded databases; removes them at the end (decision 092).
    globalSetup: ['apps/gateway/src/testing.setup.ts'],
  },
});
