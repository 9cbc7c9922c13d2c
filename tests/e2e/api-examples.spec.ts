import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/auth';
import { baseURL } from '../playwright.config';

// Issue 18: the integrators' examples run against the started panel as an integrator runs them,
// with a token made through the panel: the TypeScript one through the typed client, the curl one
// over plain HTTP and server-sent events.

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function run(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { output: () => output, exited, kill: () => child.kill() };
}

test('the examples run against the panel as a token', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const made = await page.request.post('/trpc/apiTokens.create', {
    headers: { 'x-panel-request': '1', 'content-type': 'application/json' },
    data: { name: 'examples-bot', roles: ['backoffice#staff'], expiresInDays: 1 },
  });
  expect(made.status()).toBe(200);
  const token = (await made.json()).result.data.token as string;
  const env = { PANEL_URL: baseURL, PANEL_TOKEN: token };

  const assign = run('node', ['--import', 'tsx', 'examples/assign-order.ts'], env);
  const assigned = await assign.exited;
  expect(assign.output(), assign.output()).toContain('assigned order');
  expect(assign.output()).toContain('recorded as done by: token:examples-bot');
  expect(assigned).toBe(0);

  // Follow today's sheet; make one change on it as the token; the script prints it and stops.
  const today = ((await (await page.request.get('/trpc/dispatch.dates', { headers: { authorization: `Bearer ${token}` } })).json()).result.data as { type: string; date: string }[]).find(
    (d) => d.type === 'today',
  )!.date;
  const follow = run('bash', ['examples/follow-sheet.sh', today], { ...env, MAX_CHANGES: '1', MAX_SECONDS: '60' });
  await expect.poll(() => follow.output(), { timeout: 20_000 }).toContain('snapshot at');
  const cells = (await (await page.request.get(`/trpc/dispatch.cells?input=${encodeURIComponent(JSON.stringify({ date: today }))}`, { headers: { authorization: `Bearer ${token}` } })).json())
    .result.data as { pk: number; expert_id: number; shift_id: number; state: number; inspection: unknown; hold: unknown }[];
  const free = cells.find((c) => c.state === 0 && !c.inspection && !c.hold)!;
  const reserve = await page.request.post('/trpc/dispatch.tempReserve', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', cookie: '' },
    data: { expertId: free.expert_id, shiftId: free.shift_id },
  });
  expect(reserve.status(), await reserve.text()).toBe(200);
  const followed = await follow.exited;
  expect(follow.output(), follow.output()).toContain('change 1');
  expect(followed).toBe(0);
  await page.request.post('/trpc/dispatch.cancelReserve', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', cookie: '' },
    data: { expertId: free.expert_id, shiftId: free.shift_id },
  });
});
