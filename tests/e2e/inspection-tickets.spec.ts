import { expect, test } from '../support/fixtures';
import { expectPersianDigits } from '../support/digits';
import { signIn } from '../support/auth';

test('tickets: filters in the address, a ticket opened and resolved', async ({ page }) => {
  await signIn(page);
  await page.goto('/panel/inspection/tickets');
  const table = page.getByRole('table', { name: 'تیکت‌ها' });
  await expect(table.locator('tbody tr')).toHaveCount(20);
  await expectPersianDigits(page, 'the ticket list');

  await page.getByRole('combobox', { name: 'وضعیت رسیدگی' }).click();
  await page.getByRole('option', { name: 'باز', exact: true }).click();
  await expect(page).toHaveURL(/[?&]resolved=false(&|$)/);
  await expect(table.locator('tbody tr').first()).toContainText('باز');
  for (const state of await table.locator('tbody tr td:nth-child(7)').allTextContents()) expect(state).toBe('باز');

  await page.getByRole('textbox', { name: 'پشتیبان' }).fill('sara.ahmadi');
  await page.getByRole('textbox', { name: 'پشتیبان' }).press('Enter');
  await expect(page).toHaveURL(/assistant=sara.ahmadi/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'پشتیبان' })).toHaveValue('sara.ahmadi');
  for (const assistant of await table.locator('tbody tr td:nth-child(6)').allTextContents()) expect(assistant).toBe('سارا احمدی');

  const first = table.locator('tbody tr').first();
  const title = (await first.locator('td:nth-child(2)').textContent())!;
  await first.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(title, { exact: true })).toBeVisible();
  await drawer.getByLabel('یادداشت رسیدگی').fill('با مشتری تماس گرفته شد');
  await drawer.getByRole('button', { name: 'بستن تیکت' }).click();
  await expect(page.getByText('تیکت بسته شد')).toBeVisible();
  await expect(drawer.getByText('با مشتری تماس گرفته شد')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'بستن تیکت' })).toHaveCount(0);
  await expectPersianDigits(page, 'a resolved ticket');

  await page.goto('/panel/inspection/tickets?query=%D9%86%DB%8C%D8%B3%D8%AA%D8%A7%D9%86');
  await expect(table.getByText('تیکتی یافت نشد!')).toBeVisible();
});
