import { loadavg } from 'node:os';
import { SEED_PROFILES, startGatewaySeededAtBoot, startTestGateway, sweepTestSnapshots, testRunId, type SeedProfile } from '@panel/gateway/testing';
import { percentile, recordResults } from '../lib/results';

// How long a test waits for its gateway (issue 26, decision 092), per seed profile and driver:
// the first boot of a run (it seeds the run's snapshot), then the boots that copy it; baseline,
// same run: a gateway that migrates and seeds at boot, as every test's did before.

const ROUNDS = Number(process.env.BENCH_BOOT_ROUNDS ?? 3);
const drivers = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const profiles = Object.keys(SEED_PROFILES) as SeedProfile[];

async function timed(work: () => Promise<{ close(): Promise<void> }>): Promise<number> {
  const start = performance.now();
  const gateway = await work();
  const ms = performance.now() - start;
  await gateway.close();
  return Math.round(ms);
}

const figures: Record<string, unknown> = {};
const load: number[] = [loadavg()[0]!];
try {
  for (const driver of drivers) {
    for (const profile of profiles) {
      const usePostgres = driver === 'postgres';
      const first = await timed(() => startTestGateway({}, { seed: profile, usePostgres }));
      const copies: number[] = [];
      for (let i = 0; i < ROUNDS; i += 1) copies.push(await timed(() => startTestGateway({}, { seed: profile, usePostgres })));
      const seededAtBoot = await timed(() => startGatewaySeededAtBoot(profile, usePostgres));
      figures[`${driver}_${profile}`] = { first_ms: first, copy_p50_ms: percentile(copies, 50), copy_max_ms: Math.max(...copies), baseline_seeded_at_boot_ms: seededAtBoot };
      load.push(loadavg()[0]!);
    }
  }
} finally {
  await sweepTestSnapshots(testRunId());
}
recordResults('test-boot', { rounds: ROUNDS, load_1min: { min: Math.min(...load), max: Math.max(...load) }, ...figures });
