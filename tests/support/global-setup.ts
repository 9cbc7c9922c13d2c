import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { DEMO_USERS, stateFile, writeSignedInState, type DemoUser } from './auth';
import startPanels, { PANELS } from './panels';

/**
 * Once a run: every worker's panel is started, then every demo user signed in on each, so the
 * specs begin signed in from a kept browser state (`signIn`, `signedInPage`) instead of each
 * signing in again. Only auth.spec.ts signs in through the form.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  const stop = await startPanels();
  try {
    const users = Object.keys(DEMO_USERS) as DemoUser[];
    for (const panel of PANELS) {
      rmSync(dirname(stateFile(users[0]!, panel)), { recursive: true, force: true });
      mkdirSync(dirname(stateFile(users[0]!, panel)), { recursive: true });
    }
    await Promise.all(PANELS.flatMap((panel) => users.map((user) => writeSignedInState(panel, user))));
    // The run's fixed cost, apart from the specs' own time.
    console.log(`${PANELS.length} panel(s) started and ${users.length} users signed in on each in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
