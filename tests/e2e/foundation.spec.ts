import { expect, test } from '../support/fixtures';

test('the panel opens as a right-to-left Persian page that reaches its gateway', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'fa');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'پنل مدیریت خدمات خودرو' })).toBeVisible();
  await expect(page.getByText('در دسترس', { exact: true })).toBeVisible();
  const direction = await page.evaluate(() => getComputedStyle(document.body).direction);
  expect(direction).toBe('rtl');
  const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(font).toContain('Vazirmatn');
});
