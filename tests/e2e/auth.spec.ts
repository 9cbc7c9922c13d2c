import { expect, test } from '@playwright/test';
import { DEMO_USERS, signIn, signInThroughForm } from '../support/auth';

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
    await expect(page.getByTestId('toast').filter({ hasText: 'نام کاربری یا رمز عبور اشتباه است.' })).toBeVisible();
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

    const cookies = await context.cookies();
    const auth = cookies.filter((cookie) => cookie.name === 'access_token' || cookie.name === 'refresh_token');
    expect(auth).toHaveLength(2);
    for (const cookie of auth) expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Browser code cannot read them.
    expect(await page.evaluate(() => document.cookie)).not.toContain('access_token');

    await page.getByRole('button', { name: 'خروج' }).click();
    await expect(page).toHaveURL(/\/auth$/);
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

  test('public pages stay public', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'پنل مدیریت خدمات خودرو' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
