import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits } from '../support/digits';
import { signIn, signedInPage } from '../support/auth';
import { chooseOption } from '../support/select';
import { lookAt } from '../support/shots';

// Discount codes (issue 33, decision 117): staff make a campaign of 100 unique codes and take its
// CSV, check one of its codes against an order (refused for the wrong service, then accepted with
// the discount it gives), and two staff record the use of one single-use code (made by hand in the
// new code dialog) at once from two pages: one is recorded, the other refused in Persian; the code
// is then deactivated with a reason. The spec acts only on what it makes (a campaign prefix and a code of its own).

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('staff make a campaign and check a code, two staff use a single-use code at once, and deactivate it', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const serial = (Date.now() % 1_000_000).toString(36).toUpperCase().padStart(4, '0');
  const prefix = `E${serial}`.slice(0, 8);
  const solo = `SOLO${serial}`;

  await page.goto('/panel/discount');
  await expect(page.getByRole('heading', { level: 1, name: 'کدهای تخفیف' })).toBeVisible();
  await expect(page.getByText('صفحه ۱ از')).toBeVisible();
  await expectPersianDigits(page, 'the discounts list');
  await expectAccessible(page, 'the discounts list');
  await lookAt(page, 'discounts-list');

  // A single-use code made by hand: an amount in tomans, used once in all; it opens in its drawer.
  await page.getByRole('button', { name: 'کد تازه' }).click();
  const createForm = page.getByRole('form', { name: 'کد تخفیف تازه' });
  await createForm.getByRole('textbox', { name: 'کد' }).fill(solo.toLowerCase());
  await chooseOption(page, 'نوع تخفیف', 'مبلغ ثابت');
  await createForm.getByRole('textbox', { name: 'مبلغ تخفیف (تومان)' }).fill('120000');
  await createForm.getByRole('textbox', { name: 'سقف کل استفاده' }).fill('۱');
  await expectAccessible(page, 'the new code dialog');
  await lookAt(page, 'discounts-create-form');
  await createForm.getByRole('button', { name: 'ثبت کد' }).click();
  const created = page.getByRole('dialog', { name: `کد تخفیف ${solo}` });
  await expect(created.getByText('۰ از ۱')).toBeVisible();
  await created.getByRole('button', { name: 'بستن' }).first().click();
  await expect(created).toBeHidden();

  // A campaign of 100 unique codes, made at once; its CSV holds them.
  await page.getByRole('button', { name: 'کمپین کدهای یکتا' }).click();
  const campaignForm = page.getByRole('form', { name: 'کمپین کدهای یکتا' });
  await campaignForm.getByRole('textbox', { name: 'نام کمپین' }).fill('جشنواره آزمون پاییز');
  await campaignForm.getByRole('textbox', { name: 'پیشوند کدها' }).fill(prefix.toLowerCase());
  await campaignForm.getByRole('textbox', { name: 'تعداد کدها' }).fill('۱۰۰');
  await campaignForm.getByRole('textbox', { name: 'درصد تخفیف' }).fill('۱۵');
  await campaignForm.getByRole('textbox', { name: 'سقف تخفیف (تومان، اختیاری)' }).fill('100000');
  await expectAccessible(page, 'the campaign dialog');
  await lookAt(page, 'discounts-campaign-form');
  await campaignForm.getByRole('button', { name: 'ساخت کدها' }).click();
  const progress = page.getByRole('dialog', { name: 'کمپین «جشنواره آزمون پاییز»' });
  await expect(progress.getByRole('status')).toHaveText('هر ۱۰۰ کد یکتا ساخته شد.');
  await lookAt(page, 'discounts-campaign-done');
  const download = page.waitForEvent('download');
  await progress.getByRole('button', { name: 'دریافت CSV کدها' }).click();
  const file = await readFile((await (await download).path())!, 'utf8');
  const lines = file.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toBe('کد تخفیف');
  const codes = lines.slice(1);
  expect(codes).toHaveLength(100);
  expect(new Set(codes).size).toBe(100);
  for (const code of codes) expect(code).toMatch(new RegExp(`^${prefix}[ACDEFGHJKMNPQRTUVWXY34679]{8}$`));
  // Its codes in the list, the campaign above them with its CSV.
  await progress.getByRole('button', { name: 'نمایش کدها در فهرست' }).click();
  await expect(page).toHaveURL(/campaign=\d+/);
  await expect(page.getByText('۱۰۰ مورد')).toBeVisible();
  await expect(page.getByRole('region', { name: 'کمپین‌ها' })).toContainText(`کمپین «جشنواره آزمون پاییز» — پیشوند ${prefix}`);
  await expectAccessible(page, 'the list of one campaign');
  await lookAt(page, 'discounts-campaign-list');

  // Check one of its codes: refused for another service, accepted for an inspection with its discount.
  await page.getByRole('button', { name: 'بررسی کد' }).click();
  const checkForm = page.getByRole('form', { name: 'بررسی کد تخفیف برای یک سفارش' });
  await checkForm.getByRole('textbox', { name: 'کد تخفیف' }).fill(codes[0]!);
  await checkForm.getByRole('textbox', { name: 'مبلغ سفارش (تومان)' }).fill('890000');
  await checkForm.getByRole('combobox', { name: 'خدمت' }).click();
  await page.getByRole('option', { name: 'لیزینگ', exact: true }).click();
  await checkForm.getByRole('button', { name: 'بررسی' }).click();
  await expect(checkForm.getByRole('status', { name: 'نتیجه بررسی' })).toHaveText('این کد تخفیف برای این خدمت معتبر نیست.');
  await checkForm.getByRole('combobox', { name: 'خدمت' }).click();
  await page.getByRole('option', { name: 'کارشناسی خودرو', exact: true }).click();
  await checkForm.getByRole('button', { name: 'بررسی' }).click();
  await expect(checkForm.getByRole('status', { name: 'نتیجه بررسی' })).toContainText('این کد تخفیف برای این سفارش معتبر است.');
  await expect(checkForm.getByRole('status', { name: 'نتیجه بررسی' })).toContainText('تخفیف ۱۵٪ تا ۱۰۰٬۰۰۰ تومان: ۱۰۰٬۰۰۰ تومان — مبلغ قابل پرداخت ۷۹۰٬۰۰۰ تومان');
  await expectAccessible(page, 'the check dialog');
  await lookAt(page, 'discounts-check');
  await checkForm.getByRole('button', { name: 'انصراف' }).click();

  // Two staff record a use of the single-use code at once: one wins, the other is refused in Persian.
  const other = await signedInPage(browser, { width: 1366, height: 768 }, 'staff2');
  const openCode = async (p: typeof page) => {
    await p.goto(`/panel/discount?search=${solo}`);
    await p.getByRole('row', { name: new RegExp(solo) }).click();
    const drawer = p.getByRole('dialog', { name: `کد تخفیف ${solo}` });
    const form = drawer.getByRole('form', { name: 'ثبت استفاده از کد' });
    await form.getByRole('textbox', { name: 'تلفن همراه مشتری' }).fill(p === page ? '09121112233' : '09124445566');
    await form.getByRole('textbox', { name: 'مبلغ سفارش (تومان)' }).fill('650000');
    return { drawer, submit: form.getByRole('button', { name: 'ثبت استفاده' }) };
  };
  const mine = await openCode(page);
  const theirs = await openCode(other);
  await expectAccessible(page, 'the code drawer');
  await lookAt(page, 'discounts-drawer');
  await Promise.all([mine.submit.click(), theirs.submit.click()]);
  const outcome = async (p: typeof page) =>
    Promise.race([
      p.getByText(/استفاده از کد تخفیف ثبت شد/).first().waitFor().then(() => 'won' as const),
      p.getByText('ظرفیت استفاده از این کد تخفیف تکمیل شده است.').first().waitFor().then(() => 'refused' as const),
    ]);
  expect([await outcome(page), await outcome(other)].sort()).toEqual(['refused', 'won']);
  await other.context().close();
  await page.reload();
  await page.getByRole('row', { name: new RegExp(solo) }).click();
  const drawer = page.getByRole('dialog', { name: `کد تخفیف ${solo}` });
  await expect(drawer.getByText('۱ از ۱')).toBeVisible();

  // Deactivated for good, with a reason: no button is left.
  await drawer.getByRole('button', { name: 'غیرفعال‌سازی' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'غیرفعال‌سازی' });
  await confirm.getByRole('textbox', { name: 'دلیل غیرفعال‌سازی' }).fill('سهمیه این کد تمام شد.');
  await expectAccessible(page, 'the deactivate dialog');
  await confirm.getByRole('button', { name: 'غیرفعال‌سازی' }).click();
  await expect(page.getByText('کد تخفیف غیرفعال شد.').first()).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'توقف موقت' })).toHaveCount(0);
  await expect(drawer.getByText('سهمیه این کد تمام شد.')).toBeVisible();
  await lookAt(page, 'discounts-deactivated');
});
