import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { signIn } from '../support/auth';
import { lookAt } from '../support/shots';
import { seeToast } from '../support/toast';

// The experts (issue 31, decision 105): staff add an expert of level 3 in Karaj and see them on
// the dispatch sheet with cells of their own; open the expert's page and see their week; are
// refused a second expert with the same phone (in Persian, beside the field); edit and deactivate
// the expert with a reason, after which the sheet no longer lists them; and read the experts'
// tickets on the ticket kit. The spec acts only on the experts it adds (phones of its own).

const SHEET = '/panel/inspection/orders/management';
const fa = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(0x06f0 + Number(d)));

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('staff add a level 3 expert in Karaj, see them on the dispatch sheet and their week on their page, edit and deactivate them', async ({ page }) => {
  test.setTimeout(180_000);
  const serial = String(Date.now() % 10_000_000).padStart(7, '0');
  const phone = `0936${serial}`;
  const name = `کیان ${['آریانفر', 'بهمنی', 'پارسا', 'توانا'][Number(serial) % 4]} ${fa(serial.slice(-3))}`;

  await page.goto('/panel/experts/list');
  await expect(page.getByRole('heading', { level: 1, name: 'لیست کارشناسان' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  // Scanned once the rows and the actions are drawn (a scan during the first load saw a toolbar
  // button mid-transition, with too little contrast).
  await expect(page.getByRole('table').getByRole('row').nth(20)).toBeVisible();
  await expect(page.getByRole('button', { name: 'افزودن کارشناس' })).toBeEnabled();
  await expectAccessible(page, 'the experts list');
  await lookAt(page, 'experts-list');

  // The add dialog: an empty form is refused field by field, in Persian.
  await page.getByRole('button', { name: 'افزودن کارشناس' }).click();
  const dialog = page.getByRole('dialog', { name: 'افزودن کارشناس' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'افزودن کارشناس' }).click();
  await expect(dialog.getByText('نام کارشناس را بنویسید (دست‌کم دو حرف).')).toBeVisible();
  await expect(dialog.getByText('سطح را انتخاب کنید.')).toBeVisible();
  await expectAccessible(page, 'the add dialog with its messages');
  await lookAt(page, 'experts-add');

  await dialog.getByRole('textbox', { name: 'نام کارشناس' }).fill(name);
  await dialog.getByRole('textbox', { name: 'تلفن همراه' }).fill(fa(phone));
  await dialog.getByRole('combobox', { name: 'سطح' }).click();
  await page.getByRole('option', { name: 'سطح سه' }).click();
  await dialog.getByText('کارشناس خودرو', { exact: true }).click();
  await dialog.getByRole('combobox', { name: 'شهر' }).click();
  await page.getByRole('option', { name: 'کرج' }).click();
  await dialog.getByText('گوهردشت', { exact: true }).click();
  await dialog.getByRole('button', { name: 'افزودن کارشناس' }).click();
  await seeToast(page, 'کارشناس ثبت شد و در برگه تخصیص خانه‌های شیفت گرفت.');
  await expect(dialog).toBeHidden();

  // Found by phone in the list; its row opens the expert's page.
  await page.getByLabel('جستجو').fill(phone);
  await page.getByLabel('جستجو').press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('سطح سه');
  await expect(row).toContainText('کرج');
  await expect(row).toContainText('گوهردشت');
  await row.click();
  await expect(page).toHaveURL(/\/panel\/experts\/\d+\?/);
  const pk = Number(new URL(page.url()).pathname.split('/').pop());

  // The expert's page: profile, and the week from the sheet (today's six shifts free).
  await expect(page.getByRole('heading', { level: 1, name: `${name} — سطح سه` })).toBeVisible();
  const week = page.getByRole('table', { name: 'شیفت‌های هفته' });
  await expect(week).toBeVisible();
  await expect(week.getByRole('row').nth(1).getByText('آزاد')).toHaveCount(6);
  await expect(page.getByRole('region', { name: 'پرداخت‌ها' })).toBeVisible();
  await expectAccessible(page, "the expert's page");
  await lookAt(page, 'expert-page');

  // The dispatch sheet lists the new expert, with cells of their own.
  await page.goto(`${SHEET}?q=${pk}`);
  const sheetRow = page.locator(`[role="grid"] [role="row"][data-key="${pk}"]`);
  await expect(sheetRow).toHaveCount(1);
  await expect(sheetRow.locator('[role="gridcell"]').first()).not.toBeEmpty();

  // One refused action: a second expert with the same phone, told beside the field.
  await page.goto('/panel/experts/list');
  await page.getByRole('button', { name: 'افزودن کارشناس' }).click();
  await dialog.getByRole('textbox', { name: 'نام کارشناس' }).fill('کارشناس تکراری');
  await dialog.getByRole('textbox', { name: 'تلفن همراه' }).fill(phone);
  await dialog.getByRole('combobox', { name: 'سطح' }).click();
  await page.getByRole('option', { name: 'سطح یک' }).click();
  await dialog.getByText('مکانیک خودرو', { exact: true }).click();
  await dialog.getByRole('combobox', { name: 'شهر' }).click();
  await page.getByRole('option', { name: 'کرج' }).click();
  await dialog.getByText('عظیمیه', { exact: true }).click();
  await dialog.getByRole('button', { name: 'افزودن کارشناس' }).click();
  await expect(dialog.getByText('این شماره همراه برای کارشناس دیگری ثبت شده است.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'نام کارشناس' })).toHaveValue('کارشناس تکراری');
  await dialog.getByRole('button', { name: 'انصراف' }).click();

  // Edit on the page: the same form, filled in.
  await page.goto(`/panel/experts/${pk}`);
  await page.getByRole('button', { name: 'ویرایش', exact: true }).click();
  const edit = page.getByRole('dialog', { name: `ویرایش ${name}` });
  await expect(edit.getByRole('textbox', { name: 'تلفن همراه' })).toHaveValue(phone);
  await expectAccessible(page, 'the edit dialog');
  await edit.getByRole('combobox', { name: 'سطح' }).click();
  await page.getByRole('option', { name: 'سطح چهار' }).click();
  await edit.getByRole('button', { name: 'ذخیره' }).click();
  await seeToast(page, 'اطلاعات کارشناس ذخیره شد.');
  await expect(page.getByRole('heading', { level: 1, name: `${name} — سطح چهار` })).toBeVisible();

  // Deactivate with a reason: the sheet no longer lists them.
  await page.getByRole('button', { name: 'غیرفعال کردن' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'غیرفعال کردن' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'the deactivate dialog');
  await confirm.getByRole('textbox', { name: 'دلیل غیرفعال کردن' }).fill('پایان همکاری');
  await confirm.getByRole('button', { name: 'غیرفعال کردن' }).click();
  await seeToast(page, 'کارشناس غیرفعال شد.');
  await expect(page.getByText('غیرفعال', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'فعال کردن' })).toBeVisible();
  await expect(page.getByText('پایان همکاری')).toBeVisible();
  await page.goto(`${SHEET}?q=${pk}`);
  await expect(page.getByRole('grid', { name: 'جدول کارشناسان و شیفت‌ها' }).or(page.getByTestId('expert-count'))).not.toHaveCount(0);
  await expect(page.locator(`[role="grid"] [role="row"][data-key="${pk}"]`)).toHaveCount(0);
});

test("staff read the experts' tickets on the ticket kit and open one", async ({ page }) => {
  await page.goto('/panel/experts/tickets');
  await expect(page.getByRole('heading', { level: 1, name: 'تیکت‌های کارشناسان' })).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  await expectAccessible(page, "the experts' tickets");
  await lookAt(page, 'expert-tickets');
  await rows.nth(1).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: /صفحه کارشناس/ })).toBeVisible();
  await expectAccessible(page, "an expert ticket's drawer");
  await lookAt(page, 'expert-ticket-drawer');
});
