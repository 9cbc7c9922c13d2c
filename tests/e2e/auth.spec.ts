import { type BrowserContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { SignJWT, decodeJwt } from 'jose';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits } from '../support/digits';
import { DEMO_USERS, E2E_JWT_SECRET, readAccessCookie, signIn, signInAnew, signInThroughForm, writeAccessCookie } from '../support/auth';

/** A token with the claims of `token`, signed by the gateway's secret, expired ten minutes ago. */
async function expiredLike(token: string): Promise<string> {
  const past = Math.floor(Date.now() / 1000) - 600;
  return new SignJWT({ ...decodeJwt(token) })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(past - 300)
    .setExpirationTime(past)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

/** Makes the browser's access token an expired one (what it holds after a long break). */
async function expireAccess(context: BrowserContext): Promise<string> {
  const { value } = await readAccessCookie(context);
  const expired = await expiredLike(value.access);
  await writeAccessCookie(context, { ...value, access: expired });
  return expired;
}

const HOME = '/panel/inspection/orders/management';

test.describe('sign-in and session', () => {
  test('a signed-out visitor of a panel page is sent to /auth with the spec message', async ({ page }) => {
    await page.goto('/panel/sms');
    await expect(page.getByText('در حال انتقال به صفحه احراز هویت...')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'ورود به پنل' })).toBeVisible();
  });

  test('empty fields are explained in Persian, a wrong password shows the §8 message', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'ورود' }).click();
    await expect(page.getByText('نام کاربری را وارد کنید.')).toBeVisible();
    await expect(page.getByText('رمز عبور را وارد کنید.')).toBeVisible();

    await page.getByLabel('نام کاربری', { exact: true }).fill('staff');
    await page.getByLabel('رمز عبور', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'ورود' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'نام کاربری یا رمز عبور اشتباه است!' })).toBeVisible();
    await expectPersianDigits(page, 'the sign-in page with its errors');
    await expectAccessible(page, 'the sign-in page with its errors');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('signs in with the demo credentials, keeps the tokens in httpOnly cookies, and signs out', async ({ page, context }) => {
    await page.goto('/auth');
    await page.getByLabel('نام کاربری', { exact: true }).fill(DEMO_USERS.staff.username);
    await page.getByLabel('رمز عبور', { exact: true }).fill(DEMO_USERS.staff.password);
    await page.getByRole('button', { name: 'ورود' }).click();
    await expect(page.getByText('در حال انتقال به صفحه اصلی پنل...')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${HOME}$`));
    await expect(page.getByRole('complementary', { name: 'منوی پنل' }).getByText(DEMO_USERS.staff.fullName)).toBeVisible();
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'live');
    await expectPersianDigits(page, 'the dispatch sheet, the home page');

    const cookies = await context.cookies();
    const auth = cookies.filter((cookie) => cookie.name === 'access_token' || cookie.name === 'refresh_token');
    expect(auth).toHaveLength(2);
    for (const cookie of auth) expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Browser code cannot read them.
    expect(await page.evaluate(() => document.cookie)).not.toContain('access_token');

    await page.getByRole('button', { name: 'خروج' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    // Signing out refetches nothing signed out: no "sign in again" toast on the sign-in page.
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('toast')).toHaveCount(0);
    expect((await context.cookies()).filter((cookie) => cookie.name.endsWith('_token'))).toEqual([]);
    await page.goto(HOME);
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a signed-in user opening /auth is sent to the panel home with the spec message', async ({ page }) => {
    await signIn(page, 'staff2');
    await page.goto('/auth');
    await expect(page.getByText('در حال انتقال به صفحه اصلی پنل...')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${HOME}$`));
  });

  test('when the session is gone, the next panel page goes back to /auth', async ({ page, context }) => {
    await signInThroughForm(page, 'viewer');
    await context.clearCookies();
    await page.goto('/panel/originality-mapping');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('an access token that expires mid-session is renewed on the next action; the user stays in the panel', async ({ page, context }) => {
    await signIn(page, 'staff2');
    await page.goto('/panel/inspection/tickets');
    const table = page.getByRole('table', { name: 'تیکت‌ها' });
    await expect(table.locator('tbody tr')).toHaveCount(20);

    // The gateway's own token, re-signed as already expired: a break longer than its lifetime.
    const expired = await expireAccess(context);
    const refreshBefore = (await context.cookies()).find((c) => c.name === 'refresh_token')!.value;

    // The next thing the dispatcher does needs the BFF: a filter of the same page, no reload.
    await page.getByRole('combobox', { name: 'وضعیت رسیدگی' }).click();
    await page.getByRole('option', { name: 'بسته‌شده', exact: true }).click();
    await expect(page).toHaveURL(/[?&]resolved=true(&|$)/);
    await expect(table.locator('tbody tr').first()).toContainText('بسته‌شده');
    for (const state of await table.locator('tbody tr td:nth-child(7)').allTextContents()) expect(state).toBe('بسته‌شده');
    await expect(page).toHaveURL(/\/panel\/inspection\/tickets/);
    await expect(page.getByRole('complementary', { name: 'منوی پنل' }).getByText(DEMO_USERS.staff2.fullName)).toBeVisible();
    // One refresh replaced the access token; the refresh token is the same.
    const renewed = await readAccessCookie(context);
    expect(renewed.value.access).not.toBe(expired);
    expect(decodeJwt(renewed.value.access).exp!).toBeGreaterThan(Date.now() / 1000);
    expect((await context.cookies()).find((c) => c.name === 'refresh_token')!.value).toBe(refreshBefore);
  });

  test('when the access token has expired and the session was signed out elsewhere, the next action goes to /auth', async ({ page, context }) => {
    // A session of its own: signing it out revokes its refresh token, which the other specs share.
    await signInAnew(page, 'staff2');
    await page.goto('/panel/inspection/tickets');
    await expect(page.getByRole('table', { name: 'تیکت‌ها' }).locator('tbody tr')).toHaveCount(20);
    const held = (await context.cookies()).filter((c) => c.name.endsWith('_token'));
    // Signed out from another tab: the gateway revokes the refresh token; this tab keeps its cookies.
    await page.request.post('/trpc/auth.signOut', { headers: { 'x-panel-request': '1', 'content-type': 'application/json' }, data: {} });
    await context.addCookies(held);
    await expireAccess(context);

    await page.getByRole('combobox', { name: 'وضعیت رسیدگی' }).click();
    // The open tickets are the default view: the closed ones are a new query.
    await page.getByRole('option', { name: 'بسته‌شده', exact: true }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect((await context.cookies()).filter((c) => c.name.endsWith('_token'))).toEqual([]);
  });

  test('public pages stay public', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'پنل مدیریت خدمات خودرو' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
