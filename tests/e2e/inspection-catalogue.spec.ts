import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits } from '../support/digits';
import { signIn } from '../support/auth';

// The inspection catalogue (issue 29 part B, decisions 099 and 100): from the rates list a
// supervisor weighs a pricing rate for a city with the what-if, adds it, and a new order there is
// priced by it, with its breakdown on the order's page; the same rate again is refused in
// Persian; then it is deleted from the list (with confirmation), which also leaves the panel as
// the spec found it. The packages list filters and opens packages and adds one not on sale; the
// vehicle list adds, renames and deactivates a kind, and keeps the cars' kind active.

const H = { 'x-panel-request': '1', 'content-type': 'application/json' };
const CITY = { id: 103, name: 'اسلامشهر' };

async function mutate<T>(page: Page, procedure: string, input: object): Promise<T> {
  const res = await page.request.post(`/trpc/${procedure}`, { headers: H, data: input });
  expect(res.ok(), `${procedure}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data as T;
}

/** Today in Tehran, as a person types it: ۱۴۰۵/۰۹/۰۴. */
function jalaliToday(): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', { timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}/${parts.month}/${parts.day}`.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
}

/** A name part of this run, in Persian digits as the lists show them. */
const persianStamp = () => String(Date.now()).slice(-6).replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));

async function fillRate(page: Page) {
  const form = page.getByRole('form', { name: 'افزودن نرخ قیمت‌گذاری' });
  await form.getByRole('combobox', { name: 'شرط قیمت‌گذاری' }).click();
  await page.getByRole('option', { name: 'ترافیک' }).click();
  await form.getByRole('textbox', { name: 'ضریب' }).fill('۱٫۲۵');
  await form.getByRole('combobox', { name: 'شهر' }).click();
  await page.getByRole('option', { name: CITY.name }).click();
  for (const label of ['از تاریخ', 'تا تاریخ']) {
    await form.getByRole('textbox', { name: label }).fill(jalaliToday());
    await form.getByRole('textbox', { name: label }).press('Tab');
  }
  return form;
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'supervisor');
});

test('from the rates list, a rate added for a city prices a new order there, explained; an overlapping one is refused; deleting it from the list asks first', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/panel/inspection/pricing-rates');
  await expect(page.getByRole('heading', { name: 'نرخ‌های قیمت‌گذاری' })).toBeVisible();
  // The demo's rates, their dates in Jalali.
  const table = page.getByRole('table', { name: 'نرخ‌های قیمت‌گذاری' });
  await expect(table.getByRole('row').filter({ hasText: 'تعطیلات نوروز' })).toContainText(/۱۴[۰-۹]{2}\/۰۱\/۱۳/);
  await expectPersianDigits(page, 'the rates list');
  await expectAccessible(page, 'the rates list');
  await page.getByRole('button', { name: 'افزودن نرخ' }).click();
  await expect(page.getByRole('heading', { name: 'نرخ قیمت‌گذاری تازه' })).toBeVisible();
  const form = await fillRate(page);
  // Before it goes live: the last 30 days replayed with it.
  await page.getByRole('button', { name: 'محاسبه اثر روی ۳۰ روز گذشته' }).click();
  await expect(page.getByRole('region', { name: 'اثر نرخ پیش از ثبت' })).toContainText(/با این نرخ، قیمت [۰-۹]+ سفارش از [۰-۹]+ سفارش ۳۰ روز گذشته/);
  await expectPersianDigits(page, 'the rate editor');
  await expectAccessible(page, 'the rate editor');
  await form.getByRole('button', { name: 'افزودن نرخ' }).click();
  await expect(page.getByText('نرخ قیمت‌گذاری افزوده شد.')).toBeVisible();
  await expect(page).toHaveURL(/\/panel\/inspection\/pricing-rates\/\d+$/);
  const rateId = Number(/(\d+)$/.exec(page.url())![1]);

  // The phone request form quotes the city's price with the rate, before anything is sent.
  await page.goto('/panel/inspection/orders/submit');
  const submit = page.getByRole('form', { name: 'ثبت درخواست تلفنی' });
  await submit.getByRole('combobox', { name: 'شهر' }).click();
  await page.getByRole('option', { name: CITY.name }).click();
  await submit.getByRole('combobox', { name: 'بسته کارشناسی' }).click();
  await page.getByRole('option', { name: /^کارشناسی پایه/ }).click();
  await expect(submit.getByText(/^قیمت: ۸۱۳٬۰۰۰ تومان — کارشناسی پایه ۶۵۰٬۰۰۰ تومان × ترافیک ×۱٫۲۵ = ۸۱۳٬۰۰۰ تومان$/)).toBeVisible();

  // A new order there is priced by it, and its page shows how.
  const order = await mutate<{ pk: number }>(page, 'inspectionOrders.create', {
    customer_name: 'آرمان سلیمی',
    phone_number: '09125551' + String(Date.now()).slice(-3),
    city_id: CITY.id,
    brand_model: 'پژو ۲۰۶',
    package: 'کارشناسی پایه',
    visit_place: 'اسلامشهر، خیابان امام',
  });
  await page.goto(`/panel/inspection/orders/${order.pk}`);
  const breakdown = page.getByRole('region', { name: 'ریز محاسبه قیمت' });
  await expect(breakdown).toContainText('کارشناسی پایه ۶۵۰٬۰۰۰ تومان × ترافیک ×۱٫۲۵ = ۸۱۳٬۰۰۰ تومان');
  await expect(breakdown).toContainText('ترافیک ×۱٫۲۵ (+۲۵٪) — نرخ همین شهر');
  await expectPersianDigits(page, 'the order page with its price breakdown');

  // The same rate again overlaps it: refused in Persian, nothing added.
  await page.goto('/panel/inspection/pricing-rates');
  await page.getByRole('button', { name: 'افزودن نرخ' }).click();
  await (await fillRate(page)).getByRole('button', { name: 'افزودن نرخ' }).click();
  await expect(page.getByText(/برای همین شرط، شهر و بسته در این بازه تاریخ نرخ دیگری هست/)).toBeVisible();
  await expect(page).toHaveURL(/\/pricing-rates\/new$/);

  // The city's traffic rates, in the list; deleting asks first.
  await page.goto(`/panel/inspection/pricing-rates?condition=traffic&city=${CITY.id}`);
  const row = table.getByRole('row').filter({ hasText: CITY.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('×۱٫۲۵ (+۲۵٪)');
  await row.getByRole('button', { name: `حذف نرخ ${rateId.toLocaleString('fa-IR', { useGrouping: false })}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'حذف نرخ قیمت‌گذاری' });
  await expect(confirm).toContainText(`نرخ ترافیک در ${CITY.name} برای همه بسته‌ها حذف شود؟`);
  await expectAccessible(page, 'the delete confirmation');
  await confirm.getByRole('button', { name: 'حذف نرخ' }).click();
  await expect(page.getByText('نرخ قیمت‌گذاری حذف شد.')).toBeVisible();
  await expect(table.getByText('نرخی با این فیلترها نیست.')).toBeVisible();
});

test('the packages list filters by inspection type and opens a package; a supervisor adds a package not on sale', async ({ page }) => {
  await page.goto('/panel/inspection/packages');
  const table = page.getByRole('table', { name: 'بسته‌های کارشناسی' });
  await expect(table.getByRole('row').filter({ hasText: 'کارشناسی پایه' })).toContainText('۶۵۰٬۰۰۰');
  await expect(table.getByRole('row').filter({ hasText: 'کارشناسی پایه' })).toContainText('۴۵ دقیقه');
  await expectPersianDigits(page, 'the packages list');
  await expectAccessible(page, 'the packages list');
  await page.getByRole('combobox', { name: 'نوع کارشناسی' }).click();
  await page.getByRole('option', { name: 'کارشناس استخدامی' }).click();
  await expect(page).toHaveURL(/type=employed/);
  await expect(table.getByRole('row').filter({ hasText: 'کارشناسی جامع' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'کارشناسی پایه' })).toHaveCount(0);
  await table.getByRole('row').filter({ hasText: 'کارشناسی جامع' }).click();
  await expect(page.getByRole('form', { name: 'به‌روزرسانی بسته کارشناسی' }).getByRole('textbox', { name: 'نام بسته' })).toHaveValue('کارشناسی جامع');

  await page.goto('/panel/inspection/packages');
  await page.getByRole('button', { name: 'بسته تازه' }).click();
  const form = page.getByRole('form', { name: 'افزودن بسته کارشناسی' });
  const name = `بسته آزمون ${persianStamp()}`;
  await form.getByRole('textbox', { name: 'نام بسته' }).fill(name);
  await form.getByRole('combobox', { name: 'نوع خودرو' }).click();
  await page.getByRole('option', { name: 'سواری' }).click();
  await form.getByRole('textbox', { name: 'قیمت پایه (تومان)' }).fill('۸۰۰۰۰۰');
  await form.getByRole('textbox', { name: 'زمان خدمت (دقیقه)' }).fill('۵۰');
  // Not on sale, so no order form offers it.
  await form.getByText('در حال فروش').click();
  await expectAccessible(page, 'the new package form');
  await form.getByRole('button', { name: 'افزودن بسته' }).click();
  await expect(page.getByText('بسته کارشناسی ذخیره شد.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `بسته ${name}` })).toBeVisible();
  await page.goto('/panel/inspection/packages?onSale=false');
  await expect(table.getByRole('row').filter({ hasText: name })).toContainText('۸۰۰٬۰۰۰');
});

test('the vehicle list: a supervisor adds and renames a kind; a kind with packages on sale stays active, said in Persian', async ({ page }) => {
  await page.goto('/panel/inspection/vehicles');
  const table = page.getByRole('table', { name: 'انواع خودرو' });
  await expect(table.getByRole('row').filter({ hasText: 'سواری' })).toContainText('فعال');
  await expectPersianDigits(page, 'the vehicle list');
  await expectAccessible(page, 'the vehicle list');
  const name = `موتور آزمون ${persianStamp()}`;
  await page.getByRole('button', { name: 'افزودن نوع خودرو' }).click();
  const add = page.getByRole('dialog', { name: 'افزودن نوع خودرو' });
  await add.getByRole('textbox', { name: 'نام نوع خودرو' }).fill(name);
  await expectAccessible(page, 'the add vehicle kind dialog');
  await add.getByRole('button', { name: 'افزودن' }).click();
  await expect(page.getByText('نوع خودرو ذخیره شد.')).toBeVisible();
  await table.getByRole('row').filter({ hasText: name }).click();
  const edit = page.getByRole('dialog', { name: 'ویرایش نوع خودرو' });
  await edit.getByRole('textbox', { name: 'نام نوع خودرو' }).fill(`${name} (سنگین)`);
  await edit.getByText('فعال (بسته‌ها می‌توانند برای آن باشند)').click();
  await edit.getByRole('button', { name: 'ذخیره' }).click();
  await expect(table.getByRole('row').filter({ hasText: `${name} (سنگین)` })).toContainText('غیرفعال');

  // The cars' kind has the packages on sale: it is not deactivated.
  await table.getByRole('row').filter({ hasText: /^سواری/ }).click();
  const cars = page.getByRole('dialog', { name: 'ویرایش نوع خودرو' });
  await expectAccessible(page, 'the edit vehicle kind dialog');
  await cars.getByText('فعال (بسته‌ها می‌توانند برای آن باشند)').click();
  await cars.getByRole('button', { name: 'ذخیره' }).click();
  await expect(page.getByText('بسته‌های فعالی برای این نوع خودرو هست؛ اول آن‌ها را تغییر دهید')).toBeVisible();
  await expect(cars.getByRole('textbox', { name: 'نام نوع خودرو' })).toHaveValue('سواری');
});

test('a supervisor updates a package; the change is in its history; a bad service time is explained in Persian', async ({ page }) => {
  await page.goto('/panel/inspection/packages/2');
  const form = page.getByRole('form', { name: 'به‌روزرسانی بسته کارشناسی' });
  await expect(form.getByRole('textbox', { name: 'نام بسته' })).toHaveValue('کارشناسی استاندارد');
  await expect(form.getByRole('group', { name: 'شهرهای فروش' }).getByRole('checkbox')).toHaveCount(12);
  await expectPersianDigits(page, 'the package editor');
  await expectAccessible(page, 'the package editor');
  await form.getByRole('textbox', { name: 'زمان خدمت (دقیقه)' }).fill('۵');
  await form.getByRole('button', { name: 'به‌روزرسانی بسته' }).click();
  await expect(form.getByText('زمان خدمت را به دقیقه وارد کنید (از ۱۵ تا ۴۸۰)')).toBeVisible();
  await form.getByRole('textbox', { name: 'زمان خدمت (دقیقه)' }).fill('۷۰');
  await form.getByRole('button', { name: 'به‌روزرسانی بسته' }).click();
  await expect(page.getByText('بسته کارشناسی ذخیره شد.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'تاریخچه بسته' }).locator('..')).toContainText('به‌روزرسانی بسته');
});
