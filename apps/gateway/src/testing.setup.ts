import { sweepTestSnapshots, testRunId } from './test-snapshots';

/**
 * Vitest's global setup (root vitest.config.ts): names the run, so every worker shares its
 * seeded snapshots (decision 092); sweeps what dead runs left; at the end removes this run's.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const run = testRunId();
  await sweepTestSnapshots().catch((error: unknown) => console.warn(`test snapshots of earlier runs not swept: ${String(error)}`));
  return () => sweepTestSnapshots(run);
}
