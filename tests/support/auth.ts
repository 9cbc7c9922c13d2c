import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, request, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createSealer } from '@panel/bff/session-seal';
import { ownPanel, type Panel } from './panels';
import { E2E_SESSION_SECRET } from './secrets';

export { E2E_JWT_SECRET, E2E_SESSION_SECRET } from './secrets';

/** The demo users seeded by the reference gateway (docs/auth.md). */
export const DEMO_USERS = {
  /** Every role, 'backoffice#staff' included; on a call with 09121234567. */
  staff: { username: 'staff', password: 'staff1234', fullName: 'سارا محمدی' },
  /** A second dispatcher (staff only, not on a call) for two-dispatcher specs. */
  staff2: { username: 'staff2', password: 'staff1234', fullName: 'علی رضایی' },
  /** Signed in but without 'backoffice#staff'. */
  viewer: { username: 'viewer', password: 'viewer1234', fullName: 'مریم احمدی' },
  /** The concierge sale's supervisor (staff and supervisor). */
  supervisor: { username: 'supervisor', password: 'supervisor1234', fullName: 'رضا قاسمی' },
  /** Sales experts: each sees only their own concierge sales. */
  sales1: { username: 'sales1', password: 'sales1234', fullName: 'حسین کریمی' },
  sales2: { username: 'sales2', password: 'sales1234', fullName: 'نرگس امینی' },
} as const;

export type DemoUser = keyof typeof DEMO_USERS;

const sealer = createSealer(E2E_SESSION_SECRET);

/** The access cookie's content as the BFF sealed it: `{access, roles}` (spec §3). */
export async function readAccessCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === 'access_token')!;
  const value = (await sealer.open('access_token', decodeURIComponent(cookie.value))) as { access: string; roles: string[] };
  return { cookie, value };
}

/** Replaces what the browser holds in its access cookie, sealed as the BFF would have sealed it. */
export async function writeAccessCookie(context: BrowserContext, value: { access: string; roles: string[] }): Promise<void> {
  const { cookie } = await readAccessCookie(context);
  await context.addCookies([{ ...cookie, value: encodeURIComponent(await sealer.seal('access_token', value)) }]);
}

const statesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '.artifacts', 'auth');

/** Where the run keeps `user`'s signed-in browser state for `panel` (written by the global setup). */
export const stateFile = (user: DemoUser, panel: Panel = ownPanel()) => join(statesDir, `panel-${panel.index}`, `${user}.json`);

/**
 * Signs `user` in on `panel` through the BFF, the way the sign-in form does, and keeps the
 * cookies the BFF set as a Playwright storage state. The global setup does it once a run for
 * every demo user, so specs share one session a user instead of signing in again and again.
 */
export async function writeSignedInState(panel: Panel, user: DemoUser): Promise<void> {
  const context = await request.newContext({ baseURL: panel.baseURL });
  const { username, password } = DEMO_USERS[user];
  const response = await context.post('/trpc/auth.signIn', { headers: { 'x-panel-request': '1', 'content-type': 'application/json' }, data: { username, password } });
  if (!response.ok()) throw new Error(`sign-in of ${username} on ${panel.baseURL} failed: ${response.status()} ${await response.text()}`);
  await context.storageState({ path: stateFile(user, panel) });
  await context.dispose();
}

/** The cookies of `user`'s session on this worker's panel, as the global setup kept them. */
const sessionCookies = (user: DemoUser): Parameters<BrowserContext['addCookies']>[0] =>
  (JSON.parse(readFileSync(stateFile(user), 'utf8')) as { cookies: Parameters<BrowserContext['addCookies']>[0] }).cookies;

/**
 * Signs the page's browser context in as a demo user: it gets the session the global setup
 * made for that user on this worker's panel (the BFF's httpOnly cookies), so the next
 * `page.goto('/panel/...')` is signed in. The session is shared with the other specs of the
 * worker; a spec that signs out, revokes or otherwise ends its session uses `signInAnew`.
 */
export async function signIn(page: Page, user: DemoUser = 'staff'): Promise<void> {
  await page.context().addCookies(sessionCookies(user));
}

/** Signs in through the BFF as the sign-in form does, making a session of the spec's own. */
export async function signInAnew(page: Page, user: DemoUser = 'staff'): Promise<void> {
  const { username, password } = DEMO_USERS[user];
  const response = await page.request.post('/trpc/auth.signIn', {
    headers: { 'x-panel-request': '1', 'content-type': 'application/json' },
    data: { username, password },
  });
  if (!response.ok()) throw new Error(`sign-in of ${username} failed: ${response.status()} ${await response.text()}`);
}

/** Signs in by typing into the /auth form, as a person would, and waits for the panel. */
export async function signInThroughForm(page: Page, user: DemoUser = 'staff'): Promise<void> {
  const { username, password } = DEMO_USERS[user];
  await page.goto('/auth');
  await page.getByLabel('نام کاربری', { exact: true }).fill(username);
  await page.getByLabel('رمز عبور', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ورود' }).click();
  await expect(page).toHaveURL(/\/panel\//);
}

/** A page of its own browser context at a given screen size, signed in; close its context after. */
export async function signedInPage(browser: Browser, viewport: { width: number; height: number }, user: DemoUser = 'staff'): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport, storageState: stateFile(user) });
  return context.newPage();
}
