import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/auth';
import { expectAccessible } from '../support/axe';
import { bffCall as bff } from '../support/bff';
import { expectPersianDigits } from '../support/digits';
import { lookAt } from '../support/shots';

// Issue 29 part A as a user would: on the inspection admin page (turn-assign) deactivate the
// assistant whose turn is next, create an order and see it land on the next active one with the
// ledger saying why; clear an assistant's orders, look at the balance plan and apply it, and see
// the counts even out; at the QC desk claim a Q order from the queue, judge its five photos and
// approve it; at the pricing desk price a W order from the queue; a viewer may only look (the
// BFF refuses); axe scans of every screen and dialog.

interface Assistant {
  id: number;
  username: string;
  name: string;
  active: boolean;
  paused_until: string | null;
  version: number;
  open_orders: number;
  turns_away: number | null;
}

const board = (page: Page) => bff<{ results: Assistant[]; unassigned_orders: number }>(page, 'inspectionAssistants.board');
const row = (page: Page, name: string) => page.getByRole('table', { name: 'دستیاران کارشناسی' }).getByRole('row').filter({ hasText: name });

test('turn-assign: a deactivated assistant is passed over, the ledger says why; cleared orders are balanced evenly after the plan is shown', async ({ page }) => {
  test.slow();
  await signIn(page);
  // Every assistant active and back from any break, as the seed leaves them but neda.
  for (const a of (await board(page)).results) {
    if (!a.active) await bff(page, 'inspectionAssistants.activate', { id: a.id, version: a.version }, 'POST');
    else if (a.paused_until && Date.parse(a.paused_until) > Date.now()) await bff(page, 'inspectionAssistants.resume', { id: a.id, version: a.version }, 'POST');
  }

  await page.goto('/panel/inspection/assistant');
  await expect(page.getByRole('heading', { level: 1, name: 'ادمین کارشناسی' })).toBeVisible();
  for (const link of ['بسته‌های کارشناسی', 'انواع خودرو', 'نرخ‌های قیمت‌گذاری']) await expect(page.getByRole('navigation', { name: 'کاتالوگ کارشناسی' }).getByRole('link', { name: link })).toBeVisible();
  const next = (await board(page)).results.find((a) => a.turns_away === 0)!;
  await expect(row(page, next.name).getByText('نفر بعدی')).toBeVisible();
  await expectPersianDigits(page, 'turn-assign page');
  await expectAccessible(page, 'turn-assign page');
  await lookAt(page, 'turn-assign');

  // Deactivate the next in turn, through the confirmation.
  await page.getByRole('button', { name: `غیرفعال‌سازی ${next.name}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('دیگر سفارش تازه نمی‌گیرد');
  await expectAccessible(page, 'deactivate dialog');
  await dialog.getByRole('button', { name: 'غیرفعال‌سازی' }).click();
  await expect(page.getByText('دستیار غیرفعال شد.')).toBeVisible();
  await expect(row(page, next.name).getByText('غیرفعال', { exact: true })).toBeVisible();

  // A new order goes to the next active assistant, and the ledger, asked by the order's code, says why.
  const created = await bff<{ pk: number; code: string }>(page, 'inspectionOrders.create', { customer_name: 'بهاره نوبتی', phone_number: '09125550029', city_id: 1, brand_model: 'کیا سراتو', package: 'کارشناسی پایه', visit_place: 'تهران، ونک' }, 'POST');
  const ledger = page.getByRole('search', { name: 'جستجوی دفتر نوبت' });
  await ledger.getByLabel('کد سفارش').fill(created.code.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!));
  await ledger.getByRole('button', { name: 'نشان بده' }).click();
  await expect(page).toHaveURL(new RegExp(`order=${created.code}`));
  const entry = page.getByRole('table', { name: 'دفتر نوبت' }).getByRole('row').nth(1);
  await expect(entry).toContainText(`${next.name} (غیرفعال)`);
  await expect(entry).toContainText('به نوبت به');
  const [ledgerRow] = await bff<{ assistant: string }[]>(page, 'inspectionAssistants.ledger', { code: created.code, limit: 5 });
  expect(ledgerRow!.assistant).not.toBe(next.username);
  await page.getByRole('button', { name: `فعال‌سازی ${next.name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'فعال‌سازی' }).click();
  await expect(page.getByText('دستیار فعال شد.')).toBeVisible();

  // A break for the rest of the shift needs its reason; resume ends it.
  await page.getByRole('button', { name: `استراحت ${next.name}` }).click();
  const pause = page.getByRole('alertdialog');
  await pause.getByRole('button', { name: 'استراحت' }).click();
  await expect(pause.getByText('دلیل استراحت را بنویسید.')).toBeVisible();
  await pause.getByLabel('دلیل استراحت').fill('نماز و ناهار');
  await expectAccessible(page, 'pause dialog');
  await pause.getByRole('button', { name: 'استراحت' }).click();
  await expect(page.getByText('دستیار تا پایان شیفت نوبت نمی‌گیرد.')).toBeVisible();
  await expect(row(page, next.name)).toContainText('در استراحت تا');
  await expect(row(page, next.name)).toContainText('بیرون از نوبت');
  await page.getByRole('button', { name: `پایان استراحت ${next.name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'پایان استراحت' }).click();
  await expect(page.getByText('دستیار دوباره نوبت می‌گیرد.')).toBeVisible();

  // Clear the most loaded assistant's orders back to the pool: the count is shown before and after.
  const loaded = (await board(page)).results.filter((a) => a.active).sort((a, b) => b.open_orders - a.open_orders)[0]!;
  await page.getByRole('button', { name: `پاک کردن تخصیص‌ها ${loaded.name}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`سفارش باز «${loaded.name}» به صف (بدون دستیار) برمی‌گردد`);
  await page.getByRole('alertdialog').getByRole('button', { name: 'پاک کردن تخصیص‌ها' }).click();
  await expect(page.getByText(/سفارش‌های باز دستیار به صف برگشت\. \([۰-۹]+ سفارش جابه‌جا شد\.\)/)).toBeVisible();
  expect((await board(page)).unassigned_orders).toBeGreaterThan(0);
  await expect(page.getByRole('table', { name: 'سابقه تغییرهای نوبت‌دهی' }).getByRole('row').nth(1)).toContainText('پاک کردن تخصیص‌ها');

  // Balance: the plan first, then applied as shown.
  await page.getByRole('button', { name: 'متعادل‌سازی سفارش‌ها' }).click();
  const plan = page.getByRole('alertdialog', { name: 'متعادل‌سازی سفارش‌ها' });
  await expect(plan.getByRole('table', { name: 'برنامه متعادل‌سازی' }).getByRole('row').filter({ hasText: loaded.name })).toContainText('می‌گیرد');
  await expect(plan.getByRole('table', { name: 'برنامه متعادل‌سازی' }).getByRole('row').filter({ hasText: 'بدون دستیار' })).toContainText('می‌دهد');
  await expect(plan).toContainText('سفارش جابه‌جا می‌شود');
  await expectAccessible(page, 'balance plan dialog');
  await lookAt(page, 'balance-plan');
  await plan.getByRole('button', { name: 'اجرای همین برنامه' }).click();
  // Some 2,800 orders change hands in one transaction: seconds when three panels share two cores.
  await expect(page.getByText(/سفارش‌ها بین دستیاران فعال پخش شد\./)).toBeVisible({ timeout: 30_000 });
  const after = await board(page);
  const loads = after.results.filter((a) => a.active).map((a) => a.open_orders);
  expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
  expect(after.unassigned_orders).toBe(0);
  await page.getByRole('button', { name: 'متعادل‌سازی سفارش‌ها' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('سفارش‌ها از قبل متوازن‌اند.');
  await expect(page.getByRole('button', { name: 'اجرای همین برنامه' })).toBeDisabled();
});

test('a viewer sees the board with the actions disabled, and the BFF refuses them', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/panel/inspection/assistant');
  await expect(page.getByRole('table', { name: 'دستیاران کارشناسی' }).getByRole('row')).not.toHaveCount(1);
  await expect(page.getByText('تغییر نوبت‌دهی کار کارمندان پشتیبانی است؛ شما فقط می‌بینید.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'متعادل‌سازی سفارش‌ها' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^غیرفعال‌سازی / }).first()).toBeDisabled();
  await expectAccessible(page, 'turn-assign page as a viewer');
  await lookAt(page, 'turn-assign-viewer');
  const someone = (await board(page)).results[0]!;
  const refused = await page.request.post('/trpc/inspectionAssistants.deactivate', { headers: { 'x-panel-request': '1', 'content-type': 'application/json' }, data: { id: someone.id, version: someone.version } });
  expect(refused.status()).toBe(403);
  expect(JSON.stringify(await refused.json())).toContain('شما به این بخش دسترسی ندارید.');
});

test('a QC reviewer claims a Q order from the queue and approves it; a pricing assistant prices a W order from the queue', async ({ page }) => {
  test.slow();
  await signIn(page);

  // The QC desk: queue, filter, reviewers.
  await page.goto('/panel/inspection/qc-assistants?claimed=false');
  await expect(page.getByRole('heading', { level: 1, name: 'دستیاران کنترل کیفیت' })).toBeVisible();
  const queue = page.getByRole('table', { name: 'صف کنترل کیفیت' });
  await expect(queue.getByRole('row').nth(1)).toContainText('آزاد');
  await expect(page.getByRole('table', { name: 'بررسی‌کنندگان کنترل کیفیت' }).getByRole('row').filter({ hasText: 'سارا محمدی' })).toContainText('فعال');
  await expectPersianDigits(page, 'QC desk');
  await expectAccessible(page, 'QC desk');
  await lookAt(page, 'qc-desk');

  // A reviewer deactivated and back, through the confirmation.
  const reviewers = page.getByRole('table', { name: 'بررسی‌کنندگان کنترل کیفیت' });
  const other = reviewers.getByRole('row').filter({ hasText: 'علی رضایی' });
  await other.getByRole('button', { name: /^غیرفعال‌سازی/ }).click();
  await expect(page.getByRole('alertdialog')).toContainText('دیگر سفارشی از این صف برنمی‌دارد');
  await expectAccessible(page, 'reviewer deactivation dialog');
  await page.getByRole('alertdialog').getByRole('button', { name: 'غیرفعال‌سازی' }).click();
  await expect(page.getByText('بررسی‌کننده غیرفعال شد.')).toBeVisible();
  await other.getByRole('button', { name: /^فعال‌سازی/ }).click();
  await expect(page.getByText('بررسی‌کننده فعال شد.')).toBeVisible();

  // The oldest unclaimed order opens its report page; claimed there, it shows as taken in the queue.
  const code = (await queue.getByRole('row').nth(1).getByRole('cell').first().innerText()).trim();
  await queue.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/panel\/inspection\/qc-assistants\/\d+$/);
  await expect(page.getByRole('heading', { name: `کنترل کیفیت سفارش ${code}` })).toBeVisible();
  await page.getByRole('button', { name: 'برداشتن سفارش' }).click();
  await expect(page.getByText('سفارش برداشته شد.')).toBeVisible();
  const approve = page.getByRole('button', { name: /^تأیید (کنترل کیفیت|و ارسال به قیمت‌گذاری)$/ }).first();
  const approval = (await approve.innerText()).trim();

  // Refused: approval before every photo has its verdict.
  await approve.click();
  await page.getByRole('alertdialog').getByRole('button', { name: approval }).click();
  await expect(page.getByText('پیش از تأیید، برای هر پنج عکس نظر بدهید.')).toBeVisible();

  await page.goto('/panel/inspection/qc-assistants?claimed=true');
  await expect(queue.getByRole('row').filter({ hasText: code })).toContainText('سارا محمدی');
  await queue.getByRole('row').filter({ hasText: code }).click();
  for (const slot of ['نمای جلو', 'نمای عقب', 'کیلومترشمار', 'سمت راننده', 'سمت شاگرد']) {
    await page.getByRole('button', { name: `تأیید ${slot}` }).click();
  }
  await expectAccessible(page, 'QC report page');
  await lookAt(page, 'qc-report');
  await approve.click();
  await page.getByRole('alertdialog').getByRole('button', { name: approval }).click();
  await expect(page.getByText('کنترل کیفیت تأیید شد.')).toBeVisible();
  await expect(page.getByText(approval === 'تأیید کنترل کیفیت' ? 'انجام شده' : 'در انتظار قیمتگذاری').first()).toBeVisible();

  // The pricing desk: the oldest unclaimed W order from the queue, priced and done.
  await page.goto('/panel/inspection/pricing-assistants?claimed=false');
  await expect(page.getByRole('heading', { level: 1, name: 'دستیاران قیمت‌گذاری' })).toBeVisible();
  const pricingQueue = page.getByRole('table', { name: 'صف قیمت‌گذاری' });
  await expect(pricingQueue.getByRole('row').nth(1)).toContainText('آزاد');
  await expectAccessible(page, 'pricing desk');
  await lookAt(page, 'pricing-desk-queue');
  await pricingQueue.getByRole('row').nth(1).click();
  await expect(page.getByRole('heading', { name: /^قیمت‌گذاری سفارش/ })).toBeVisible();
  await page.getByRole('button', { name: 'برداشتن سفارش' }).click();
  await page.getByLabel('کمترین قیمت (تومان)').fill('۸۰۰۰۰۰۰۰۰');
  await page.getByLabel('بیشترین قیمت (تومان)').fill('۹۲۰۰۰۰۰۰۰');
  await expectAccessible(page, 'pricing desk page');
  await lookAt(page, 'pricing-desk');
  await page.getByRole('button', { name: 'ثبت بازه قیمت' }).click();
  await expect(page.getByText('بازه قیمت ثبت شد و سفارش انجام شد.')).toBeVisible();
  await expect(page.getByText('انجام شده').first()).toBeVisible();
});
