import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createSealer } from '@panel/bff/session-seal';

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

/** The token secret of the gateway the config starts (specs that mint tokens need it). */
export const E2E_JWT_SECRET = 'e2e-only-secret-for-the-panel-end-to-end-specs-0123456789';
/** The BFF's session key in the specs' panel (specs that edit what the browser holds need it). */
export const E2E_SESSION_SECRET = 'e2e-only-session-key-for-the-panel-end-to-end-specs-0123456789';
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

/**
 * Signs the page's browser context in as a demo user through the BFF, the way the sign-in
 * form does, without driving the form: the BFF sets its httpOnly cookies on the context, so
 * the next `page.goto('/panel/...')` is signed in. Use `signInThroughForm` to test the form.
 */
export async function signIn(page: Page, user: DemoUser = 'staff'): Promise<void> {
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
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}
