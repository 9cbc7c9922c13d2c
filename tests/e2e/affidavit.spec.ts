import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits, toPersianDigits } from '../support/digits';
import { signIn, signedInPage } from '../support/auth';
import { lookAt } from '../support/shots';

// Affidavits (issue 31, decision 104): staff add one through the form, price it (the fee shown
// before purchase), send the payment link, purchase it from two browsers at once (one purchase,
// the other refused in Persian), send the download link, are refused closing the file before its
// checklist is complete, upload the documents (their checksums shown) and close it. The spec acts
// only on the affidavit it adds, with phones of its own.

const PDF = Buffer.from('%PDF-1.4\n% affidavit e2e\n');

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('staff add an affidavit, price it, purchase it once from two browsers, send its links and close it with its documents', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const serial = String(Date.now() % 10_000_000).padStart(7, '0');
  const buyerPhone = `0912${serial}`;
  await page.goto('/panel/affidavit/add');
  await expect(page.getByRole('heading', { level: 1, name: 'ثبت قولنامه' })).toBeVisible();
  await page.getByRole('textbox', { name: 'نام و نام خانوادگی خریدار' }).fill('کامران صالحی');
  await page.getByRole('textbox', { name: 'تلفن همراه خریدار' }).fill(buyerPhone);
  await page.getByRole('textbox', { name: 'نام و نام خانوادگی فروشنده' }).fill('شیرین نادری');
  await page.getByRole('textbox', { name: 'تلفن همراه فروشنده' }).fill(buyerPhone);
  await page.getByRole('textbox', { name: 'خودرو (برند، مدل و تیپ)' }).fill('تویوتا کرولا');
  await page.getByRole('textbox', { name: 'سال ساخت (شمسی)' }).fill('۱۳۹۶');
  await page.getByRole('combobox', { name: 'شهر' }).click();
  await page.getByRole('option', { name: 'کرج' }).click();
  await page.getByRole('textbox', { name: 'قیمت توافقی (تومان)' }).fill('1250000000');
  // The fee of the rule, before anything is saved.
  await expect(page.getByRole('status', { name: 'کارمزد قولنامه' })).toContainText('کارمزد قولنامه: ۵٬۰۰۰٬۰۰۰ تومان');
  await page.getByRole('button', { name: 'ثبت قولنامه' }).click();
  await expect(page.getByRole('form', { name: 'ثبت قولنامه' }).getByText('شماره خریدار و فروشنده نباید یکی باشد.')).toBeVisible();
  await expectAccessible(page, 'the add form with a refused field');
  await lookAt(page, 'affidavit-add');
  await page.getByRole('textbox', { name: 'تلفن همراه فروشنده' }).fill(`0935${serial}`);
  await page.getByRole('textbox', { name: 'قیمت توافقی (تومان)' }).fill('۴۵۰٬۰۰۰٬۰۰۰');
  await expect(page.getByRole('status', { name: 'کارمزد قولنامه' })).toContainText('۲٬۲۵۰٬۰۰۰ تومان');
  await page.getByRole('button', { name: 'ثبت قولنامه' }).click();
  await expect(page.getByText('قولنامه ثبت شد.')).toBeVisible();
  await expect(page).toHaveURL(/\/panel\/affidavit\/\d+$/);
  const url = new URL(page.url()).pathname;
  const id = Number(url.split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: `قولنامه ${toPersianDigits(id)} — تویوتا کرولا` })).toBeVisible();
  await expect(page.getByText('پیش‌نویس').first()).toBeVisible();

  // Edit before pricing: the same form, filled in; saving keeps it a draft.
  await page.getByRole('button', { name: 'ویرایش قولنامه' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `ویرایش قولنامه ${toPersianDigits(id)}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'نام و نام خانوادگی خریدار' })).toHaveValue('کامران صالحی');
  await page.getByRole('textbox', { name: 'قیمت توافقی (تومان)' }).fill('۴۵۰٬۰۰۰٬۰۰۰');
  await expectAccessible(page, 'the edit form');
  await lookAt(page, 'affidavit-edit');
  await page.getByRole('button', { name: 'ذخیره تغییرات' }).click();
  await expect(page.getByText('قولنامه ویرایش شد؛ کارمزد آن دوباره محاسبه شود.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${url}$`));

  // Price: the fee is kept and shown.
  await page.getByRole('button', { name: 'محاسبه کارمزد' }).click();
  await expect(page.getByText('کارمزد قولنامه محاسبه شد.')).toBeVisible();
  await expect(page.getByText('۲٬۲۵۰٬۰۰۰ تومان').first()).toBeVisible();

  // The payment link: its dialog shows the fee; the link is recorded.
  await page.getByRole('button', { name: 'ارسال لینک پرداخت' }).click();
  const payDialog = page.getByRole('alertdialog', { name: 'ارسال لینک پرداخت' });
  await expect(payDialog.getByText('کارمزد: ۲٬۲۵۰٬۰۰۰ تومان')).toBeVisible();
  await expectAccessible(page, 'the payment link dialog');
  await payDialog.getByRole('button', { name: 'ارسال لینک پرداخت' }).click();
  await expect(page.getByText('لینک پرداخت برای خریدار ثبت شد.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'لینک‌های ارسال‌شده' })).toContainText(`لینک پرداخت به ${toPersianDigits(Number(buyerPhone)).padStart(11, '۰')}`);

  // Two browsers purchase at once: one purchase, the other is told it is purchased already.
  const other = await signedInPage(browser, { width: 1366, height: 768 }, 'staff2');
  try {
    await other.goto(url);
    await expect(other.getByRole('button', { name: 'خرید قولنامه' })).toBeVisible();
    await page.getByRole('button', { name: 'خرید قولنامه' }).click();
    await other.getByRole('button', { name: 'خرید قولنامه' }).click();
    const mine = page.getByRole('alertdialog', { name: 'خرید قولنامه' });
    const theirs = other.getByRole('alertdialog', { name: 'خرید قولنامه' });
    await expect(mine.getByText('کارمزد: ۲٬۲۵۰٬۰۰۰ تومان')).toBeVisible();
    await expectAccessible(page, 'the purchase dialog');
    await mine.getByRole('button', { name: 'خرید قولنامه' }).click();
    await expect(page.getByText('قولنامه خریداری شد.')).toBeVisible();
    await theirs.getByRole('button', { name: 'خرید قولنامه' }).click();
    await expect(other.getByText(/در وضعیت «خریداری‌شده» است و «خرید قولنامه» برای آن ممکن نیست\./)).toBeVisible();
    await expect(other.getByRole('button', { name: 'خرید قولنامه' })).toHaveCount(0);
  } finally {
    await other.context().close();
  }

  // The download link to both sides.
  await page.getByRole('button', { name: 'ارسال لینک دانلود' }).click();
  await page.getByRole('alertdialog', { name: 'ارسال لینک دانلود' }).getByRole('button', { name: 'ارسال لینک دانلود' }).click();
  await expect(page.getByText('لینک دانلود برای خریدار و فروشنده ثبت شد.')).toBeVisible();
  await expect(page.getByText('لینک دانلود ارسال شد').first()).toBeVisible();

  // Closing the file is refused until its checklist is complete.
  await page.getByRole('button', { name: 'تکمیل پرونده' }).click();
  await page.getByRole('alertdialog', { name: 'تکمیل پرونده' }).getByRole('button', { name: 'تکمیل پرونده' }).click();
  await expect(page.getByText('برای تکمیل پرونده، مدرک «قولنامه» را بارگذاری کنید.')).toBeVisible();
  const documents = page.getByRole('region', { name: 'مدارک' });
  for (const [kind, name] of [['قولنامه', 'affidavit.pdf'], ['رسید پرداخت', 'receipt.pdf']] as const) {
    await documents.getByLabel('نوع مدرک').selectOption({ label: kind });
    await documents.getByLabel(/^فایل/).setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.concat([PDF, Buffer.from(name)]) });
    await documents.getByRole('button', { name: 'بارگذاری مدرک' }).click();
    await expect(documents.getByRole('link', { name: `باز کردن ${name}` })).toHaveAttribute('href', /^\/media\/\d+$/);
    // The form is emptied for the next document.
    await expect(documents.getByText('فایلی انتخاب نشده است.')).toBeVisible();
  }
  await expect(documents.getByRole('table', { name: 'مدارک قولنامه' })).toContainText('چکیده SHA-256');
  await expect(documents.getByLabel(/^چکیده [0-9a-f]{64}$/)).toHaveCount(2);
  await page.getByRole('button', { name: 'تکمیل پرونده' }).click();
  await page.getByRole('alertdialog', { name: 'تکمیل پرونده' }).getByRole('button', { name: 'تکمیل پرونده' }).click();
  await expect(page.getByText('پرونده قولنامه تکمیل شد.')).toBeVisible();
  await expect(page.getByText('تکمیل‌شده').first()).toBeVisible();
  // One purchase in the history.
  await expect(page.getByText(/^خرید قولنامه: کارمزد محاسبه شد ← خریداری‌شده$/)).toHaveCount(1);
  await expectPersianDigits(page, 'the affidavit detail');
  await expectAccessible(page, 'the affidavit detail');
  await lookAt(page, 'affidavit-detail');

  // The list finds it by the buyer's phone, its filters in the address.
  await page.goto(`/panel/affidavit?search=${buyerPhone}&state=done`);
  await expect(page.getByRole('heading', { level: 1, name: 'لیست قولنامه‌ها' })).toBeVisible();
  await expect(page.getByRole('row', { name: /کامران صالحی/ })).toHaveCount(1);
  await expectPersianDigits(page, 'the affidavit list');
  await expectAccessible(page, 'the affidavit list');
  await page.goto('/panel/affidavit');
  await expect(page.getByText('صفحه ۱ از')).toBeVisible();
  await lookAt(page, 'affidavit-list');
});
