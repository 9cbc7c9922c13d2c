import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits, toPersianDigits } from '../support/digits';
import { signIn } from '../support/auth';
import { gatewayCall, gatewayToken } from '../support/gateway';
import { lookAt } from '../support/shots';

// NPS (issue 33, decision 115): a detractor's answer arrives from the survey (the gateway, as the
// survey would call it); staff read the NPS figure and the weekly chart of the list, narrow it to
// the answer, open it, start the follow-up, call the customer back, are refused closing it without
// a root cause, close it with one and read its history. The spec acts only on the answer it makes.
// Toasts are read, not closed: a click on one is a click outside the drawer, which closes it.

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('staff read the NPS and its chart, call a detractor back and close the follow-up with its root cause', async ({ page, request }) => {
  test.setTimeout(120_000);
  const serial = String(Date.now() % 10_000_000).padStart(7, '0');
  const name = `کیوان صدری ${toPersianDigits(Number(serial))}`;
  const token = await gatewayToken('survey', ['backoffice#staff']);
  const { data } = await gatewayCall<{ data: { id: number } }>(request, token, 'POST', '/api/nps/answers/', {
    score: 3,
    comment: 'کارشناس یک ساعت دیر رسید و تماسی هم نگرفت.',
    customer_name: name,
    customer_phone: `0939${serial}`,
    channel: 'sms',
  });
  const id = toPersianDigits(data.id);

  // The list: the statuses B–H, the figure of the filtered set and the chart of the same set.
  await page.goto('/panel/nps');
  await expect(page.getByRole('heading', { level: 1, name: 'نظرسنجی رضایت (NPS)' })).toBeVisible();
  const figures = page.getByRole('group', { name: 'شاخص NPS پاسخ‌های فیلترشده' });
  await expect(figures.getByText('شاخص NPS')).toBeVisible();
  await expect(figures).toContainText(/مروج \(۹ و ۱۰\)[۰-۹٬]+ \([۰-۹]+٪\)/);
  const chart = page.getByRole('figure', { name: 'روند هفتگی NPS پاسخ‌های فیلترشده' });
  await expect(chart).toContainText(/^روند هفتگی NPS پاسخ‌های فیلترشدهNPS هفتگی از هفته/);
  await expect(chart.getByRole('table')).toContainText('NPS و تعداد پاسخ هر هفته');
  await expect(chart.locator('svg.recharts-surface')).toContainText(/[۰-۹]+ (فروردین|اردیبهشت|خرداد|تیر|مرداد|شهریور|مهر|آبان|آذر|دی|بهمن|اسفند)/);
  await expect(page.getByText('صفحه ۱ از')).toBeVisible();
  await expectPersianDigits(page, 'the NPS list');
  await expectAccessible(page, 'the NPS list');
  await lookAt(page, 'nps-list');

  // Narrowed to the new answer: one detractor, so the figure is −100; it waits for its call.
  await page.getByRole('textbox', { name: 'جستجو' }).fill(name);
  await page.getByRole('textbox', { name: 'جستجو' }).press('Enter');
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/ساعت و [۰-۹]+ دقیقه مانده/);
  await expect(figures).toContainText('شاخص NPS−۱۰۰');
  await expect(figures).toContainText('منتقد (۰ تا ۶)۱ (۱۰۰٪)');

  // The answer's drawer: start the follow-up and call the customer back.
  await row.click();
  const drawer = page.getByRole('dialog', { name: `پاسخ نظرسنجی ${id} — ${name}` });
  await expect(drawer.getByText('کارشناس یک ساعت دیر رسید و تماسی هم نگرفت.')).toBeVisible();
  await expect(drawer.getByText('بدون سفارش مرتبط')).toBeVisible();
  await expectAccessible(page, 'the answer drawer');
  await lookAt(page, 'nps-drawer');
  await drawer.getByRole('button', { name: 'شروع پیگیری' }).click();
  await expect(page.getByText('پیگیری پاسخ شروع شد.')).toBeVisible();
  await drawer.getByRole('button', { name: 'تماس با مشتری' }).click();
  const callDialog = page.getByRole('alertdialog', { name: 'تماس با مشتری' });
  await callDialog.getByRole('textbox', { name: 'خلاصه تماس' }).fill('از مشتری عذرخواهی شد؛ بازدید بعدی رایگان است.');
  await callDialog.getByRole('button', { name: 'تماس با مشتری' }).click();
  await expect(page.getByText('تماس با مشتری ثبت شد.')).toBeVisible();
  await expect(drawer.getByText(/در موعد پاسخ داده شد/)).toBeVisible();

  // Closing without a root cause is refused in Persian; with one, it closes.
  await drawer.getByRole('button', { name: 'بستن پیگیری' }).click();
  const closeDialog = page.getByRole('alertdialog', { name: 'بستن پیگیری' });
  await closeDialog.getByRole('button', { name: 'بستن پیگیری' }).click();
  await expect(page.getByText('برای بستن پیگیری، علت ریشه‌ای را انتخاب کنید.')).toBeVisible();
  await expect(closeDialog).toBeVisible();
  await expectAccessible(page, 'the close dialog');
  await lookAt(page, 'nps-close');
  await closeDialog.getByRole('combobox', { name: 'علت ریشه‌ای' }).selectOption({ label: 'تأخیر یا بدقولی کارشناس' });
  await closeDialog.getByRole('button', { name: 'بستن پیگیری' }).click();
  await expect(page.getByText('پیگیری بسته شد.')).toBeVisible();
  await expect(closeDialog).toBeHidden();

  // The history: the answer's path, the close with its root cause.
  const history = drawer.getByRole('region', { name: 'تاریخچه پیگیری' });
  await expect(history.getByText('بستن پیگیری: تماس گرفته شد ← بسته‌شده')).toBeVisible();
  await expect(history.getByText('علت ریشه‌ای: تأخیر یا بدقولی کارشناس')).toBeVisible();
  await expect(history.getByText('تماس با مشتری: در انتظار تماس ← تماس گرفته شد')).toBeVisible();
  await expect(history.getByText('دریافت پاسخ')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'بستن پیگیری' })).toHaveCount(0);
  await expectPersianDigits(page, 'the closed answer');
  await expectAccessible(page, 'the closed answer');
  await lookAt(page, 'nps-closed');
  await drawer.getByRole('button', { name: 'بستن' }).click();
  await expect(row.getByText('بسته‌شده')).toBeVisible();
});
