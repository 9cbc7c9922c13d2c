import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signedInPage } from '../support/auth';
import { gatewayCall, gatewayToken } from '../support/gateway';

// Issue 28, defect 7: at 1366x768 lists clipped their last column (reserves: «لینک پرداخت»;
// the car-post queue: «کارشناس فروش»). With its default columns no list scrolls sideways, the
// table's box nor the page.

const LAPTOP = { width: 1366, height: 768 };

/** The table named `name` has rows and fits its box, and the page does not scroll sideways. */
async function expectFits(page: Page, name: string, header: string) {
  const table = page.getByRole('table', { name });
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 45_000 });
  await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  const sizes = await table.evaluate((el) => {
    const box = el.parentElement!;
    return { box: [box.scrollWidth, box.clientWidth], page: [document.documentElement.scrollWidth, document.documentElement.clientWidth] };
  });
  expect(sizes.box[0], `${name}: the table's scroll width within its box`).toBeLessThanOrEqual(sizes.box[1]!);
  expect(sizes.page[0], `${name}: the page's scroll width within the window`).toBeLessThanOrEqual(sizes.page[1]!);
  // The last column is on screen, not clipped past the box's edge (the box is right to left).
  const [last, box] = await Promise.all([table.getByRole('columnheader').last().boundingBox(), table.boundingBox()]);
  expect(last!.x).toBeGreaterThanOrEqual(box!.x - 1);
}

test('at 1366x768 the reserves and the car-post queue show every default column without sideways scrolling', async ({ browser }) => {
  const page = await signedInPage(browser, LAPTOP);
  // A reserve of its own, with a long name, on a free cell three days ahead.
  const bff = async <T,>(procedure: string, input: unknown) => {
    const res = await page.request.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { 'x-panel-request': '1' } });
    expect(res.ok(), `${procedure}: ${await res.text()}`).toBe(true);
    return (await res.json()).result.data as T;
  };
  const day = (await bff<{ date: string }[]>('dispatch.dates', {}))[4]!.date;
  const cells = await bff<{ pk: number; state: number; inspection: unknown; hold: unknown; expert_id: number }[]>('dispatch.cells', { date: day });
  const cell = cells.find((c) => c.state === 0 && !c.inspection && !c.hold && c.expert_id % 6 === 5)!;
  const token = await gatewayToken('staff', ['backoffice#staff']);
  await gatewayCall(page.request, token, 'POST', '/api/inspection/reserves/', {
    cell_pk: cell.pk,
    customer_name: 'عبدالرحمان میرزاحسینی‌نژاد اصفهانی',
    phone_number: '09125550077',
    package: 'کارشناسی جامع',
    payment_minutes: 30,
  }, 201);

  await page.goto('/panel/inspection/reserves');
  await expectFits(page, 'رزروها', 'لینک پرداخت');
  await page.goto('/panel/car-posts');
  await expectFits(page, 'آگهی‌ها', 'کارشناس فروش');
  await page.context().close();
});
