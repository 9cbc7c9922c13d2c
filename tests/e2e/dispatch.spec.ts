import { type Browser, type Locator, type Page, type WebSocketRoute } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits } from '../support/digits';
import { signIn, signedInPage, type DemoUser } from '../support/auth';

// The dispatch sheet as two dispatchers use it at once, each in their own browser context.
// Cells are chosen through the same BFF procedures the screen calls, so every spec starts from
// what the server really holds; each spec takes cells of experts no other spec touches, so the
// specs of this file run in any order, on either worker's panel.

const SHEET = '/panel/inspection/orders/management';
const H = { 'x-panel-request': '1', 'content-type': 'application/json' };

interface Cell {
  pk: number;
  expert_id: number;
  shift_id: number;
  state: number;
  version: number;
  inspection: { pk: number; code: string; state: string; brand_model: string; visit_time: string | null } | null;
  hold: unknown;
}
interface Order {
  pk: number;
  code: string;
  brand_model: string;
  visit_time: string | null;
}

async function query<T>(page: Page, path: string, input: unknown = {}): Promise<T> {
  const res = await page.request.get(`/trpc/dispatch.${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: H });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data as T;
}

async function dispatcher(browser: Browser, user: DemoUser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

async function today(page: Page): Promise<string> {
  const dates = await query<{ date: string; type: string }[]>(page, 'dates');
  return dates.find((d) => d.type === 'today')!.date;
}

async function shiftsOf(page: Page, date: string): Promise<number[]> {
  const days = await query<{ date: string; shifts: { pk: number }[] }[]>(page, 'schedule', { date });
  return days.find((d) => d.date === date)!.shifts.map((s) => s.pk);
}

/** A visit time inside the shift ('HH:30' of its start hour), in Persian digits as a person may type it. */
async function timeInside(page: Page, date: string, shiftId: number): Promise<string> {
  const days = await query<{ date: string; shifts: { pk: number; start: string }[] }[]>(page, 'schedule', { date });
  const start = days.find((d) => d.date === date)!.shifts.find((s) => s.pk === shiftId)!.start;
  return `${start.slice(0, 2)}:30`.replace(/[0-9]/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
}

const fa = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(0x06f0 + Number(d)));

const free = (c: Cell) => c.state === 0 && !c.inspection && !c.hold;

/** A free cell of an expert in `experts` whose shift has orders to pick, with those orders. */
async function freeCellWithOrders(page: Page, date: string, experts: (pk: number) => boolean) {
  const cells = await query<Cell[]>(page, 'cells', { date });
  for (const cell of cells.filter((c) => free(c) && experts(c.expert_id))) {
    const orders = await query<Order[]>(page, 'orders', { shiftId: cell.shift_id, expertId: cell.expert_id });
    if (orders.length > 0) return { cell, orders };
  }
  throw new Error('no free cell with orders in the seed');
}

/** Shows only that expert's row (the search matches an expert pk) and returns the shift's cell. */
async function gridCell(page: Page, date: string, cell: Pick<Cell, 'expert_id' | 'shift_id'>): Promise<Locator> {
  const shifts = await shiftsOf(page, date);
  await page.goto(`${SHEET}?date=${date}&q=${cell.expert_id}`);
  const grid = page.getByRole('grid', { name: 'جدول کارشناسان و شیفت‌ها' });
  // The search also matches order codes that start with the pk, so find the expert's own row.
  // By attribute rather than role: while the (modal) drawer is open the page behind it is
  // hidden from the accessibility tree, yet the spec still watches that cell change.
  const row = page.locator(`[role="grid"] [role="row"][data-key="${cell.expert_id}"]`);
  await expect(grid).toBeVisible();
  await expect(row).toHaveCount(1);
  const gridcell = row.locator('[role="gridcell"]').nth(shifts.indexOf(cell.shift_id));
  // The row comes with the experts, its cells with the live snapshot: a cell clicked before
  // its snapshot (still blank) does not open, which a loaded machine once showed.
  await expect(gridcell).not.toBeEmpty();
  return gridcell;
}

const drawer = (page: Page) => page.getByTestId('cell-drawer');

test('a temporary reserve by one dispatcher shows in the other grid without reload, and its release too', async ({ browser }) => {
  const a = await dispatcher(browser, 'staff');
  const b = await dispatcher(browser, 'staff2');
  const date = await today(a);
  const cells = await query<Cell[]>(a, 'cells', { date });
  const cell = cells.find((c) => free(c) && c.expert_id % 6 === 1)!;
  const cellA = await gridCell(a, date, cell);
  const cellB = await gridCell(b, date, cell);
  await expect(b.getByTestId('connection')).toHaveAttribute('data-status', 'live');
  await expect(cellB).toContainText('آزاد');

  await cellA.click();
  await expect(drawer(a)).toBeVisible();
  await drawer(a).getByRole('button', { name: 'رزرو موقت' }).click();
  await expect(drawer(a).getByRole('button', { name: 'لغو رزرو' })).toBeVisible();
  await expect(cellB).toContainText('رزرو موقت: سارا محمدی');
  await expect(cellB.getByLabel('زمان باقی‌مانده')).toHaveText(/^[۰-۹]+:[۰-۹]{2}$/);
  await expectPersianDigits(a, 'the sheet with its drawer open on a hold');
  await expectPersianDigits(b, 'the sheet showing a hold');

  await drawer(a).getByRole('button', { name: 'لغو رزرو' }).click();
  await expect(cellB).not.toContainText('رزرو موقت');
  await expect(drawer(a).getByRole('button', { name: 'رزرو موقت' })).toBeVisible();
  await a.context().close();
  await b.context().close();
});

/**
 * Holds back what the server sends on the page's live stream while `held()` says so (pings
 * pass, so the socket stays up), as a slow network would: the page acts on what it last saw.
 */
async function delayLiveStream(page: Page, held: () => boolean): Promise<() => void> {
  const backlog: (() => void)[] = [];
  await page.routeWebSocket(/\/trpc/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (held() && message !== 'PONG' && message !== 'PING') backlog.push(() => ws.send(message));
      else ws.send(message);
    });
  });
  return () => backlog.splice(0).forEach((send) => send());
}

test("a dispatcher's own reserve shows in the cell before the server answers; a refused one goes back, with the server's message", async ({ browser }) => {
  const a = await dispatcher(browser, 'staff');
  const b = await dispatcher(browser, 'staff2');
  let slow = false;
  const catchUp = await delayLiveStream(a, () => slow);
  const date = await today(a);
  const [mine, theirs] = (await query<Cell[]>(a, 'cells', { date })).filter((c) => free(c) && c.expert_id % 6 === 3);

  // The reserve is held on its way to the server: what A's cell shows meanwhile is A's own guess.
  let send: (() => void) | undefined;
  await a.route('**/trpc/dispatch.tempReserve**', async (route) => {
    await new Promise<void>((resolve) => (send = resolve));
    await route.continue();
  });
  const cellA = await gridCell(a, date, mine!);
  await cellA.click();
  await drawer(a).getByRole('button', { name: 'رزرو موقت' }).click();
  await expect(cellA).toContainText('رزرو موقت: سارا محمدی');
  // The server sets the hold's expiry: no countdown until it has answered.
  await expect(cellA.getByLabel('زمان باقی‌مانده')).toHaveText('…');
  await expect(drawer(a).getByRole('button', { name: 'لغو رزرو' })).toBeDisabled();
  await expect.poll(() => send).toBeDefined();
  send!();
  await expect(cellA.getByLabel('زمان باقی‌مانده')).toHaveText(/^[۰-۹]+:[۰-۹]{2}$/);
  await a.unrouteAll();
  await drawer(a).getByRole('button', { name: 'لغو رزرو' }).click();
  await expect(cellA).toContainText('آزاد');
  await expect(drawer(a).getByRole('button', { name: 'رزرو موقت' })).toBeEnabled();
  await a.keyboard.press('Escape');

  // B holds the other cell while A's stream lags: A, not yet told, reserves it too and is refused.
  const cellA2 = await gridCell(a, date, theirs!);
  await expect(cellA2).toContainText('آزاد');
  slow = true;
  const held = await b.request.post('/trpc/dispatch.tempReserve', { headers: H, data: { expertId: theirs!.expert_id, shiftId: theirs!.shift_id, version: theirs!.version } });
  expect(held.ok(), await held.text()).toBe(true);
  await cellA2.click();
  await drawer(a).getByRole('button', { name: 'رزرو موقت' }).click();
  await expect(a.getByTestId('toast').filter({ hasText: 'این خانه در این فاصله توسط کاربر دیگری تغییر کرده است' })).toBeVisible();
  await expect(cellA2).not.toContainText('سارا محمدی');
  await expect(drawer(a).getByRole('button', { name: 'رزرو موقت' })).toBeVisible();
  slow = false;
  catchUp();
  await expect(cellA2).toContainText('رزرو موقت: علی رضایی');
  await expectAccessible(a, 'the sheet after a refused reserve');
  const released = await b.request.post('/trpc/dispatch.cancelReserve', { headers: H, data: { expertId: theirs!.expert_id, shiftId: theirs!.shift_id } });
  expect(released.ok(), await released.text()).toBe(true);
  await a.context().close();
  await b.context().close();
});

test('saving with an order appears in the other grid; the loser of the same order gets the server message, then its drawer drops the order', async ({ browser }) => {
  const a = await dispatcher(browser, 'staff');
  const b = await dispatcher(browser, 'staff2');
  let slow = false;
  const catchUp = await delayLiveStream(b, () => slow);
  const date = await today(a);
  const { cell, orders } = await freeCellWithOrders(a, date, (pk) => pk % 6 === 2);
  const order = orders[0]!;
  const cells = await query<Cell[]>(b, 'cells', { date });
  // B's cell: same shift, another expert of the same city list, so the same order is offered.
  let other: Cell | undefined;
  for (const c of cells.filter((c) => free(c) && c.shift_id === cell.shift_id && c.expert_id !== cell.expert_id)) {
    const offered = await query<Order[]>(b, 'orders', { shiftId: c.shift_id, expertId: c.expert_id });
    if (offered.some((o) => o.pk === order.pk)) {
      other = c;
      break;
    }
  }
  expect(other, 'a second cell offering the same order').toBeDefined();

  const cellA = await gridCell(a, date, cell);
  await cellA.click();
  const pickerA = drawer(a).getByRole('combobox', { name: 'کد سفارش' });
  // Typed in Persian digits: the picker converts them and keeps the codes starting with them.
  await pickerA.fill(fa(order.code));
  await a.getByRole('option', { name: new RegExp(`^${fa(order.code)}`) }).click();

  // B opens the other cell and picks the same order before A saves.
  const cellB = await gridCell(b, date, other!);
  await cellB.click();
  const pickerB = drawer(b).getByRole('combobox', { name: 'کد سفارش' });
  await pickerB.fill(order.code);
  await b.getByRole('option', { name: new RegExp(`^${fa(order.code)}`) }).click();

  const visit = await timeInside(a, date, cell.shift_id);
  await drawer(a).getByLabel('زمان بازدید').fill(visit);
  await drawer(a).getByLabel('یادداشت').fill('مشتری ساعت را تایید کرد');
  // B's stream lags: B still offers the order when A takes it.
  slow = true;
  await drawer(a).getByRole('button', { name: 'ذخیره' }).click();
  await expect(drawer(a)).toBeHidden();

  // A second page of B sees A's assignment live.
  const bGridA = await (async () => {
    const page = await b.context().newPage();
    return { page, cell: await gridCell(page, date, cell) };
  })();
  await expect(bGridA.cell).toContainText(fa(order.brand_model));
  await bGridA.page.close();
  // B, not yet told, loses the race with the server's message; once its stream catches up, its
  // drawer says the order went elsewhere and no longer offers to save it.
  await drawer(b).getByLabel('زمان بازدید').fill(visit);
  await drawer(b).getByRole('button', { name: 'ذخیره' }).click();
  await expect(b.getByTestId('toast').filter({ hasText: 'پیام:' })).toBeVisible();
  await expect(drawer(b)).toBeVisible();
  slow = false;
  catchUp();
  await expect(drawer(b).getByRole('alert')).toContainText('این سفارش هم‌اکنون به کارشناس دیگری تخصیص یافت');
  await expect(drawer(b).getByRole('button', { name: 'ذخیره' })).toBeDisabled();
  await expectPersianDigits(b, 'the drawer whose order was taken');
  await a.context().close();
  await b.context().close();
});

test('an assigned order: change its visit time, then cancel it and copy its code from the modal', async ({ browser }) => {
  const a = await dispatcher(browser, 'staff');
  const date = await today(a);
  const cells = await query<Cell[]>(a, 'cells', { date });
  const cell = cells.find((c) => c.inspection?.state === 'E' && c.expert_id % 6 === 3 && c.state !== 1)!;
  expect(cell, 'an order en route in the seed').toBeDefined();
  const code = cell.inspection!.code;
  const gridA = await gridCell(a, date, cell);
  await gridA.click();
  await expect(drawer(a).getByTestId('current-inspection')).toContainText(fa(code));
  await expect(drawer(a).getByText('یادداشت‌ها', { exact: true })).toBeVisible();
  await expectPersianDigits(a, 'the drawer of an assigned order');
  await expectAccessible(a, 'the drawer of an assigned order');

  const change = drawer(a).getByRole('button', { name: 'تغییر زمان بازدید' });
  await expect(change).toBeDisabled();
  const current = cell.inspection!.visit_time!.slice(0, 5);
  const [hh, mm] = current.split(':').map(Number) as [number, number];
  const next = `${String(hh).padStart(2, '0')}:${mm === 0 ? '15' : '00'}`;
  await drawer(a).getByLabel('زمان بازدید').fill(next);
  await expect(change).toBeEnabled();
  await change.click();
  await expect(a.getByTestId('toast').filter({ hasText: 'زمان بازدید تغییر کرد.' })).toBeVisible();
  await expect(gridA).toContainText(fa(next));
  await expectPersianDigits(a, 'the drawer after a visit-time change');

  await drawer(a).getByRole('button', { name: 'لغو تخصیص' }).click();
  await expect(drawer(a).getByText('نوع لغو تخصیص')).toBeVisible();
  const submit = drawer(a).getByRole('button', { name: 'ثبت لغو تخصیص' });
  await expect(submit).toBeDisabled();
  await expect(drawer(a).getByRole('checkbox', { name: 'اعمال جریمه' })).toBeEnabled();
  await drawer(a).getByLabel('نوع لغو').selectOption({ label: 'لغو توسط مشتری' });
  await drawer(a).getByLabel('توضیحات').fill('مشتری منصرف شد');
  await submit.click();

  const modal = a.getByRole('alertdialog');
  await expect(modal).toContainText(`سفارش ${fa(code)} در حال حاضر بدون کارشناس است.`);
  await expectPersianDigits(a, 'the "order without expert" modal');
  await modal.getByRole('button', { name: 'کپی کد سفارش' }).click();
  await expect(a.getByTestId('toast').filter({ hasText: `کد سفارش ${fa(code)} کپی شد` })).toBeVisible();
  expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(code);
  // The order is without expert now: it can go back to the experts' offer list from here.
  await modal.getByRole('button', { name: 'ارسال مجدد به پیشنهاد' }).click();
  await expect(a.getByTestId('toast').filter({ hasText: `سفارش ${fa(code)} دوباره به پیشنهاد کارشناسان فرستاده شد.` })).toBeVisible();
  await modal.getByRole('button', { name: 'متوجه شدم' }).click();
  await expect(modal).toBeHidden();
  await expect(gridA).toContainText('آزاد');
  await a.context().close();
});

test('an order not yet final is replaced from the drawer, from every city of the shift; a final one is locked (spec §5)', async ({ browser }) => {
  const a = await dispatcher(browser, 'staff');
  const date = await today(a);
  const cells = await query<Cell[]>(a, 'cells', { date });

  const final = cells.find((c) => c.inspection?.state === 'O' && c.state !== 1 && c.expert_id % 6 === 5);
  expect(final, 'an order in final assignment in the seed').toBeDefined();
  await (await gridCell(a, date, final!)).click();
  await expect(drawer(a).getByTestId('current-inspection')).toContainText(fa(final!.inspection!.code));
  await expect(drawer(a).getByRole('combobox', { name: 'جایگزینی با سفارش' })).toHaveCount(0);
  await expect(drawer(a).getByRole('textbox', { name: 'کد سفارش' })).toBeDisabled();
  await a.keyboard.press('Escape');

  let target: { cell: Cell; order: Order } | undefined;
  for (const cell of cells.filter((c) => c.inspection && ['E', 'I'].includes(c.inspection.state) && c.state !== 1 && c.expert_id % 6 === 5)) {
    const [order] = await query<Order[]>(a, 'unassigned', { shiftId: cell.shift_id, expertId: cell.expert_id });
    if (order) {
      target = { cell, order };
      break;
    }
  }
  expect(target, 'an order en route with orders without expert in its shift').toBeDefined();
  const { cell, order } = target!;
  const old = cell.inspection!.code;
  const gridA = await gridCell(a, date, cell);
  await gridA.click();
  await drawer(a).getByText('همه سفارش‌های بدون کارشناس این شیفت (همه شهرها)').click();
  const picker = drawer(a).getByRole('combobox', { name: 'جایگزینی با سفارش' });
  await picker.fill(order.code);
  await a.getByRole('option', { name: new RegExp(`^${fa(order.code)}`) }).click();
  await drawer(a).getByLabel('زمان بازدید').fill(await timeInside(a, date, cell.shift_id));
  await drawer(a).getByRole('button', { name: 'جایگزینی سفارش' }).click();
  await expectPersianDigits(a, 'the drawer replacing an order');
  await expect(
    a.getByTestId('toast').filter({ hasText: `سفارش ${fa(order.code)} به جای ${fa(old)} تخصیص یافت؛ سفارش ${fa(old)} اکنون بدون کارشناس است.` }),
  ).toBeVisible();
  await expect(gridA).toContainText(fa(order.brand_model));
  const after = await query<Order[]>(a, 'unassigned', { shiftId: cell.shift_id, expertId: cell.expert_id });
  expect(after.map((o) => o.code)).toContain(old);
  await a.context().close();
});

test('the availability of another day is copied onto the shown day', async ({ browser }) => {
  const a = await dispatcher(browser, 'staff');
  const dates = await query<{ date: string; type: string }[]>(a, 'dates');
  // The last two days of the window: no other spec works on them.
  const [from, to] = [dates.at(-2)!.date, dates.at(-1)!.date];
  // A cell free on both days (same expert, same shift of the day), to be turned off on the first.
  const [fromShifts, toShifts] = [await shiftsOf(a, from), await shiftsOf(a, to)];
  const targets = await query<Cell[]>(a, 'cells', { date: to });
  const twin = (c: Cell) => targets.find((t) => t.expert_id === c.expert_id && t.shift_id === toShifts[fromShifts.indexOf(c.shift_id)]);
  const source = (await query<Cell[]>(a, 'cells', { date: from })).find((c) => free(c) && c.expert_id % 6 === 0 && free(twin(c)!))!;
  const before = twin(source)!;
  const off = await a.request.post('/trpc/dispatch.updateAvailability', {
    headers: H,
    data: { expertId: source.expert_id, shiftId: source.shift_id, state: 1 },
  });
  expect(off.ok()).toBe(true);

  const targetCell = await gridCell(a, to, before);
  await expect(targetCell).toContainText('آزاد');
  await a.getByRole('button', { name: 'کپی حضور از روز دیگر' }).click();
  const dialog = a.getByRole('dialog', { name: /^کپی حضور به / });
  await expect(dialog.getByRole('button', { name: 'کپی حضور' })).toBeDisabled();
  await dialog.getByLabel('از تاریخ').selectOption(from);
  await expectPersianDigits(a, 'the copy-availability dialog');
  await dialog.getByRole('button', { name: 'کپی حضور' }).click();
  await expect(a.getByTestId('toast').filter({ hasText: /^حضور [۰-۹]+ خانه به‌روز شد.$/ })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(targetCell).toContainText('غیرفعال');
  await a.context().close();
});

test('the back button leaves cancel mode', async ({ browser }) => {
  const a = await dispatcher(browser, 'staff');
  const date = await today(a);
  const cells = await query<Cell[]>(a, 'cells', { date });
  const cell = cells.find((c) => c.inspection && ['E', 'I', 'S', 'T', 'M', 'O'].includes(c.inspection.state) && c.state !== 1)!;
  await (await gridCell(a, date, cell)).click();
  await drawer(a).getByRole('button', { name: 'لغو تخصیص' }).click();
  await drawer(a).getByRole('button', { name: 'بازگشت' }).click();
  await expect(drawer(a).getByText('نوع لغو تخصیص')).toBeHidden();
  await expect(drawer(a).getByTestId('current-inspection')).toBeVisible();
  await a.context().close();
});

test('the availability switch sends the change, closes the drawer silently, and both grids follow', async ({ browser }) => {
  const a = await dispatcher(browser, 'staff');
  const b = await dispatcher(browser, 'staff2');
  const date = await today(a);
  const cells = await query<Cell[]>(a, 'cells', { date });
  const cell = cells.find((c) => free(c) && c.expert_id % 6 === 4)!;
  const cellA = await gridCell(a, date, cell);
  const cellB = await gridCell(b, date, cell);
  await cellA.click();
  const toggle = drawer(a).getByRole('checkbox', { name: 'حضور کارشناس در این شیفت' });
  await expect(toggle).toBeChecked();
  await drawer(a).getByText('حضور کارشناس در این شیفت').click();
  await expect(drawer(a)).toBeHidden();
  await expect(a.getByTestId('toast')).toHaveCount(0);
  await expect(cellA).toContainText('غیرفعال');
  await expect(cellB).toContainText('غیرفعال');

  // Unavailable: the switch starts off, and order, time and note are disabled.
  await cellA.click();
  await expect(toggle).not.toBeChecked();
  await expect(drawer(a).getByLabel('زمان بازدید')).toBeDisabled();
  await expect(drawer(a).getByLabel('یادداشت')).toBeDisabled();
  await drawer(a).getByText('حضور کارشناس در این شیفت').click();
  await expect(drawer(a)).toBeHidden();
  await expect(cellB).toContainText('آزاد');
  await a.context().close();
  await b.context().close();
});

test('filters and the open cell live in the address and survive a reload', async ({ browser }) => {
  const a = await dispatcher(browser, 'staff');
  const date = await today(a);
  await a.goto(SHEET);
  await expect(a.getByTestId('connection')).toHaveAttribute('data-status', 'live');
  const count = a.getByTestId('expert-count');
  await expect(count).toHaveText(/کارشناس/);
  const all = await count.textContent();

  await a.getByRole('combobox', { name: 'سطح کارشناس' }).click();
  await a.getByRole('option', { name: 'سطح دو' }).click();
  await a.getByRole('option', { name: 'سطح سه' }).click();
  await a.keyboard.press('Escape');
  await expect(a).toHaveURL(/levels=2%2C3|levels=2,3/);
  // Closed, the multi-select shows one tag and how many more.
  await expect(a.getByRole('combobox', { name: 'سطح کارشناس' })).toContainText('سطح دو');
  await expect(a.getByRole('combobox', { name: 'سطح کارشناس' })).toContainText('+۱');
  await expect(count).not.toHaveText(all!);
  // Counts come from the server's experts, not from a read of a list that may still be re-rendering.
  const experts = await query<{ pk: number; level: number }[]>(a, 'experts', {});
  const experts23 = experts.filter((e) => e.level === 2 || e.level === 3);
  const faCount = (n: number) => `${new Intl.NumberFormat('fa-IR').format(n)} کارشناس`;
  await expect(count).toHaveText(faCount(experts23.length));

  await a.getByRole('combobox', { name: 'منطقه' }).click();
  // Areas are grouped as Tehran against the other cities.
  await expect(a.getByRole('group', { name: 'تهران' })).toBeVisible();
  await expect(a.getByRole('group', { name: 'سایر شهرها' })).toBeVisible();
  await a.keyboard.press('Escape');

  await a.getByLabel('جستجو').fill('۱');
  await expect(a).toHaveURL(/q=1(&|$)/);
  // '1' matches expert 1 by id, and any expert holding an order whose code starts with 1 on the
  // date (names have no digits). Which experts hold such orders depends on what ran before (the
  // orders module's codes start with 1), so the expected count comes from the server's cells.
  const cells = await query<Cell[]>(a, 'cells', { date });
  const holdsCodeOne = (pk: number) => cells.some((c) => c.expert_id === pk && c.inspection?.code.startsWith('1'));
  const filtered = faCount(experts23.filter((e) => e.pk === 1 || holdsCodeOne(e.pk)).length);
  await expect(count).toHaveText(filtered);

  const target = cells.find((c) => free(c))!;
  await a.goto(`${SHEET}?date=${date}&levels=2,3&q=${encodeURIComponent('۱')}&cell=${target.expert_id}:${target.shift_id}`);
  await expect(drawer(a)).toBeVisible();
  await expect(count).toHaveText(filtered);
  await a.reload();
  await expect(drawer(a)).toBeVisible();
  await expect(drawer(a).getByText('یادداشت‌ها', { exact: true })).toBeVisible();
  await expectAccessible(a, 'a drawer opened from the address');
  await a.keyboard.press('Escape');
  await expect(drawer(a)).toBeHidden();
  await expect(a).not.toHaveURL(/cell=/);
  await expect(a.getByRole('combobox', { name: 'سطح کارشناس' })).toContainText('سطح دو');
  await expect(a.getByLabel('جستجو')).toHaveValue('۱');
  await expect(count).toHaveText(filtered);

  // A shared link searching an order code finds its expert once the live cells arrive.
  const held = cells.find((c) => c.inspection && c.inspection.state !== 'F')!;
  const code = held.inspection!.code;
  await a.goto(`${SHEET}?date=${date}&q=${encodeURIComponent(fa(code))}`);
  await expect(count).toHaveText('۱ کارشناس');
  await a.context().close();
});

test('arrow keys move between cells, Enter opens the drawer and Escape closes it', async ({ browser }) => {
  const a = await dispatcher(browser, 'staff');
  const date = await today(a);
  const cells = await query<Cell[]>(a, 'cells', { date });
  const shifts = await shiftsOf(a, date);
  // An expert whose first two shifts are both clickable, and whose id begins no order code held on
  // the date: searching the id then finds that expert alone, before and after the live cells arrive
  // (a search also matches the codes an expert holds, which come with the live snapshot).
  const prefixesACode = (pk: number) => cells.some((c) => c.inspection?.code.startsWith(String(pk)));
  const expert = cells.find(
    (c) => c.shift_id === shifts[1] && !c.inspection && free(c) && !prefixesACode(c.expert_id) && cells.some((d) => d.expert_id === c.expert_id && d.shift_id === shifts[0] && free(d)),
  )!.expert_id;
  await a.goto(`${SHEET}?date=${date}&q=${expert}`);
  await expect(a.getByTestId('connection')).toHaveAttribute('data-status', 'live');
  await expect(a.getByTestId('expert-count')).toHaveText('۱ کارشناس');
  const grid = a.getByRole('grid', { name: 'جدول کارشناسان و شیفت‌ها' });
  const row = grid.locator(`[role="row"][data-key="${expert}"]`);
  await expect(row).toHaveAttribute('aria-rowindex', '2');
  // The cells come with the live snapshot, after the connection says live: Enter on a cell the
  // screen does not hold yet opens nothing (it lost the race once the page drew faster).
  await expect(row.getByRole('gridcell').nth(1)).toContainText('آزاد');
  await grid.focus();
  await a.keyboard.press('ArrowDown');
  await expect(row.getByRole('gridcell').nth(0)).toHaveAttribute('aria-selected', 'true');
  // Right to left: the left arrow goes to the next (later) shift.
  await a.keyboard.press('ArrowLeft');
  await expect(row.getByRole('gridcell').nth(1)).toHaveAttribute('aria-selected', 'true');
  await a.keyboard.press('Enter');
  await expect(drawer(a)).toBeVisible();
  await expect(a).toHaveURL(new RegExp(`cell=${expert}(%3A|:)${shifts[1]}`));
  await a.keyboard.press('Escape');
  await expect(drawer(a)).toBeHidden();
  await a.context().close();
});

test("the light follows the connection, and an open drawer follows the live cell: another dispatcher's hold, and its release", async ({ browser }) => {
  const a = await dispatcher(browser, 'staff');
  const b = await dispatcher(browser, 'staff2');
  const date = await today(a);
  // Not the cell the first spec of this file holds.
  const open = (await query<Cell[]>(a, 'cells', { date })).filter((c) => free(c) && c.expert_id % 6 === 1).at(-1)!;
  const cellA = await gridCell(a, date, open);
  const cellB = await gridCell(b, date, open);
  const lightB = b.getByTestId('connection');
  await expect(lightB).toHaveAttribute('data-status', 'live');
  await cellB.click();
  await expect(drawer(b).getByRole('button', { name: 'رزرو موقت' })).toBeVisible();

  // A holds the cell: a ten-minute hold starts at ۱۰:۰۰ at most, and B's open drawer becomes
  // A's hold, saying who and how long, with none of the holder's actions.
  await cellA.click();
  await drawer(a).getByRole('button', { name: 'رزرو موقت' }).click();
  await expect(drawer(a).getByTestId('hold-info')).toContainText('رزرو موقت توسط شما');
  await expect(drawer(a).getByTestId('hold-info').getByLabel('زمان باقی‌مانده')).toHaveText(/^(۱۰:۰۰|۹:[۰-۵][۰-۹])$/);
  const holdB = drawer(b).getByTestId('hold-info');
  await expect(holdB).toContainText('رزرو موقت توسط سارا محمدی');
  await expect(holdB.getByLabel('زمان باقی‌مانده')).toHaveText(/^[۰-۹]+:[۰-۹]{2}$/);
  for (const name of ['لغو رزرو', 'نهایی کردن', 'رزرو موقت', 'ذخیره']) await expect(drawer(b).getByRole('button', { name })).toHaveCount(0);
  await expectPersianDigits(b, "the drawer of another dispatcher's hold");
  await expectAccessible(b, "the drawer of another dispatcher's hold");
  await expect(cellB).toContainText('رزرو موقت: سارا محمدی');
  await expect(cellB).not.toContainText('آزاد');

  // B goes offline: its light says so at once. A releases meanwhile; back online, B is live
  // again and catches up without any further change on the sheet.
  await b.context().setOffline(true);
  await expect(lightB).toHaveAttribute('data-status', 'reconnecting');
  await expect(lightB).toContainText('در حال اتصال مجدد...');
  await drawer(a).getByRole('button', { name: 'لغو رزرو' }).click();
  await expect(drawer(a).getByRole('button', { name: 'رزرو موقت' })).toBeVisible();
  await b.context().setOffline(false);
  await expect(lightB).toHaveAttribute('data-status', 'live');
  await expect(lightB).toContainText('زنده');
  await expect(lightB).toContainText(/آخرین همگام‌سازی [۰-۹]+ ثانیه پیش/);
  await expect(cellB).toContainText('آزاد');
  await expect(drawer(b).getByRole('button', { name: 'رزرو موقت' })).toBeVisible();

  await a.context().close();
  await b.context().close();
});

test('offline for 35 seconds, the sheet is back and in step within a second of the network returning', async ({ browser }) => {
  const a = await dispatcher(browser, 'staff');
  // B's clock is the page's own fake one, so 35 seconds offline pass in a moment.
  const b = await browser.newContext({ baseURL: test.info().project.use.baseURL }).then((c) => c.newPage());
  await b.clock.install();
  // The browser's offline mode refuses new connections but leaves an open socket up, where a
  // real outage drops it: the spec drops B's open sockets itself when the network goes.
  const sockets = new Set<WebSocketRoute>();
  await b.routeWebSocket(/\/trpc/, (ws) => {
    ws.connectToServer();
    sockets.add(ws);
    ws.onClose(() => sockets.delete(ws));
  });
  await signIn(b, 'staff2');
  const date = await today(a);
  const candidates = (await query<Cell[]>(a, 'cells', { date })).filter((c) => free(c) && c.expert_id % 6 === 1);
  // Neither the first nor the last of these: the other specs of this file hold those.
  const open = candidates[Math.floor(candidates.length / 2)]!;
  const cellA = await gridCell(a, date, open);
  const cellB = await gridCell(b, date, open);
  const lightB = b.getByTestId('connection');
  await expect(lightB).toHaveAttribute('data-status', 'live');

  await b.context().setOffline(true);
  for (const ws of sockets) await ws.close({ code: 4000, reason: 'network lost' });
  await expect(lightB).toHaveAttribute('data-status', 'reconnecting');
  // A second at a time, so each failed attempt lands before the next one is due.
  for (let second = 0; second < 35; second += 1) await b.clock.runFor(1000);
  await expect(lightB).not.toHaveAttribute('data-status', 'live');
  // Meanwhile A holds the cell.
  await cellA.click();
  await drawer(a).getByRole('button', { name: 'رزرو موقت' }).click();
  await expect(drawer(a).getByRole('button', { name: 'لغو رزرو' })).toBeVisible();

  // Back online: the attempts that failed while offline did not deepen the backoff, so B is
  // back at the spec's one-second pace (a loaded machine may add a few seconds), not after the
  // slow policy's tens of seconds.
  await b.context().setOffline(false);
  await b.clock.runFor(1500);
  await expect(lightB).toHaveAttribute('data-status', 'live', { timeout: 5000 });
  await expect(cellB).toContainText('رزرو موقت: سارا محمدی', { timeout: 5000 });
  await expect(lightB).toContainText(/آخرین همگام‌سازی [۰-۹]+ ثانیه پیش/);

  await drawer(a).getByRole('button', { name: 'لغو رزرو' }).click();
  await expect(cellB).toContainText('آزاد');
  await a.context().close();
  await b.context().close();
});

test('the compact density shows at least 25 experts at 1920x1080, one line a cell, and is remembered per user', async ({ browser }) => {
  const page = await signedInPage(browser, { width: 1920, height: 1080 });
  await page.goto(SHEET);
  const grid = page.getByRole('grid', { name: 'جدول کارشناسان و شیفت‌ها' });
  const rowsInView = () =>
    grid.evaluate((el) => Array.from(el.querySelectorAll('[role="row"][data-key]')).filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'live');
  const density = page.getByRole('checkbox', { name: 'نمایش فشرده' });
  await expect(density).not.toBeChecked();
  await page.getByText('نمایش فشرده').click();
  await expect(density).toBeChecked();
  await expect.poll(rowsInView).toBeGreaterThanOrEqual(25);
  // One line a cell: an assigned cell shows its order code and visit time, the rest on hover.
  const assigned = grid.locator('.dc-insp').first();
  await expect(assigned).toHaveText(/^[۰-۹]+([۰-۹]{2}:[۰-۹]{2})?$/);
  await expect(assigned).toHaveAttribute('title', /تومان/);
  await expectPersianDigits(page, 'the sheet in compact density');
  await expectAccessible(page, 'the sheet in compact density');

  await page.reload();
  await expect(density).toBeChecked();
  // Another dispatcher in the same browser has a choice of their own.
  await signIn(page, 'staff2');
  await page.reload();
  await expect(density).not.toBeChecked();
  await page.context().close();
});

test('at 1366x768 the six shifts fit beside the sidebar rail, and no shift header is cut', async ({ browser }) => {
  const page = await signedInPage(browser, { width: 1366, height: 768 });
  await page.goto(SHEET);
  const sidebar = page.getByRole('complementary', { name: 'منوی پنل' });
  await expect(sidebar.getByRole('button', { name: 'باز کردن منو' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'جدول کارشناسان و شیفت‌ها' });
  const headers = grid.getByRole('columnheader');
  await expect(headers).toHaveCount(7);
  for (const header of await headers.all()) {
    await expect(header).toBeInViewport({ ratio: 1 });
    expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth), 'header text not cut').toBe(true);
  }
  await expectAccessible(page, 'the sheet at 1366x768');
  await page.context().close();
});

test('a session check that fails during an outage keeps the sheet, says so, and recovers by itself (issue 28)', async ({ browser }) => {
  const a = await dispatcher(browser, 'staff');
  const date = await today(a);
  // Not a cell the other specs of this file take (they take the first of their experts').
  const open = (await query<Cell[]>(a, 'cells', { date })).filter((c) => free(c) && c.expert_id % 6 === 0).at(-1)!;
  // The page's own fake clock: the outage's seconds and the retries' backoff pass in a moment.
  const b = await browser.newContext({ baseURL: test.info().project.use.baseURL }).then((c) => c.newPage());
  await b.clock.install();
  await signIn(b, 'staff');
  const cellB = await gridCell(b, date, open);
  await expect(b.getByTestId('connection')).toHaveAttribute('data-status', 'live');

  // The server goes away for the page's calls: one in two answers 503 as the BFF does with the
  // gateway down, the others never get an answer, as with the BFF itself down.
  let down = true;
  let calls = 0;
  await b.route('**/trpc/**', async (route) => {
    if (!down) return route.fallback();
    calls += 1;
    if (calls % 2) return route.abort('failed');
    const procedures = new URL(route.request().url()).pathname.replace('/trpc/', '').split(',');
    const error = { error: { message: 'ارتباط با سرور برقرار نشد. لطفا دوباره تلاش کنید.', code: -32603, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } } };
    return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(procedures.map(() => error)) });
  });
  // Long enough for the session the page holds to be due for a check (10 s of staleness).
  for (let second = 0; second < 11; second += 1) await b.clock.runFor(1000);
  await cellB.click();
  await drawer(b).getByRole('button', { name: 'رزرو موقت' }).click();
  await expect(b.getByText('ارتباط با سرور برقرار نشد. لطفا دوباره تلاش کنید.').first()).toBeVisible();
  const lost = b.getByTestId('session-connection');
  await expect(lost).toBeVisible();
  await expect(lost).toContainText('در حال اتصال مجدد...');
  for (let second = 0; second < 15; second += 1) await b.clock.runFor(1000);
  // The sheet stays, with what it last had; no English browser error anywhere.
  await expect(b.getByRole('heading', { name: 'وضعیت حساب کاربری بررسی نشد' })).toHaveCount(0);
  await expect(cellB).toContainText('آزاد');
  await expect(b.locator('body')).not.toContainText('Failed to fetch');
  await expectAccessible(b, 'the sheet while the server is away');

  // The server is back: the page finds out on its own, within its backoff, and works again.
  down = false;
  for (let second = 0; second < 40 && (await lost.count()) > 0; second += 1) await b.clock.runFor(1000);
  await expect(lost).toHaveCount(0);
  await expect(cellB).toContainText('آزاد');
  await drawer(b).getByRole('button', { name: 'رزرو موقت' }).click();
  await expect(drawer(b).getByRole('button', { name: 'لغو رزرو' })).toBeVisible();
  await drawer(b).getByRole('button', { name: 'لغو رزرو' }).click();
  await expect(drawer(b).getByRole('button', { name: 'رزرو موقت' })).toBeVisible();
  await a.context().close();
  await b.context().close();
});
