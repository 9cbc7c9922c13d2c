import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits } from '../support/digits';
import { signIn, signedInPage } from '../support/auth';
import { lookAt } from '../support/shots';
import { seeToast } from '../support/toast';

// Inspection report schemas (issue 32, decisions 109 and 110): staff build a schema of two
// sections with a photo field (refused first for the photo's missing slot, and for a slug another
// schema has), reorder a field by keyboard, preview the expert's form, save it, activate it for
// light cars, customise it for one brand-model, change the master and sync the change into the
// customised one through the conflict it raises. The spec acts only on the schema it makes.

const section = (page: Page, title: string) => page.getByRole('region', { name: `بخش ${title}` });

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('staff build, preview, save, activate, customise and sync a schema', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const slug = `e2e-${Date.now().toString(36)}`;
  // The page's own clock, flowing as the real one does, so the presence heartbeat below (every
  // 15 s) can be brought forward instead of waited for.
  await page.clock.install();
  await page.goto('/panel/inspection/schema/add');
  await expect(page.getByRole('heading', { level: 1, name: 'افزودن اسکیما' })).toBeVisible();
  await page.getByRole('textbox', { name: 'نام اسکیما' }).fill('اسکیمای آزمون سواری');
  await page.getByRole('textbox', { name: 'شناسه (slug)' }).fill('light-car-standard');

  // The first section and its field come with the new schema.
  await page.getByRole('textbox', { name: 'عنوان بخش' }).fill('بدنه');
  const body = section(page, 'بدنه');
  await body.getByRole('textbox', { name: 'عنوان فیلد' }).fill('رنگ بدنه');
  await body.getByRole('button', { name: 'افزودن فیلد به بدنه' }).click();
  await body.getByRole('textbox', { name: 'عنوان فیلد' }).nth(1).fill('کاپوت');
  // Keyboard reorder: Space picks the handle up, the arrow moves it, Space puts it down.
  const handle = body.getByRole('button', { name: 'جابجایی فیلد کاپوت' });
  await handle.focus();
  // Each step waits for the handle to be held and for what the screen reader is told (in Persian).
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('روی جای ۱.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('در جای ۱ گذاشته شد.')).toBeAttached();
  await expect(body.getByRole('textbox', { name: 'عنوان فیلد' }).first()).toHaveValue('کاپوت');

  await page.getByRole('button', { name: 'افزودن بخش' }).click();
  await page.getByRole('textbox', { name: 'عنوان بخش' }).nth(1).fill('عکس‌ها');
  const photos = section(page, 'عکس‌ها');
  await photos.getByRole('button', { name: 'افزودن فیلد به عکس‌ها' }).click();
  await photos.getByRole('textbox', { name: 'عنوان فیلد' }).fill('عکس جلو');
  await photos.getByRole('combobox', { name: 'نوع فیلد عکس جلو' }).selectOption('photo');

  // Refused: the photo field has no slot (the contract's check names the section and field).
  await page.getByRole('button', { name: 'ساخت اسکیما' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'بخش «عکس‌ها»، فیلد «عکس جلو»: جایگاه عکس را انتخاب کنید' }).first()).toBeVisible();
  await expectAccessible(page, 'the schema editor with a refused field');
  await lookAt(page, 'schema-add-refused');
  await photos.getByRole('combobox', { name: 'جایگاه عکس عکس جلو' }).selectOption('front');
  // Refused by the gateway: the slug belongs to the demo's light-car schema; nothing is made.
  await page.getByRole('button', { name: 'ساخت اسکیما' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'این شناسه (slug) را اسکیمای دیگری دارد.' })).toBeVisible();
  await expect(page).toHaveURL(/\/schema\/add$/);
  await page.getByRole('textbox', { name: 'شناسه (slug)' }).fill(slug);

  // Preview: the form an expert fills, right to left.
  await page.getByRole('tab', { name: 'پیش‌نمایش' }).click();
  const preview = page.getByRole('form', { name: 'پیش‌نمایش فرم کارشناس' });
  await expect(preview.getByRole('heading', { level: 3 })).toHaveText(['بدنه', 'عکس‌ها']);
  await expect(preview.getByText('۲ بخش، ۳ فیلد')).toBeVisible();
  await expect(preview.getByRole('group', { name: /کاپوت/ }).getByRole('radio', { name: 'سالم' })).toBeVisible();
  await expect(preview.getByText('عکس «نمای جلو»')).toBeVisible();
  await expect(preview).toHaveAttribute('dir', 'rtl');
  await expectAccessible(page, 'the preview');
  await expectPersianDigits(page, 'the preview');
  await lookAt(page, 'schema-preview');

  await page.getByRole('button', { name: 'ساخت اسکیما' }).click();
  await seeToast(page, 'اسکیما ساخته شد (نسخه ۱).');
  await expect(page).toHaveURL(/\/panel\/inspection\/schema\/\d+$/);
  const editorUrl = new URL(page.url()).pathname;
  const id = editorUrl.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: 'اسکیمای آزمون سواری (نسخه ۱)' })).toBeVisible();

  // Activate it for light cars (the demo's light-car schema steps down).
  await page.getByRole('button', { name: 'فعال‌سازی' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'فعال‌سازی' });
  await expectAccessible(page, 'the activation confirmation');
  await confirm.getByRole('button', { name: 'فعال‌سازی' }).click();
  await seeToast(page, 'اسکیما برای «خودروی سبک» فعال شد.');
  await expect(page.getByRole('region', { name: 'فعال بودن برای هر نوع خودرو' }).getByText('فعال', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the schema editor');
  await expectPersianDigits(page, 'the schema editor');
  await lookAt(page, 'schema-edit');

  // A second editor opening the same schema is told who else has it open, and so is the first.
  const other = await signedInPage(browser, { width: 1366, height: 768 }, 'staff2');
  try {
    await other.goto(editorUrl);
    await expect(other.getByRole('status').filter({ hasText: 'سارا محمدی هم این اسکیما را در ویرایشگر باز کرده است.' })).toBeVisible();
    await expectAccessible(other, 'the editor with another editor present');
    // The first editor hears of the second at its next heartbeat: 15 s on, in a moment.
    await page.clock.fastForward(15_000);
    await expect(page.getByRole('status').filter({ hasText: 'علی رضایی هم این اسکیما را در ویرایشگر باز کرده است.' })).toBeVisible();
  } finally {
    await other.context().close();
  }

  // The list, active by default, shows it.
  await page.goto('/panel/inspection/schema');
  await expect(page.getByRole('heading', { level: 1, name: 'اسکیماهای کارشناسی' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: slug })).toContainText('فعال برای خودروی سبک');
  await expectAccessible(page, 'the schema list');
  await expectPersianDigits(page, 'the schema list');
  await lookAt(page, 'schema-list');
  await page.getByRole('button', { name: 'اسکیمای فعال انواع خودرو' }).click();
  const vehicles = page.getByRole('dialog', { name: 'اسکیمای فعال انواع خودرو' });
  await expect(vehicles.getByRole('combobox', { name: 'خودروی سبک' })).toHaveValue(id);
  await expectAccessible(page, 'the vehicle schemas dialog');
  await vehicles.getByRole('button', { name: 'انصراف' }).click();

  // Customise for one brand-model: hide the hood, add a roof field.
  await page.goto(`/panel/inspection/schema/bmt?schema=${id}`);
  await page.getByRole('combobox', { name: 'برند و مدل خودرو' }).fill('207');
  await page.getByRole('option', { name: /^پژو ۲۰۷ \(/ }).first().click();
  const custom = page.getByRole('region', { name: 'سفارشی‌سازی' });
  await custom.getByText('کاپوت (تک‌گزینه‌ای)').click();
  await custom.getByRole('textbox', { name: 'عنوان فیلد افزوده' }).first().fill('سقف');
  await custom.getByRole('button', { name: 'افزودن به این بخش' }).first().click();
  await custom.getByRole('button', { name: 'ذخیره سفارشی‌سازی' }).click();
  await seeToast(page, /سفارشی‌سازی «پژو ۲۰۷.*» ذخیره شد\./);
  const effective = page.getByRole('form', { name: /^اسکیمای نهایی برای پژو ۲۰۷/ });
  await expect(effective.getByText('سقف')).toBeVisible();
  await expect(effective.getByText('کاپوت')).toHaveCount(0);
  await expectAccessible(page, 'the brand-model customisation');
  await expectPersianDigits(page, 'the brand-model customisation');
  await lookAt(page, 'schema-bmt');
  const bmtUrl = page.url();

  // The master renames the hood (hidden in the customisation) and adds a trunk field: version 2.
  await page.goto(editorUrl);
  await section(page, 'بدنه').getByRole('textbox', { name: 'عنوان فیلد' }).first().fill('کاپوت و گلگیر');
  await section(page, 'بدنه').getByRole('button', { name: 'افزودن فیلد به بدنه' }).click();
  await section(page, 'بدنه').getByRole('textbox', { name: 'عنوان فیلد' }).nth(2).fill('صندوق عقب');
  await page.getByRole('button', { name: 'ذخیره نسخه تازه' }).click();
  const publish = page.getByRole('alertdialog', { name: 'انتشار نسخه ۲' });
  await expect(publish.getByText('«کاپوت و گلگیر» (تغییر نام): ۰ کارشناسی در جریان، ۰ گزارش پر شده')).toBeVisible();
  await expectAccessible(page, 'the impact before publishing');
  await publish.getByRole('button', { name: 'انتشار نسخه تازه' }).click();
  await seeToast(page, 'نسخه ۲ ذخیره شد.');
  await expect(page.getByRole('heading', { level: 1, name: 'اسکیمای آزمون سواری (نسخه ۲)' })).toBeVisible();

  // Sync: the addition applies by itself; the renamed hidden field is a conflict to resolve first.
  await page.goto(bmtUrl);
  await page.getByRole('button', { name: 'هم‌گامی با اسکیمای اصلی' }).click();
  const sync = page.getByRole('dialog', { name: 'هم‌گامی با نسخه ۲ اسکیمای اصلی' });
  await expect(sync.getByText('«صندوق عقب»: افزوده در اسکیمای اصلی')).toBeVisible();
  await expect(sync.getByRole('group', { name: '«کاپوت و گلگیر»' })).toBeVisible();
  await expect(sync.getByRole('button', { name: 'اعمال هم‌گامی' })).toBeDisabled();
  await expectAccessible(page, 'the sync dialog');
  await expectPersianDigits(page, 'the sync dialog');
  await lookAt(page, 'schema-sync');
  await sync.getByRole('radio', { name: 'پنهان بماند' }).check();
  await sync.getByRole('button', { name: 'اعمال هم‌گامی' }).click();
  await seeToast(page, /با نسخه ۲ اسکیمای اصلی هم‌گام شد\./);
  await expect(effective.getByText('صندوق عقب')).toBeVisible();
  await expect(effective.getByText('سقف')).toBeVisible();
  await expect(effective.getByText(/کاپوت/)).toHaveCount(0);
  await expect(page.getByText('سفارشی‌سازی روی نسخه ۲ اسکیمای اصلی.')).toBeVisible();
});
