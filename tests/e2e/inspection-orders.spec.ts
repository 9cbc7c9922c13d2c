import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits } from '../support/digits';
import { signIn, signedInPage } from '../support/auth';
import { fillShirazRequest } from '../support/phone-request';

const LIST = '/panel/inspection/orders';
const table = (page: Page) => page.getByRole('table', { name: 'سفارش‌ها' });
const dataRows = (page: Page) => table(page).locator('tbody tr');

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('shows the loading text, then orders, and the empty text when nothing matches', async ({ page }) => {
  // Hold the list answer back until the loading state has been seen on screen.
  let release!: () => void;
  const seen = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/trpc\/[^?]*inspectionOrders\.list/, async (route) => {
    await seen;
    await route.continue();
  });
  await page.goto(LIST);
  await expect(table(page).getByText('در حال بارگذاری...')).toBeVisible();
  release();
  await expect(dataRows(page)).toHaveCount(20);
  await expectPersianDigits(page, 'the order list');
  await page.unroute(/\/trpc\/[^?]*inspectionOrders\.list/);

  await page.goto(`${LIST}?search=${encodeURIComponent('نامی که نیست')}`);
  await expect(table(page).getByText('متأسفانه سفارشی یافت نشد!')).toBeVisible();
});

test('filters round-trip through the address: typed, reloaded, back and forward, shared', async ({ page, context }) => {
  await page.goto(LIST);
  await expect(dataRows(page)).toHaveCount(20);

  await page.getByRole('combobox', { name: 'شهر' }).click();
  await page.getByRole('option', { name: 'کرج' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/[?&]cities=2(&|$)/);

  await page.getByRole('textbox', { name: 'جستجو' }).fill('۰۹');
  await page.getByRole('textbox', { name: 'جستجو' }).press('Enter');
  await expect(page).toHaveURL(/[?&]search=09(&|$)/);
  await expect(table(page).locator('tbody tr').first()).toContainText('کرج');
  for (const city of await dataRows(page).locator('td:nth-child(5)').allTextContents()) expect(city).toBe('کرج');

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'جستجو' })).toHaveValue('۰۹');
  await expect(page.getByRole('combobox', { name: 'شهر' })).toContainText('کرج');
  await expectPersianDigits(page, 'the order list, filtered');

  await page.goBack();
  await expect(page).toHaveURL(/[?&]cities=2(&|$)/);
  await expect(page).not.toHaveURL(/search=/);
  await expect(page.getByRole('textbox', { name: 'جستجو' })).toHaveValue('');
  await page.goForward();
  await expect(page.getByRole('textbox', { name: 'جستجو' })).toHaveValue('۰۹');

  // Sorting is part of the view too.
  await page.getByRole('button', { name: /قیمت/ }).click();
  await expect(page).toHaveURL(/sort=price/);

  // A link shared with a colleague opens the same view.
  const shared = await context.newPage();
  await shared.goto(`${LIST}?state=R&cities=1`);
  await expect(dataRows(shared).first()).toBeVisible();
  for (const state of await dataRows(shared).locator('td:nth-child(2)').allTextContents()) expect(state).toBe('درخواست جدید');
  for (const city of await dataRows(shared).locator('td:nth-child(5)').allTextContents()) expect(city).toBe('تهران');
  await expect(shared.getByRole('combobox', { name: 'وضعیت' })).toContainText('درخواست جدید');
});

test('at 1366x768 the filters are one bar; the less used ones sit behind "فیلترهای بیشتر", which counts those set', async ({ browser }) => {
  const page = await signedInPage(browser, { width: 1366, height: 768 });
  await page.goto(LIST);
  await expect(dataRows(page)).toHaveCount(20);
  const more = page.getByRole('button', { name: 'فیلترهای بیشتر' });
  const bottom = async (name: string, role: 'combobox' | 'button') => {
    const box = (await page.getByRole(role, { name, exact: true }).boundingBox())!;
    return Math.round(box.y + box.height);
  };
  expect(await bottom('شهر', 'combobox'), 'the last shown filter and the actions share one row').toBe(await bottom('خروجی CSV', 'button'));
  await expect(page.getByRole('combobox', { name: 'کنترل کیفیت' })).toBeHidden();
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('combobox', { name: 'کنترل کیفیت' }).click();
  await page.getByRole('option', { name: 'بله' }).click();
  await expect(page).toHaveURL(/[?&]qc=true(&|$)/);
  await expectAccessible(page, 'the order list with more filters open');
  await page.reload();
  // A filter set behind the button keeps it open and counted.
  await expect(more).toContainText('۱');
  await expect(page.getByRole('combobox', { name: 'کنترل کیفیت' })).toBeVisible();
  await page.context().close();
});

test('a visit date is picked on the Jalali calendar with the keyboard alone', async ({ page }) => {
  await page.goto(LIST);
  await expect(dataRows(page)).toHaveCount(20);
  await page.getByRole('button', { name: 'تاریخ بازدید: تقویم' }).click();
  const calendar = page.getByRole('grid', { name: /^تاریخ بازدید: / });
  await expect(calendar).toBeFocused();
  await expect(calendar.getByRole('gridcell').filter({ hasText: /./ }).first()).toHaveText('۱');
  await expectAccessible(page, 'the date picker');
  // Right to left: the left arrow is the next day.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(new Date());
  const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await expect(page).toHaveURL(new RegExp(`[?&]date=${tomorrow}(&|$)`));
  await expect(page.getByRole('textbox', { name: 'تاریخ بازدید' })).toHaveValue(/^[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2}$/);
  await expect(calendar).toBeHidden();
});

test('a column choice survives a reload, and the CSV has exactly the chosen columns with a BOM', async ({ page }) => {
  await page.goto(`${LIST}?cities=2&state=R`);
  await expect(dataRows(page).first()).toBeVisible();
  await expect(table(page).getByRole('columnheader', { name: 'شماره تماس' })).toBeVisible();

  await page.getByRole('button', { name: 'ستون‌ها' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'شماره تماس' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'پشتیبان' }).click();
  await page.keyboard.press('Escape');
  await expect(table(page).getByRole('columnheader', { name: 'شماره تماس' })).toHaveCount(0);
  await expect(table(page).getByRole('columnheader', { name: 'پشتیبان' })).toBeVisible();

  await page.reload();
  await expect(dataRows(page).first()).toBeVisible();
  await expect(table(page).getByRole('columnheader', { name: 'شماره تماس' })).toHaveCount(0);
  await expect(table(page).getByRole('columnheader', { name: 'پشتیبان' })).toBeVisible();
  const headers = await table(page).getByRole('columnheader').allTextContents();
  const total = Number(
    (await page.getByText(/مورد$/).textContent())!.replace(/[^\u06F0-\u06F9]/g, '').replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0)),
  );

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'خروجی CSV' }).click();
  const file = await readFile((await (await download).path())!, 'utf8');
  expect(file.startsWith('\uFEFF')).toBe(true);
  const lines = file.slice(1).trimEnd().split('\r\n');
  // A date column is Jalali in Tehran time for staff, with the value for machines beside it (issue 28).
  const machine: Record<string, string> = { 'تاریخ بازدید': 'تاریخ بازدید (میلادی)', 'زمان ثبت': 'زمان ثبت (UTC)' };
  expect(lines[0]!.split(',')).toEqual(headers.map((h) => h.trim()).flatMap((h) => (machine[h] ? [h, machine[h]] : [h])));
  expect(lines).toHaveLength(total + 1);
  const stateColumn = lines[0]!.split(',').indexOf('وضعیت');
  const cityColumn = lines[0]!.split(',').indexOf('شهر');
  const visitColumn = lines[0]!.split(',').indexOf('تاریخ بازدید');
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    expect(cells[stateColumn]).toBe('درخواست جدید');
    expect(cells[cityColumn]).toBe('کرج');
    if (cells[visitColumn + 1]) expect(cells[visitColumn]).toMatch(/^14\d\d\/\d\d\/\d\d$/);
  }
});

test('the phone request form explains bad input in Persian, then creates an order the list shows', async ({ page }) => {
  await page.goto('/panel/inspection/orders/submit');
  const form = page.getByRole('form', { name: 'ثبت درخواست تلفنی' });
  // The staff member is on a call: one click puts the caller's number in, never by itself.
  await expect(form.getByLabel('شماره تلفن همراه')).toHaveValue('');
  await form.getByRole('button', { name: 'استفاده از شماره تماس جاری (۰۹۱۲۱۲۳۴۵۶۷)' }).click();
  await expect(form.getByLabel('شماره تلفن همراه')).toHaveValue('09121234567');
  await form.getByLabel('شماره تلفن همراه').fill('');
  await form.getByRole('button', { name: 'ثبت سفارش' }).click();
  for (const message of ['نام مشتری را وارد کنید', 'شماره تلفن همراه معتبر نیست', 'شهر را انتخاب کنید', 'برند و مدل خودرو را وارد کنید', 'بسته کارشناسی را انتخاب کنید', 'آدرس محل بازدید را وارد کنید']) {
    await expect(form.getByText(message)).toBeVisible();
  }

  await form.getByLabel('نام مشتری').fill('کیانا فرهادی');
  await form.getByLabel('شماره تلفن همراه').fill('۰۹۱۲۳۴');
  await form.getByRole('button', { name: 'ثبت سفارش' }).click();
  await expect(form.getByText('شماره تلفن همراه معتبر نیست')).toBeVisible();
  await expect(form.getByText('نام مشتری را وارد کنید')).toHaveCount(0);
  await expectPersianDigits(page, 'the phone request form');

  await form.getByLabel('شماره تلفن همراه').fill('۰۹۱۲ ۹۸۷ ۶۵۴۳');
  // The car comes from the catalogue: typed with Latin digits, picked by its Persian name.
  await fillShirazRequest(page, form, 'شیراز، خیابان زند، پلاک ۸');
  await form.getByRole('button', { name: 'ثبت سفارش' }).click();

  await expect(page).toHaveURL(/\/panel\/inspection\/orders\?search=\d+/);
  await expect(page.getByText(/^سفارش [۰-۹]+ ثبت شد$/)).toBeVisible();
  const row = dataRows(page).first();
  await expect(row).toContainText('کیانا فرهادی');
  await expect(row).toContainText('درخواست جدید');
  await expect(row).toContainText('۰۹۱۲۹۸۷۶۵۴۳');

  await row.click();
  await expect(page).toHaveURL(/\/panel\/inspection\/orders\/\d+$/);
  await expect(page.getByRole('heading', { name: /^سفارش [۰-۹]+$/ })).toBeVisible();
  await expect(page.getByText('شیراز، خیابان زند، پلاک ۸')).toBeVisible();
  await expect(page.getByText('تلفنی', { exact: true })).toBeVisible();
  await expect(page.getByText('پژو ۲۰۷', { exact: true })).toBeVisible();
  await expectPersianDigits(page, 'the order detail');
});

test('a signed-in user without the staff role reads the order list, as the sidebar offers it (spec §6)', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto(LIST);
  // In CI once this waited 10 s on the loading row while the list had answered in 139 ms (stop 22, not understood yet).
  await expect(dataRows(page)).toHaveCount(20, { timeout: 20_000 });
  await expect(page.getByText('شما به این بخش دسترسی ندارید.')).toHaveCount(0);
});

test('the people on an order are named, and its expert leads to their row on the visit day\'s sheet', async ({ page }) => {
  type Row = { pk: number; code: string; expert_id: number | null; expert_name: string | null; visit_date: string | null; assistant_name: string | null };
  const res = await page.request.get(`/trpc/inspectionOrders.list?input=${encodeURIComponent(JSON.stringify({ pageSize: 100, state: ['O', 'E', 'I'] }))}`, {
    headers: { 'x-panel-request': '1' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const rows = (await res.json()).result.data.results as Row[];
  const order = rows.find((r) => r.expert_id !== null && r.expert_name && r.visit_date && r.assistant_name)!;
  expect(order, 'a seeded assigned order with an expert and an assistant').toBeTruthy();

  await page.goto(`${LIST}/${order.pk}`);
  const details = page.getByRole('main');
  await expect(details.getByText(order.assistant_name!, { exact: true })).toBeVisible();
  const expert = details.getByRole('link', { name: `${order.expert_name} در میز تخصیص روز بازدید` });
  await expect(expert).toHaveText(order.expert_name!);
  await expect(details.getByText(/^[a-z]+\.[a-z]+$/)).toHaveCount(0);
  await expectPersianDigits(page, 'the order detail with its people named');
  await expectAccessible(page, 'the order detail with its people named');

  await expert.click();
  await expect(page).toHaveURL(new RegExp(`/panel/inspection/orders/management\\?date=${order.visit_date}&q=${order.expert_id}$`));
  const grid = page.getByRole('grid', { name: 'جدول کارشناسان و شیفت‌ها' });
  await expect(grid.locator(`[role="row"][data-key="${order.expert_id}"]`)).toContainText(order.expert_name!);
});

// ---- The order's actions on its page (issue 28) ----

const H = { 'x-panel-request': '1', 'content-type': 'application/json' };

/** One tRPC mutation as the signed-in user; answers its data. */
async function mutate<T>(page: Page, procedure: string, input: object): Promise<T> {
  const res = await page.request.post(`/trpc/${procedure}`, { headers: H, data: input });
  expect(res.ok(), `${procedure}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data as T;
}

/** A fresh phone request (state R) of its own, priced from the basic package. */
const newOrder = (page: Page, customer_name: string) =>
  mutate<{ pk: number; code: string }>(page, 'inspectionOrders.create', {
    customer_name,
    phone_number: '09125550' + String(Date.now()).slice(-3),
    city_id: 1,
    brand_model: 'پژو ۲۰۶',
    package: 'کارشناسی پایه',
    visit_place: 'ونک',
  });

const orderActions = (page: Page) => page.getByRole('group', { name: 'کارها' });

test('a cancel refunded as a discount code shows the code once, with a button that copies it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const order = await newOrder(page, 'نگار صالحی');
  await page.goto(`${LIST}/${order.pk}`);
  await orderActions(page).getByRole('button', { name: 'لغو سفارش' }).click();
  const cancel = page.getByRole('alertdialog', { name: 'لغو سفارش' });
  await cancel.getByLabel('بازپرداخت').selectOption({ label: 'کد تخفیف هم‌ارزش' });
  await cancel.getByLabel('دلیل').fill('مشتری منصرف شد');
  await cancel.getByRole('button', { name: 'لغو سفارش' }).click();

  // The order moves R → F and its actions remount with the new state; the code must still be offered.
  const dialog = page.getByRole('alertdialog', { name: 'کد تخفیف بازپرداخت' });
  await expect(dialog).toBeVisible();
  const code = (await dialog.locator('[data-ltr]').textContent())!;
  expect(code).toMatch(/^RF[0-9A-F]{10}$/);
  await expectPersianDigits(page, 'the discount code dialog');
  await expectAccessible(page, 'the discount code dialog');
  await dialog.getByRole('button', { name: 'کپی کد' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: `کد تخفیف ${code} کپی شد` })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await dialog.getByRole('button', { name: 'متوجه شدم' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('main').getByText(code, { exact: true }).first()).toBeVisible();
});

test('a held order offers only what its hold allows, and a confirmation refused by the server closes', async ({ page }) => {
  const order = await newOrder(page, 'کاوه نادری');
  await page.goto(`${LIST}/${order.pk}`);
  const actions = orderActions(page);
  await expect(actions.getByRole('button', { name: 'ارسال به پیشنهاد' })).toBeVisible();

  // Someone else holds the order while this page still offers it.
  await mutate(page, 'inspectionOrders.hold', { pk: order.pk, reason: 'مشتری فردا تماس می‌گیرد', until: new Date(Date.now() + 3_600_000).toISOString() });
  await actions.getByRole('button', { name: 'ارسال به پیشنهاد' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'ارسال به پیشنهاد' });
  await confirm.getByRole('button', { name: 'ارسال به پیشنهاد' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'این سفارش متوقف است و تا پایان توقف پیشنهاد نمی‌شود.' })).toBeVisible();
  await expect(confirm).toBeHidden();

  // The page now reads the order as held: release is offered, hold and offer are not.
  await expect(actions.getByRole('button', { name: 'ادامه سفارش' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'ارسال به پیشنهاد' })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'توقف سفارش' })).toHaveCount(0);
  await page.reload();
  await expect(actions.getByRole('button', { name: 'ادامه سفارش' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'ارسال به پیشنهاد' })).toHaveCount(0);
});

test('a reported difference is a message to the customer, and the order page shows the conversation', async ({ page }) => {
  type Row = { pk: number };
  const res = await page.request.get(`/trpc/inspectionOrders.list?input=${encodeURIComponent(JSON.stringify({ pageSize: 1, state: ['S'] }))}`, { headers: H });
  expect(res.ok(), await res.text()).toBe(true);
  const [order] = (await res.json()).result.data.results as Row[];
  expect(order, 'a seeded order whose car was inspected').toBeTruthy();
  const text = `رنگ درب جلو با گزارش نمی‌خواند (${Date.now() % 100_000})`;

  await page.goto(`${LIST}/${order!.pk}`);
  await orderActions(page).getByRole('button', { name: 'گزارش مغایرت' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'گزارش مغایرت' });
  await expect(dialog).toContainText('در گفتگوی سفارش برای مشتری فرستاده می‌شود');
  await dialog.getByLabel('متن پیام به مشتری').fill(text);
  await expectAccessible(page, 'the report differences dialog');
  await dialog.getByRole('button', { name: 'گزارش مغایرت' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'مغایرت در گفتگوی سفارش ثبت شد.' })).toBeVisible();

  const conversation = page.getByRole('region', { name: 'گفتگو با مشتری' });
  const message = conversation.getByRole('listitem').filter({ hasText: text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!) });
  await expect(message).toContainText('گفتگوی سفارش');
  await expect(message).toContainText('سارا محمدی');
  await expectPersianDigits(page, 'the order conversation');
  await expectAccessible(page, 'the order conversation');
});
