import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/auth';
import { GATEWAY_URL, gatewayCall, gatewayToken } from '../support/gateway';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits } from '../support/digits';

// Issue 14: the order's actions on its detail page, with its history, and its offer to experts.

test('an order is held, offered to experts once released, listed among the offers, and the offer removed', async ({ page }) => {
  await signIn(page);
  await page.goto('/panel/inspection/orders?state=T');
  const orders = page.getByRole('table', { name: 'سفارش‌ها' }).locator('tbody tr');
  // The loading row is a row too: wait for the orders themselves.
  await expect(orders).toHaveCount(20, { timeout: 30_000 });
  // Each attempt (a retry, a repeat) takes an order no earlier attempt held and offered: its
  // history then holds one hold and one offer, the ones this attempt made.
  const { retry, repeatEachIndex } = test.info();
  await orders.nth(repeatEachIndex * 2 + retry).click();
  await expect(page).toHaveURL(/\/panel\/inspection\/orders\/\d+$/);
  const heading = page.getByRole('heading', { level: 1 });
  // The order's code, once the detail's heading has it: while the detail's code loads the list's
  // «لیست سفارش‌ها» is still the page's heading (the address has changed already); CI once read
  // that, and searched the offers for nothing.
  await expect(heading).toHaveText(/سفارش.*[\u06F0-\u06F9]/);
  const code = (await heading.textContent())!.replace(/[^\u06F0-\u06F9]/g, '');
  expect(code).not.toBe('');
  const actions = page.getByRole('group', { name: 'کارها' });
  const history = page.getByRole('region', { name: 'تاریخچه سفارش' });
  await expectPersianDigits(page, 'order detail');
  await expectAccessible(page, 'order detail');

  await actions.getByRole('button', { name: 'توقف سفارش' }).click();
  const holdDialog = page.getByRole('alertdialog', { name: 'توقف سفارش' });
  await holdDialog.getByRole('button', { name: 'توقف سفارش' }).click();
  await expect(holdDialog.getByText('دلیل را بنویسید.')).toBeVisible();
  await expectAccessible(page, 'hold dialog');
  await holdDialog.getByLabel('دلیل').fill('مشتری خواست فردا تماس بگیریم');
  await holdDialog.getByRole('button', { name: 'توقف سفارش' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'سفارش متوقف شد.' })).toBeVisible();
  await expect(page.getByText('مشتری خواست فردا تماس بگیریم').first()).toBeVisible();
  await expect(history.getByText('توقف سفارش')).toBeVisible();

  // A held order is not offered (the hold rule of the contracts): the button waits for the release.
  await expect(actions.getByRole('button', { name: 'ارسال به پیشنهاد' })).toHaveCount(0);

  await actions.getByRole('button', { name: 'ادامه سفارش' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'سفارش از توقف خارج شد.' })).toBeVisible();
  await actions.getByRole('button', { name: 'ارسال به پیشنهاد' }).click();
  await page.getByRole('alertdialog', { name: 'ارسال به پیشنهاد' }).getByRole('button', { name: 'ارسال به پیشنهاد' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'سفارش به پیشنهاد کارشناسان فرستاده شد.' })).toBeVisible();
  await expect(page.getByText('پیشنهاد', { exact: true }).first()).toBeVisible();
  await expect(history.getByText(/ارسال به پیشنهاد/)).toBeVisible();

  // Its open offer (a seeded order may also carry an older, expired one).
  await page.goto(`/panel/inspection/offers/list?state=open&query=${encodeURIComponent(code.replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0)))}`);
  const offers = page.getByRole('table', { name: 'پیشنهادها' });
  await expect(offers.locator('tbody tr')).toHaveCount(1, { timeout: 30_000 });
  await expect(offers.locator('tbody tr').first()).toContainText('باز');
  await expectPersianDigits(page, 'offer list');
  await expectAccessible(page, 'offer list');

  await offers.locator('tbody tr').first().click();
  await page.getByRole('group', { name: 'کارها' }).getByRole('button', { name: 'حذف پیشنهاد' }).click();
  await page.getByRole('alertdialog', { name: 'حذف پیشنهاد' }).getByRole('button', { name: 'حذف پیشنهاد' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'پیشنهاد سفارش برداشته شد.' })).toBeVisible();
  await expect(page.getByText('در انتظار تخصیص کارشناس').first()).toBeVisible();
});

// ---- Offer monitoring, live (decision 033) ----

const H = { 'x-panel-request': '1', 'content-type': 'application/json' };
const SHEET = '/panel/inspection/orders/management';
const fa = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(0x06f0 + Number(d)));

async function bff<T>(page: Page, procedure: string, input: unknown = {}): Promise<T> {
  const res = await page.request.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: H });
  expect(res.ok(), `${procedure}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data as T;
}

interface SheetCell {
  pk: number;
  expert_id: number;
  shift_id: number;
  state: number;
  inspection: unknown;
  hold: unknown;
}

test('offer monitoring shows an offer sent from the order detail and counts it down; an expert accepting it from their app takes it off, assigns the order and fills the cell on an open sheet', async ({ browser }) => {
  test.slow();
  const newPage = async (user: 'staff' | 'staff2') => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    await signIn(page, user);
    return page;
  };
  const dispatcher = await newPage('staff');
  const watcher = await newPage('staff2');

  // An order waiting for an expert the day after tomorrow, and a car expert of its city free in its shift.
  const date = (await bff<{ date: string }[]>(dispatcher, 'dispatch.dates'))[3]!.date;
  const shifts = (await bff<{ date: string; shifts: { pk: number; start: string }[] }[]>(dispatcher, 'dispatch.schedule', { date }))[0]!.shifts;
  const cells = await bff<SheetCell[]>(dispatcher, 'dispatch.cells', { date });
  const experts = await bff<{ pk: number; city: number; is_car_expert: boolean }[]>(dispatcher, 'dispatch.experts');
  const staffToken = await gatewayToken('staff', ['backoffice#staff']);
  const orders = (await gatewayCall<{ results: { pk: number; code: string; city_id: number; time_slot: string | null; brand_model: string }[] }>(dispatcher.request, staffToken, 'GET', `/api/inspection/orders?state=T&date=${date}&pageSize=100`)).results;
  const pick = (() => {
    for (const order of orders) {
      const shift = shifts.find((s) => s.start.slice(0, 2) === order.time_slot?.slice(0, 2));
      if (!shift) continue;
      for (const expert of experts.filter((e) => e.is_car_expert && e.city === order.city_id)) {
        const cell = cells.find((c) => c.expert_id === expert.pk && c.shift_id === shift.pk);
        if (cell && cell.state === 0 && !cell.inspection && !cell.hold) return { order, cell };
      }
    }
    throw new Error('no waiting order with a free car expert in the seed');
  })();
  const { order, cell } = pick;

  await watcher.goto('/panel/inspection/offer-monitoring');
  await expect(watcher.getByRole('heading', { level: 1, name: 'پایش پیشنهادها' })).toBeVisible({ timeout: 30_000 });
  await expect(watcher.getByTestId('connection')).toHaveAttribute('data-status', 'live', { timeout: 30_000 });
  const openOffers = watcher.getByRole('table', { name: 'پیشنهادهای باز' });
  const row = openOffers.locator('tbody tr', { hasText: fa(order.code) });
  await expect(row).toHaveCount(0);

  await dispatcher.goto(`/panel/inspection/orders/${order.pk}`);
  await dispatcher.getByRole('group', { name: 'کارها' }).getByRole('button', { name: 'ارسال به پیشنهاد' }).click();
  await dispatcher.getByRole('alertdialog', { name: 'ارسال به پیشنهاد' }).getByRole('button', { name: 'ارسال به پیشنهاد' }).click();
  await expect(dispatcher.getByTestId('toast').filter({ hasText: 'سفارش به پیشنهاد کارشناسان فرستاده شد.' })).toBeVisible();

  // Appears without reload, counting down from half an hour.
  await expect(row).toHaveCount(1);
  const left = row.getByLabel(/^مانده تا مهلت/);
  await expect(left).toHaveText(/^[۲۳][۰-۹]:[۰-۵][۰-۹]$/);
  const first = await left.textContent();
  await expect(left).not.toHaveText(first!);
  await expectPersianDigits(watcher, 'offer monitoring');
  await expectAccessible(watcher, 'offer monitoring');

  // The sheet is open on the expert's row: the cell is free.
  const sheetCell = await (async () => {
    await dispatcher.goto(`${SHEET}?date=${date}&q=${cell.expert_id}`);
    const expertRow = dispatcher.locator(`[role="grid"] [role="row"][data-key="${cell.expert_id}"]`);
    await expect(expertRow).toHaveCount(1, { timeout: 30_000 });
    return expertRow.locator('[role="gridcell"]').nth(shifts.findIndex((s) => s.pk === cell.shift_id));
  })();
  await expect(dispatcher.getByTestId('connection')).toHaveAttribute('data-status', 'live', { timeout: 30_000 });
  await expect(sheetCell).toContainText('آزاد');

  // The expert accepts from their app (the gateway's expert endpoint, the expert's own token).
  const expertToken = await gatewayToken(`expert${cell.expert_id}`, ['backoffice#expert']);
  const mine = await gatewayCall<{ results: { id: number; order_code: string }[] }>(dispatcher.request, expertToken, 'GET', '/api/expert-app/offers/');
  const offer = mine.results.find((o) => o.order_code === order.code)!;
  await gatewayCall(dispatcher.request, expertToken, 'POST', `/api/expert-app/offers/${offer.id}/see/`);
  await expect(row).toContainText(/[۱-۹] \/ ۰ از/);
  await gatewayCall(dispatcher.request, expertToken, 'POST', `/api/expert-app/offers/${offer.id}/accept/`);

  await expect(row).toHaveCount(0);
  await expect(sheetCell).toContainText(fa(order.brand_model));
  // A second acceptance gets the Persian refusal.
  const late = await dispatcher.request.post(`${GATEWAY_URL}/api/expert-app/offers/${offer.id}/accept/`, { headers: { authorization: `Bearer ${expertToken}` } });
  expect(late.status()).toBe(409);

  await watcher.goto(`/panel/inspection/orders/${order.pk}`);
  await expect(watcher.getByText('تخصیص نهایی').first()).toBeVisible();
  await expect(watcher.getByRole('region', { name: 'تاریخچه سفارش' }).getByText(/پذیرش پیشنهاد توسط کارشناس/)).toBeVisible();
  await dispatcher.context().close();
  await watcher.context().close();
});
