import { expect, test } from '../support/fixtures';
import { expectPersianDigits } from '../support/digits';
import { expectAccessible } from '../support/axe';
import { signIn } from '../support/auth';

test('a price expert prices a pending order with the estimator band; an upside-down band is refused in Persian', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto('/panel/car-posts');
  await page.getByRole('complementary', { name: 'منوی پنل' }).getByRole('link', { name: 'سفارش‌های قیمت‌گذاری' }).click();
  await expect(page).toHaveURL(/\/panel\/pricing-order-list\?page=1&status=PE$/);
  await expect(page.getByRole('tab', { name: 'در انتظار قیمت‌گذاری' })).toHaveAttribute('aria-selected', 'true', { timeout: 45_000 });
  const table = page.getByRole('table', { name: 'سفارش‌های قیمت‌گذاری' });
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  await expectPersianDigits(page, 'the pricing orders');
  await expectAccessible(page, 'the pricing orders');

  const first = table.locator('tbody tr').first();
  const code = (await first.locator('td').first().textContent())!;
  await first.click();
  const drawer = page.getByRole('dialog', { name: `سفارش قیمت‌گذاری ${code}` });
  const estimator = drawer.getByRole('region', { name: 'برآورد قیمت' });
  await expect(estimator.getByText(/^از .* قیمت اخیر .* بازه میانی/)).toBeVisible();
  const band = (await estimator.getByText(/^[۰-۹,٬]+ تومان تا [۰-۹,٬]+ تومان$/).textContent())!;
  await expectAccessible(page, 'a pricing order');

  await drawer.getByRole('button', { name: 'برداشتن سفارش' }).click();
  await expect(page.getByText('سفارش برای شما برداشته شد.')).toBeVisible();
  await drawer.getByLabel('کمترین قیمت (تومان)').fill('۹۰۰٬۰۰۰٬۰۰۰');
  await drawer.getByLabel('بیشترین قیمت (تومان)').fill('800000000');
  await drawer.getByRole('button', { name: 'ثبت قیمت' }).click();
  await expect(drawer.getByText('کمترین قیمت نباید از بیشترین قیمت بیشتر باشد.')).toBeVisible();

  await drawer.getByRole('button', { name: 'همان بازه پیشنهادی برآوردگر' }).click();
  await drawer.getByLabel('یادداشت کارشناس').fill('مطابق آگهی‌های مشابه');
  await expectPersianDigits(page, 'the estimate form');
  await drawer.getByRole('button', { name: 'ثبت قیمت' }).click();
  await expect(page.getByText('قیمت ثبت شد.')).toBeVisible();
  await expect(drawer.getByText(band, { exact: true })).toHaveCount(2);
  await expect(drawer.getByText('مطابق آگهی‌های مشابه')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'قیمت‌گذاری شده' }).click();
  await expect(page).toHaveURL(/status=DO/);
  await expect(table.getByText(code, { exact: true })).toBeVisible();
});
