import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/auth';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits } from '../support/digits';
import { gatewayCall, gatewayToken } from '../support/gateway';

// Issue 14: customers' reserves awaiting payment. The customer's app makes them (the gateway's
// endpoint, here with a short payment deadline so one expires within the spec); staff renew one,
// send its payment link and see the message, watch an unpaid one free its slot on the sheet, and
// are refused renewing it once another customer took the slot.

const H = { 'x-panel-request': '1', 'content-type': 'application/json' };
const SHEET = '/panel/inspection/orders/management';

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

test('a reserve is renewed and its payment link sent; an unpaid one expires and frees its slot; renewing it once the slot is taken is refused', async ({ browser }) => {
  test.slow();
  const newPage = async () => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    await signIn(page);
    return page;
  };
  const staff = await newPage();
  const sheet = await newPage();

  // Two free cells of experts no other spec uses, three days ahead.
  const date = (await bff<{ date: string }[]>(staff, 'dispatch.dates'))[4]!.date;
  const shifts = (await bff<{ date: string; shifts: { pk: number }[] }[]>(staff, 'dispatch.schedule', { date }))[0]!.shifts;
  const cells = (await bff<SheetCell[]>(staff, 'dispatch.cells', { date })).filter((c) => c.state === 0 && !c.inspection && !c.hold && c.expert_id % 6 === 4);
  const [kept, lapsing] = [cells[0]!, cells.find((c) => c.expert_id !== cells[0]!.expert_id)!];
  const token = await gatewayToken('staff', ['backoffice#staff']);
  const reserve = (cell: SheetCell, customer_name: string, payment_minutes: number, status = 201) =>
    gatewayCall<{ data: { id: number; payment_deadline: string } }>(staff.request, token, 'POST', '/api/inspection/reserves/', { cell_pk: cell.pk, customer_name, phone_number: '09125550011', package: 'کارشناسی جامع', payment_minutes }, status);
  const renewed = (await reserve(kept, 'شیرین رزروی', 30)).data;

  // The sheet of the lapsing cell's expert is open; the reserve shows there as "instant reserved".
  await sheet.goto(`${SHEET}?date=${date}&q=${lapsing.expert_id}`);
  const expertRow = sheet.locator(`[role="grid"] [role="row"][data-key="${lapsing.expert_id}"]`);
  await expect(expertRow).toHaveCount(1, { timeout: 30_000 });
  const sheetCell = expertRow.locator('[role="gridcell"]').nth(shifts.findIndex((s) => s.pk === lapsing.shift_id));
  await expect(sheet.getByTestId('connection')).toHaveAttribute('data-status', 'live', { timeout: 30_000 });
  const lapsed = (await reserve(lapsing, 'کامران بی‌پرداخت', 0.25)).data;
  await expect(sheetCell).toContainText('رزرو فوری');

  // Renew and send the payment link from the reserve's drawer.
  await staff.goto('/panel/inspection/reserves?query=' + encodeURIComponent('شیرین رزروی'));
  const rows = staff.getByRole('table', { name: 'رزروها' }).locator('tbody tr', { hasText: 'شیرین رزروی' });
  await expect(rows).toHaveCount(1, { timeout: 30_000 });
  await expect(rows.first()).toContainText('در انتظار پرداخت');
  await expectPersianDigits(staff, 'reserve list');
  await expectAccessible(staff, 'reserve list');
  await rows.first().click();
  const drawer = staff.getByRole('dialog', { name: /^رزرو / });
  await expect(drawer).toBeVisible();
  const actions = drawer.getByRole('group', { name: 'کارها' });
  await actions.getByRole('button', { name: 'تمدید رزرو' }).click();
  // The renewal adds 30 minutes to the deadline (issue 28) and says the new one: Tehran time, Jalali day.
  const tehranTime = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'Asia/Tehran', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const extended = tehranTime.format(new Date(Date.parse(renewed.payment_deadline) + 30 * 60_000));
  const renewedToast = staff.getByTestId('toast').filter({ hasText: `رزرو تمدید شد؛ مهلت پرداخت تا ساعت ${extended} روز ` });
  await expect(renewedToast).toBeVisible();
  const day = /روز (\S+)\./.exec(await renewedToast.innerText())![1]!;
  await expect(drawer).toContainText(`${day} ${extended}`);
  await expect(drawer.getByRole('region', { name: 'تاریخچه رزرو' }).getByText('تمدید رزرو')).toBeVisible();
  await actions.getByRole('button', { name: 'ارسال لینک پرداخت' }).click();
  const confirm = staff.getByRole('alertdialog', { name: 'ارسال لینک پرداخت' });
  await expectAccessible(staff, 'payment link confirmation');
  await confirm.getByRole('button', { name: 'ارسال لینک پرداخت' }).click();
  await expect(staff.getByTestId('toast').filter({ hasText: 'لینک پرداخت برای مشتری فرستاده شد.' })).toBeVisible();
  const sms = drawer.getByRole('region', { name: 'پیامک لینک پرداخت' });
  await expect(sms).toContainText(`pay.example.com/reserve/${renewed.id}`);
  await expect(sms).toContainText('شیرین رزروی عزیز');
  await expectPersianDigits(staff, 'reserve drawer');
  await expectAccessible(staff, 'reserve drawer');
  await staff.keyboard.press('Escape');

  // The unpaid one expires on the server: its cell is free again on the open sheet, no reload.
  await expect(sheetCell).toContainText('آزاد', { timeout: 30_000 });
  await expect(sheetCell).not.toContainText('رزرو فوری');

  // Another customer takes the slot; renewing the expired reserve is refused in Persian.
  await reserve(lapsing, 'مشتری دیگر', 30);
  await staff.goto('/panel/inspection/reserves?state=expired&query=' + encodeURIComponent('کامران بی‌پرداخت'));
  const expired = staff.getByRole('table', { name: 'رزروها' }).locator('tbody tr', { hasText: 'کامران بی‌پرداخت' });
  await expect(expired).toHaveCount(1);
  await expect(expired).toContainText('منقضی شده');
  await expired.click();
  await drawer.getByRole('group', { name: 'کارها' }).getByRole('button', { name: 'تمدید رزرو' }).click();
  await expect(staff.getByTestId('toast').filter({ hasText: 'خانهٔ این رزرو دیگر آزاد نیست؛ تمدید ممکن نیست.' })).toBeVisible();
  await expect(drawer.getByRole('region', { name: 'تاریخچه رزرو' }).getByText('پایان مهلت پرداخت')).toBeVisible();
  expect(lapsed.id).toBeGreaterThan(0);
  await staff.context().close();
  await sheet.context().close();
});
