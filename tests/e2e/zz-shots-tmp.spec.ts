import { test } from '../support/fixtures';
import { signIn } from '../support/auth';
import { bffCall } from '../support/bff';

test('shots', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const list = await bffCall<{ results: { id: number; balance: number; state: string }[] }>(page, 'leasing.claims', { state: 'current', pageSize: 100 });
  const claim = list.results.find((c) => c.balance > 10_000_000)!;
  for (const [w, h] of [[1920, 1080], [1366, 768]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/panel/leasing/claims');
    await page.getByRole('table', { name: 'مطالبات' }).locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: /فیلترهای بیشتر/ }).click();
    await page.screenshot({ path: `/tmp/h-lclaims-shots/claims-${w}.png`, fullPage: true });
    await page.goto(`/panel/leasing/claims/${claim.id}`);
    await page.getByTestId('claim-balance').waitFor();
    await page.screenshot({ path: `/tmp/h-lclaims-shots/detail-${w}.png` });
    await page.screenshot({ path: `/tmp/h-lclaims-shots/detail-full-${w}.png`, fullPage: true });
    await page.getByRole('button', { name: /^تغییر قسط/ }).first().click();
    const d = page.getByRole('dialog');
    await d.getByRole('combobox', { name: 'نوع تغییر' }).selectOption('amount');
    await d.getByRole('textbox', { name: 'مبلغ جدید قسط (تومان)' }).fill('30000000');
    await d.getByRole('button', { name: 'پیش‌نمایش تغییر' }).click();
    await d.getByText('پیش‌نمایش: هنوز').waitFor();
    await page.screenshot({ path: `/tmp/h-lclaims-shots/preview-${w}.png` });
    await d.getByRole('button', { name: 'انصراف' }).click();
    await page.getByRole('button', { name: 'ثبت پرداخت' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'مبلغ پرداخت (تومان)' }).fill('1500000');
    await page.getByRole('dialog').getByRole('textbox', { name: 'شماره رسید' }).fill('RC-1');
    await page.screenshot({ path: `/tmp/h-lclaims-shots/pay-${w}.png` });
    await page.getByRole('dialog').getByRole('button', { name: 'ادامه' }).click();
    await page.getByRole('dialog', { name: 'تأیید پرداخت' }).waitFor();
    await page.screenshot({ path: `/tmp/h-lclaims-shots/pay-confirm-${w}.png` });
    await page.getByRole('dialog').getByRole('button', { name: 'بازگشت' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'انصراف' }).click();
    await page.getByRole('button', { name: 'شروع پیگیری' }).click();
    await page.screenshot({ path: `/tmp/h-lclaims-shots/state-${w}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'ثبت قول پرداخت' }).click();
    await page.screenshot({ path: `/tmp/h-lclaims-shots/promise-${w}.png` });
    await page.keyboard.press('Escape');
    await page.goto('/panel/leasing/payment-plans');
    await page.getByRole('table', { name: 'طرح‌های منطبق' }).waitFor();
    await page.screenshot({ path: `/tmp/h-lclaims-shots/plans-${w}.png`, fullPage: true });
    await page.getByRole('button', { name: /^ویرایش خودروها:/ }).first().click();
    await page.screenshot({ path: `/tmp/h-lclaims-shots/matching-${w}.png` });
  }
});
