import { expect, test } from '../support/fixtures';
import { signIn } from '../support/auth';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits } from '../support/digits';

// Issue 14: the order's actions on its detail page, with its history, and its offer to experts.

test('an order is held, offered to experts once released, listed among the offers, and the offer removed', async ({ page }) => {
  await signIn(page);
  await page.goto('/panel/inspection/orders?state=T');
  const orders = page.getByRole('table', { name: 'سفارش‌ها' }).locator('tbody tr');
  // The loading row is a row too: wait for the orders themselves.
  await expect(orders).toHaveCount(20);
  await orders.first().click();
  await expect(page).toHaveURL(/\/panel\/inspection\/orders\/\d+$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText('سفارش');
  const code = (await heading.textContent())!.replace(/[^\u06F0-\u06F9]/g, '');
  const actions = page.getByRole('group', { name: 'کارها' });
  const history = page.getByRole('region', { name: 'تاریخچه سفارش' });
  await expectPersianDigits(page, 'order detail');
  await expectAccessible(page, 'order detail');

  await actions.getByRole('button', { name: 'توقف سفارش' }).click();
  const holdDialog = page.getByRole('alertdialog', { name: 'توقف سفارش' });
  await holdDialog.getByRole('button', { name: 'توقف سفارش' }).click();
  await expect(holdDialog.getByText('دلیل را بنویسید.')).toBeVisible();
  await expectAccessible(page, 'hold dialog');
  await holdDialog.getByLabel('دلیل').fill('مشتری خواست فردا تماس بگیریم');
  await holdDialog.getByRole('button', { name: 'توقف سفارش' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'سفارش متوقف شد.' })).toBeVisible();
  await expect(page.getByText('مشتری خواست فردا تماس بگیریم').first()).toBeVisible();
  await expect(history.getByText('توقف سفارش')).toBeVisible();

  // Refused: a held order is not offered; the server's Persian message is shown.
  await actions.getByRole('button', { name: 'ارسال به پیشنهاد' }).click();
  await page.getByRole('alertdialog', { name: 'ارسال به پیشنهاد' }).getByRole('button', { name: 'ارسال به پیشنهاد' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'این سفارش متوقف است و تا پایان توقف پیشنهاد نمی‌شود.' })).toBeVisible();
  await page.getByRole('alertdialog', { name: 'ارسال به پیشنهاد' }).getByRole('button', { name: 'انصراف' }).click();

  await actions.getByRole('button', { name: 'ادامه سفارش' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'سفارش از توقف خارج شد.' })).toBeVisible();
  await actions.getByRole('button', { name: 'ارسال به پیشنهاد' }).click();
  await page.getByRole('alertdialog', { name: 'ارسال به پیشنهاد' }).getByRole('button', { name: 'ارسال به پیشنهاد' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'سفارش به پیشنهاد کارشناسان فرستاده شد.' })).toBeVisible();
  await expect(page.getByText('پیشنهاد', { exact: true }).first()).toBeVisible();
  await expect(history.getByText(/ارسال به پیشنهاد/)).toBeVisible();

  // Its open offer (a seeded order may also carry an older, expired one).
  await page.goto(`/panel/inspection/offers/list?state=open&query=${encodeURIComponent(code.replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0)))}`);
  const offers = page.getByRole('table', { name: 'پیشنهادها' });
  await expect(offers.locator('tbody tr')).toHaveCount(1);
  await expect(offers.locator('tbody tr').first()).toContainText('باز');
  await expectPersianDigits(page, 'offer list');
  await expectAccessible(page, 'offer list');

  await offers.locator('tbody tr').first().click();
  await page.getByRole('group', { name: 'کارها' }).getByRole('button', { name: 'حذف پیشنهاد' }).click();
  await page.getByRole('alertdialog', { name: 'حذف پیشنهاد' }).getByRole('button', { name: 'حذف پیشنهاد' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'پیشنهاد سفارش برداشته شد.' })).toBeVisible();
  await expect(page.getByText('در انتظار تخصیص کارشناس').first()).toBeVisible();
});
