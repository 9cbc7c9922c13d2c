import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits } from '../support/digits';
import { signIn } from '../support/auth';
import { chooseOption } from '../support/select';
import { lookAt } from '../support/shots';
import { seeToast } from '../support/toast';

// The vehicle catalogue (issue 33, decision 119): staff add a brand with a logo, a model with its
// logo, a type and Divar's name for it, and pick the new model in the phone request form (by its
// name and by that external name); a supervisor merges a
// duplicate model into it (a concierge sale made with the duplicate follows) and undoes the
// merge; a model whose name the brand already has is refused beside its field; the new type's car
// information: contents and options, a comment, an image and a customer's feedback published. The
// spec acts only on what it makes (names with a serial of its own).

const PNG = readFileSync(new URL('../../apps/gateway/src/media/samples/hatch-red-rear.png', import.meta.url));
const persian = (text: string) => text.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

const H = { 'x-panel-request': '1', 'content-type': 'application/json' };
async function bff<T>(page: Page, procedure: string, input: unknown, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  const res =
    method === 'GET'
      ? await page.request.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: H })
      : await page.request.post(`/trpc/${procedure}`, { headers: H, data: input });
  expect(res.ok(), `${procedure}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data as T;
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'supervisor');
});

test('staff add a brand, a model with a logo and a type, pick it in the phone request form; a supervisor merges a duplicate into it and undoes it', async ({ page }) => {
  test.setTimeout(150_000);
  const serial = String(Date.now() % 100_000).padStart(5, '0');
  const brandName = `برند آزمون ${serial}`;
  const modelName = 'مدل نمونه';
  const fullName = persian(`${brandName} ${modelName}`);

  await page.goto('/panel/brand-model-management');
  await expect(page.getByRole('heading', { level: 1, name: 'مدیریت برند و مدل' })).toBeVisible();
  await expect(page.getByText('صفحه ۱ از')).toBeVisible();
  await expectPersianDigits(page, 'the catalogue list');
  await expectAccessible(page, 'the catalogue list');
  await lookAt(page, 'catalogue-list');

  // A brand with its logo.
  await page.getByRole('button', { name: 'برندها' }).click();
  const brands = page.getByRole('dialog', { name: 'برندها' });
  const brandForm = brands.getByRole('form', { name: 'برند تازه' });
  await brandForm.getByRole('textbox', { name: 'نام فارسی برند' }).fill(brandName);
  await brandForm.getByRole('textbox', { name: 'نام لاتین برند' }).fill(`Azmoon ${serial}`);
  await brandForm.getByLabel(/^تصویر لوگو/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await brandForm.getByRole('button', { name: 'بارگذاری لوگو' }).click();
  await expect(brandForm.getByRole('img', { name: 'لوگوی برند' })).toBeVisible();
  await expectAccessible(page, 'the brands dialog');
  await lookAt(page, 'catalogue-brands');
  await brandForm.getByRole('button', { name: 'ثبت برند' }).click();
  await seeToast(page, 'برند ثبت شد.');
  await expect(brands.getByRole('row', { name: new RegExp(persian(serial)) })).toBeVisible();
  await brands.getByRole('button', { name: 'بستن' }).last().click();

  // A model of it with a logo.
  await page.getByRole('button', { name: 'مدل تازه' }).click();
  const modelForm = page.getByRole('form', { name: 'مدل تازه' });
  await chooseOption(page, 'برند', persian(brandName));
  await modelForm.getByRole('textbox', { name: 'نام فارسی مدل' }).fill(modelName);
  await modelForm.getByRole('textbox', { name: 'نام لاتین مدل' }).fill('Sample');
  await modelForm.getByRole('textbox', { name: 'سال شروع تولید' }).fill('۱۴۰۲');
  await modelForm.getByLabel(/^تصویر لوگو/).setInputFiles({ name: 'model.png', mimeType: 'image/png', buffer: PNG });
  await modelForm.getByRole('button', { name: 'بارگذاری لوگو' }).click();
  await expect(modelForm.getByRole('img', { name: 'لوگوی مدل' })).toBeVisible();
  await expectAccessible(page, 'the model dialog');
  await lookAt(page, 'catalogue-model-form');
  await modelForm.getByRole('button', { name: 'ثبت مدل' }).click();
  await seeToast(page, 'مدل ثبت شد.');

  // Its drawer opens: a type added.
  const drawer = page.getByRole('dialog', { name: `مدل ${fullName}` });
  await expect(drawer.getByRole('img', { name: `لوگوی ${fullName}` })).toBeVisible();
  const typeForm = drawer.getByRole('form', { name: 'افزودن تیپ' });
  await typeForm.getByRole('textbox', { name: 'نام تیپ' }).fill('اتوماتیک');
  await typeForm.getByRole('textbox', { name: 'از سال' }).fill('1402');
  await typeForm.getByRole('button', { name: 'افزودن تیپ' }).click();
  await seeToast(page, 'تیپ ثبت شد.');
  await expect(drawer.getByRole('table', { name: 'تیپ‌های مدل' })).toContainText('اتوماتیک');
  // Divar's spelling of the car mapped to it (the phone request's picker finds the model by it below).
  const mappingForm = drawer.getByRole('form', { name: 'افزودن نام بیرونی' });
  await mappingForm.getByRole('textbox', { name: 'نام در آن منبع' }).fill(`کارمان ${serial} دیواری`);
  await mappingForm.getByRole('button', { name: 'افزودن نام' }).click();
  await seeToast(page, 'نام بیرونی ثبت شد.');
  await expect(drawer.getByRole('region', { name: 'نام‌های بیرونی' })).toContainText(`دیوار: «کارمان ${persian(serial)} دیواری»`);
  await expectAccessible(page, 'the model drawer');
  await lookAt(page, 'catalogue-model-drawer');

  // Refused: the brand already has a model of this name; the message stands beside the field.
  await drawer.getByRole('button', { name: 'بستن' }).first().click();
  await page.getByRole('button', { name: 'مدل تازه' }).click();
  await chooseOption(page, 'برند', persian(brandName));
  await modelForm.getByRole('textbox', { name: 'نام فارسی مدل' }).fill(modelName);
  await modelForm.getByRole('textbox', { name: 'سال شروع تولید' }).fill('1402');
  await modelForm.getByRole('button', { name: 'ثبت مدل' }).click();
  await expect(modelForm.getByText('این برند مدلی با همین نام دارد.')).toBeVisible();
  await modelForm.getByRole('button', { name: 'انصراف' }).click();

  // The phone request form offers the new model.
  await page.goto('/panel/inspection/orders/submit');
  const picker = page.getByRole('combobox', { name: 'برند و مدل خودرو' });
  await picker.fill(`آزمون ${serial}`);
  await expect(page.getByRole('option', { name: new RegExp(`^${fullName} \\(`) })).toBeVisible();
  await page.getByRole('option', { name: new RegExp(`^${fullName} \\(`) }).click();
  await expect(picker).toHaveValue(new RegExp(`^${fullName}`));
  // And by the external name mapped to it.
  await picker.fill(`کارمان ${serial}`);
  await expect(page.getByRole('option', { name: new RegExp(`^${fullName} \\(`) })).toBeVisible();

  // A duplicate of it, with a concierge sale made for the duplicate (through the BFF, as the forms send them).
  const { results: found } = await bff<{ results: { model_id: number; brand_id: number }[] }>(page, 'brandModels.list', { search: `آزمون ${serial}` }, 'GET');
  const dup = await bff<{ id: number }>(page, 'brandModels.createModel', { brand_id: found[0]!.brand_id, name_fa: 'مدل نمونه دوم', year_from: 1402 });
  await bff(page, 'conciergeSale.create', {
    applicant_full_name: 'نیما آزمون', phone_number: '09120000000', city_id: 1, car_model_id: dup.id, car_brand_model_year: 1402, usage: 1000, price: '900000000', address: 'تهران، خیابان آزادی', plan: 'standard',
  });

  await page.goto(`/panel/brand-model-management?search=${encodeURIComponent(`آزمون ${serial}`)}`);
  await page.getByRole('row', { name: /مدل نمونه دوم/ }).click();
  const dupDrawer = page.getByRole('dialog', { name: `مدل ${persian(brandName)} مدل نمونه دوم` });
  await expect(dupDrawer.getByRole('region', { name: 'رکوردهای وابسته' })).toContainText('فروش‌های همراه: ۱');
  await dupDrawer.getByRole('button', { name: 'ادغام در مدل دیگر' }).click();
  const mergeDialog = page.getByRole('alertdialog', { name: 'ادغام در مدل دیگر' });
  // The target picker's label is on the screen, not only read out (issue 33).
  await expect(mergeDialog.locator('label', { hasText: 'مدل مقصد (مدلی که می‌ماند)' })).toBeVisible();
  await mergeDialog.getByRole('combobox', { name: 'مدل مقصد (مدلی که می‌ماند)' }).fill(`آزمون ${serial}`);
  await page.getByRole('option', { name: new RegExp(`^${fullName} \\(`) }).click();
  await mergeDialog.getByRole('textbox', { name: 'دلیل ادغام' }).fill('ثبت تکراری');
  await expectAccessible(page, 'the merge dialog');
  await lookAt(page, 'catalogue-merge');
  await mergeDialog.getByRole('button', { name: 'ادغام در مدل دیگر' }).click();
  await seeToast(page, /^ادغام انجام شد؛/);
  await expect(dupDrawer.getByText(`ادغام‌شده در «${fullName}»`).first()).toBeVisible();
  await expect(dupDrawer.getByRole('region', { name: 'رکوردهای وابسته' })).toContainText('رکوردی به این مدل اشاره نمی‌کند.');
  await dupDrawer.getByRole('button', { name: 'بستن' }).first().click();

  // The merges: what moved, and the undo.
  await page.getByRole('button', { name: 'ادغام‌ها' }).click();
  const merges = page.getByRole('dialog', { name: 'ادغام‌ها' });
  const row = merges.getByRole('row', { name: new RegExp(`مدل نمونه دوم`) }).first();
  await expect(row).toContainText('فروش‌های همراه: ۱');
  await expectAccessible(page, 'the merges dialog');
  await lookAt(page, 'catalogue-merges');
  await row.getByRole('button', { name: /^برگرداندن ادغام/ }).click();
  await page.getByRole('alertdialog', { name: 'برگرداندن ادغام' }).getByRole('button', { name: 'برگرداندن ادغام' }).click();
  await seeToast(page, /^ادغام برگردانده شد؛ ۱ رکورد/);
  await expect(merges).toBeHidden();
  await page.getByRole('button', { name: 'ادغام‌ها' }).click();
  await expect(row).toContainText('برگردانده‌شده');
  await page.keyboard.press('Escape');
  await expect(merges).toBeHidden();
  await page.getByRole('row', { name: /مدل نمونه دوم/ }).click();
  await expect(dupDrawer.getByRole('region', { name: 'رکوردهای وابسته' })).toContainText('فروش‌های همراه: ۱');

  // The new type's car information: its contents and options, and a comment.
  await page.goto(`/panel/car-info?search=${encodeURIComponent(`آزمون ${serial}`)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'اطلاعات خودرو' })).toBeVisible();
  const typeRow = page.getByRole('row', { name: /مدل نمونه اتوماتیک/ });
  await expect(typeRow).toBeVisible();
  await expectPersianDigits(page, 'the car info list');
  await expectAccessible(page, 'the car info list');
  await lookAt(page, 'car-info-list');
  await typeRow.click();
  await expect(page.getByRole('heading', { level: 1, name: `اطلاعات خودرو: ${fullName} — اتوماتیک` })).toBeVisible();
  const infoForm = page.getByRole('form', { name: 'توضیحات و آپشن‌ها' });
  await infoForm.getByRole('textbox', { name: 'توضیحات' }).fill('شاسی‌بلند شهری با گیربکس اتوماتیک');
  await infoForm.getByRole('textbox', { name: 'آپشن‌ها (هر آپشن در یک سطر)' }).fill('کیسه هوا\nترمز ABS\nسانروف');
  await infoForm.getByRole('button', { name: 'ذخیره اطلاعات' }).click();
  await seeToast(page, 'اطلاعات خودرو ذخیره شد.');
  const noteForm = page.getByRole('form', { name: 'ثبت نظر' });
  await noteForm.getByRole('textbox', { name: 'متن' }).fill('در کارشناسی به گیربکس دقت شود.');
  await noteForm.getByRole('button', { name: 'ثبت' }).click();
  await seeToast(page, 'یادداشت ثبت شد.');
  await expect(page.getByRole('region', { name: 'یادداشت‌ها و بازخوردها' })).toContainText('در کارشناسی به گیربکس دقت شود.');
  await expect(page.getByText('ویرایش توضیحات و آپشن‌ها')).toBeVisible();
  // An image of it through the media store, and a customer's feedback published.
  const images = page.getByRole('region', { name: 'تصاویر' });
  await images.getByLabel(/^تصویر \(JPEG/).setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await images.getByRole('button', { name: 'بارگذاری تصویر' }).click();
  await expect(images.getByRole('img', { name: 'تصویر تازه' })).toBeVisible();
  await images.getByRole('textbox', { name: 'عنوان تصویر' }).fill('نمای جلو');
  await images.getByRole('button', { name: 'افزودن تصویر' }).click();
  await seeToast(page, 'تصویر افزوده شد.');
  await expect(images.getByRole('img', { name: 'نمای جلو' })).toBeVisible();
  await chooseOption(page, 'نوع', 'بازخورد مشتری');
  await noteForm.getByRole('textbox', { name: 'نام مشتری' }).fill('مریم احمدی');
  await chooseOption(page, 'امتیاز', '۴ از ۵');
  await noteForm.getByRole('textbox', { name: 'متن' }).fill('مصرف سوخت در شهر مناسب است.');
  await noteForm.getByRole('button', { name: 'ثبت' }).click();
  await seeToast(page, 'بازخورد ثبت شد.');
  const feedback = page.getByRole('region', { name: 'یادداشت‌ها و بازخوردها' }).getByRole('listitem').filter({ hasText: 'مصرف سوخت در شهر مناسب است.' });
  await expect(feedback).toContainText('بازخورد مشتری — مریم احمدی — امتیاز ۴ از ۵ — تازه');
  await feedback.getByRole('button', { name: 'انتشار' }).click();
  await seeToast(page, 'بازخورد منتشر شد.');
  await expect(feedback).toContainText('— منتشرشده');
  await expectPersianDigits(page, 'the car info of a type');
  await expectAccessible(page, 'the car info of a type');
  await lookAt(page, 'car-info-type');
});
