import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits } from '../support/digits';
import { signIn } from '../support/auth';
import { lookAt } from '../support/shots';

// Issue 18: a member of staff makes an API token on its own page (user menu), sees it once,
// finds it in the list with its roles, expiry and last use, and revokes it; the API reference
// renders right to left within the panel's content security policy.

test('API tokens: created and shown once, listed, used, revoked', async ({ page }) => {
  // Four accessibility scans on a shared two-core machine.
  test.setTimeout(150_000);
  await signIn(page);
  await page.goto('/panel/inspection/tickets');
  await page.getByRole('button', { name: 'توکن‌های API' }).click();
  await expect(page).toHaveURL(/\/panel\/api-tokens$/);
  await expect(page.getByRole('heading', { name: 'توکن‌های API' })).toBeVisible();

  await page.getByRole('button', { name: 'ساخت توکن' }).click();
  const dialog = page.getByRole('dialog', { name: 'ساخت توکن API' });
  await expect(dialog.getByLabel('نام توکن')).toBeVisible();
  // The dialog fades in: expectAccessible checks its text once the animation has ended.
  await expectAccessible(page, 'the new-token dialog');
  await dialog.getByRole('button', { name: 'ساخت توکن' }).click();
  await expect(dialog.getByText('نام توکن باید بین ۲ تا ۶۰ نویسه')).toBeVisible();
  await dialog.getByLabel('نام توکن').fill('e2e-crm');
  await dialog.getByText('پیگیری‌کننده', { exact: true }).click();
  await dialog.getByRole('button', { name: 'ساخت توکن' }).click();

  const created = page.getByRole('dialog', { name: 'توکن ساخته شد' });
  const shown = created.getByRole('textbox', { name: 'توکن ساخته‌شده' });
  const token = await shown.inputValue();
  expect(token).toMatch(/^pnl_[A-Za-z0-9_-]{43}$/);
  await expect(created.getByText('این توکن فقط همین یک بار نشان داده می‌شود')).toBeVisible();
  await expectPersianDigits(page, 'the created token dialog');
  await expectAccessible(page, 'the created token dialog');
  await created.getByRole('button', { name: 'برداشتم، ببند' }).click();

  const table = page.getByRole('table', { name: 'توکن‌های API' });
  const row = table.locator('tbody tr', { hasText: 'e2e-crm' });
  await expect(row).toContainText('کارمند');
  await expect(row).toContainText('پیگیری‌کننده');
  await expect(row).toContainText('هنوز استفاده نشده');
  await expect(row).toContainText('فعال');
  // Never shown again: not in the page, not in the list's answer.
  await expect(page.locator('body')).not.toContainText(token);
  expect(await (await page.request.get('/trpc/apiTokens.list', { headers: { 'x-panel-request': '1' } })).text()).not.toContain(token);

  // A machine call with it: no cookie, no CSRF header; the list then shows its last use.
  const machine = await page.request.get('/trpc/dispatch.serverTime', { headers: { authorization: `Bearer ${token}`, cookie: '' } });
  expect(machine.status()).toBe(200);
  await page.reload();
  await expect(row).not.toContainText('هنوز استفاده نشده');
  await expectPersianDigits(page, 'the API tokens page');
  await expectAccessible(page, 'the API tokens page');

  await row.getByRole('button', { name: 'ابطال e2e-crm' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'ابطال توکن' });
  await expectAccessible(page, 'the revoke dialog');
  await confirm.getByRole('button', { name: 'ابطال' }).click();
  await expect(page.getByText('توکن e2e-crm باطل شد.')).toBeVisible();
  await expect(row).toContainText('باطل‌شده');
  await expect(row.getByRole('button', { name: 'ابطال e2e-crm' })).toHaveCount(0);
  const refused = await page.request.get('/trpc/dispatch.serverTime', { headers: { authorization: `Bearer ${token}`, cookie: '' } });
  expect(refused.status()).toBe(401);
});

test('the API reference renders the document right to left', async ({ page }) => {
  const document = await (await page.request.get('/api/openapi.json')).json();
  expect(document.openapi).toBe('3.1.0');
  await page.goto('/api/reference');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('رابط برنامه‌نویسی پنل').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Authorization: Bearer <token>').first()).toBeVisible();
  // The reference's sidebar stands on the right of its content, as the panel's does.
  const sidebar = await page.locator('.t-doc__sidebar').boundingBox();
  const title = await page.getByRole('heading', { name: 'رابط برنامه‌نویسی پنل' }).first().boundingBox();
  expect(sidebar!.x).toBeGreaterThan(title!.x + title!.width);
});

test('the API reference speaks Persian and passes the accessibility bar (issue 28)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/api/reference');
  const sidebar = page.locator('.t-doc__sidebar');
  // Each module's group carries its Persian title, not the procedures' camelCase prefix.
  await expect(sidebar.getByText('میز تخصیص کارشناسان', { exact: true })).toBeVisible({ timeout: 20_000 });
  for (const title of ['سفارش‌های کارشناسی', 'فروش همراه', 'آگهی‌های خودرو', 'توکن‌های API']) await expect(sidebar.getByText(title, { exact: true })).toBeVisible();
  await expect(sidebar).not.toContainText('inspectionOrders');
  // The renderer's own words are Persian too.
  await expect(sidebar.getByRole('button', { name: /^باز کردن جستجو/ })).toContainText('جستجو');
  await expect(sidebar.getByText('درآمد', { exact: true })).toBeVisible();
  await expect(page.getByText('نمونه کد', { exact: true })).toBeVisible();
  for (const english of ['Search', 'Introduction', 'Client Libraries', 'Download OpenAPI Document']) await expect(page.locator('body')).not.toContainText(english);
  // An operation's section, with its code sample's copy button and its answers.
  await sidebar.getByText('سفارش‌های کارشناسی', { exact: true }).click();
  await sidebar.getByText('جزئیات یک سفارش', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'جزئیات یک سفارش' })).toBeVisible();
  await expect(page.getByText('پاسخ‌ها', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'the API reference');
  await lookAt(page, 'api-reference-fa');
});
