import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits, fromPersianDigits, toPersianDigits } from '../support/digits';
import { signIn } from '../support/auth';

// The SMS panel (/panel/sms) and the message to experts (/panel/notification), decision 087:
// staff send an SMS from a template and find it in the history, deactivate a template, are
// refused a duplicate template name in Persian, and message the experts of a city.

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('staff send an SMS from a template, see it in the history, deactivate a template and are refused a duplicate name', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/panel/sms');
  const history = page.getByRole('table', { name: 'تاریخچه پیامک‌ها' });
  await expect(history.locator('tbody tr')).toHaveCount(20, { timeout: 45_000 });
  await expectPersianDigits(page, 'the SMS history');
  await expectAccessible(page, 'the SMS history');
  await history.locator('tbody tr').first().click();
  const message = page.getByRole('dialog', { name: /^پیامک [۰-۹]+$/ });
  await expect(message.getByLabel('متن کامل')).toBeVisible();
  await expectAccessible(page, 'a message of the history');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'ارسال پیامک' }).click();
  const dialog = page.getByRole('dialog', { name: 'ارسال پیامک' });
  await dialog.getByRole('textbox', { name: 'شماره همراه' }).fill('۰۹۱۲۷۷۷۸۸۹۹');
  await dialog.getByRole('combobox', { name: 'قالب' }).click();
  await dialog.getByRole('option', { name: 'لینک پرداخت کارشناسی' }).click();
  await dialog.getByRole('textbox', { name: 'نام {name}' }).fill('نیما');
  await dialog.getByRole('textbox', { name: 'لینک {link}' }).fill('https://pay.example.com/e2e');
  await dialog.getByRole('button', { name: 'ثبت و ارسال' }).click();
  await expect(dialog.getByText('جای خالی «کد» را پر کنید.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'کد {code}' }).fill('۱۰۰۰۰۲۳');
  const preview = dialog.getByRole('region', { name: 'پیش‌نمایش پیامک' });
  await expect(preview).toContainText('نیما عزیز، لینک پرداخت سفارش کارشناسی ۱۰۰۰۰۲۳');
  await expect(preview).toContainText(/[۰-۹]+ نویسه · ۲ پیامک/);
  await expectPersianDigits(page, 'the send dialog');
  await expectAccessible(page, 'the send dialog');
  await dialog.getByRole('button', { name: 'ثبت و ارسال' }).click();
  await expect(page.getByText('پیامک ثبت شد (در صف ارسال).')).toBeVisible();
  await expect(dialog).toBeHidden();
  const newest = history.locator('tbody tr').first();
  await expect(newest).toContainText('۰۹۱۲۷۷۷۸۸۹۹');
  await expect(newest).toContainText('نیما عزیز');
  await expect(newest.getByRole('link', { name: 'قالب پیامک لینک پرداخت کارشناسی' })).toBeVisible();

  await page.getByRole('tab', { name: 'قالب‌های پیامک' }).click();
  await expect(page).toHaveURL(/tab=templates/);
  const templates = page.getByRole('table', { name: 'قالب‌های پیامک' });
  // A template of the spec's own, named per attempt, is made, deactivated and then refused as a
  // duplicate name: the seed's templates stay as they are for every other spec and any retry.
  const name = `یادآوری بازدید ${toPersianDigits(Date.now() % 1_000_000)}`;
  await page.getByRole('button', { name: 'قالب تازه' }).click();
  const create = page.getByRole('dialog', { name: 'قالب پیامک تازه' });
  await create.getByRole('textbox', { name: 'نام قالب' }).fill(name);
  await create.getByRole('textbox', { name: 'متن قالب' }).fill('{name} عزیز، بازدید کارشناسی شما فردا است.');
  await create.getByRole('button', { name: 'ساخت قالب' }).click();
  await expect(page.getByText('قالب ساخته شد.')).toBeVisible();
  const drawer = page.getByRole('dialog', { name: `قالب ${name}` });
  await expect(drawer.getByText('ساخت قالب', { exact: true })).toBeVisible();
  await expectPersianDigits(page, 'a template');
  await expectAccessible(page, 'a template');
  await drawer.getByRole('button', { name: 'غیرفعال کردن' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'غیرفعال کردن' });
  await expect(confirm.getByText('قالب غیرفعال شود؟ دیگر نمی‌توان با آن پیامک فرستاد.')).toBeVisible();
  await expectAccessible(page, 'the deactivate confirmation');
  await confirm.getByRole('button', { name: 'غیرفعال کردن' }).click();
  await expect(page.getByText('قالب غیرفعال شد.')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'فعال کردن' })).toBeVisible();
  await expect(drawer.getByText('غیرفعال کردن: فعال ← غیرفعال')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(templates.locator('tbody tr').filter({ has: page.getByRole('cell', { name, exact: true }) })).toContainText('غیرفعال');

  await page.getByRole('button', { name: 'قالب تازه' }).click();
  await create.getByRole('textbox', { name: 'نام قالب' }).fill(name);
  await create.getByRole('textbox', { name: 'متن قالب' }).fill('سلام {name}');
  await create.getByRole('button', { name: 'ساخت قالب' }).click();
  await expect(page.getByText('قالبی با همین نام هست؛ نام دیگری انتخاب کنید.')).toBeVisible();
  await expect(create.getByRole('textbox', { name: 'متن قالب' })).toHaveValue('سلام {name}');
  await expectAccessible(page, 'the new template form');
});

test('staff send a message to the experts of a city: the count is shown, confirmed and listed', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/panel/notification');
  const past = page.getByRole('table', { name: 'پیام‌های فرستاده‌شده به کارشناسان' });
  // Counted, not assumed: the demo seed has two, a retry on the same panel finds one more.
  await expect(past.locator('tbody tr').first()).toContainText('کارشناس', { timeout: 30_000 });
  const sent = await past.locator('tbody tr').count();
  await page.getByRole('button', { name: 'ارسال پیام' }).click();
  await expect(page.getByText('متن پیام را بنویسید.')).toBeVisible();
  await page.getByRole('combobox', { name: 'شهر' }).click();
  await page.getByRole('option', { name: 'تهران' }).click();
  await page.keyboard.press('Escape');
  const count = page.getByTestId('recipient-count');
  await expect(count).toHaveText(/^گیرندگان: [۰-۹]+ کارشناس$/);
  const recipients = (await count.textContent())!.replace(/[^۰-۹]/g, '');
  await page.getByRole('textbox', { name: 'متن پیام' }).fill('همکاران تهران: جلسه هماهنگی شنبه ساعت ۹ برگزار می‌شود.');
  await expectPersianDigits(page, 'the message to experts');
  await expectAccessible(page, 'the message to experts');
  await page.getByRole('button', { name: 'ارسال پیام' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'ارسال پیام به کارشناسان' });
  await expect(confirm.getByText(`پیام برای ${recipients} کارشناس فرستاده شود؟`)).toBeVisible();
  await expectAccessible(page, 'the confirmation naming the count');
  await confirm.getByRole('button', { name: `ارسال به ${recipients} کارشناس` }).click();
  await expect(page.getByText(`پیام برای ${recipients} کارشناس ثبت شد.`)).toBeVisible();
  await expect(past.locator('tbody tr')).toHaveCount(sent + 1);
  await expect(past.locator('tbody tr').first()).toContainText(`${recipients} کارشناس`);
  await expect(past.locator('tbody tr').first()).toContainText('شهر: تهران');
  await past.locator('tbody tr').first().click();
  const drawer = page.getByRole('dialog', { name: /^پیام به کارشناسان [۰-۹]+$/ });
  await expect(drawer.getByRole('table', { name: 'گیرندگان پیام' }).locator('tbody tr')).toHaveCount(Math.min(20, fromPersianDigits(recipients)));
  await expectAccessible(page, 'a past message to experts');
});
