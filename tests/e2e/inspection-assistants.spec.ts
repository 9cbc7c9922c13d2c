import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/auth';
import { expectAccessible } from '../support/axe';
import { bffCall as bff } from '../support/bff';
import { expectPersianDigits } from '../support/digits';

// Issue 29 part A: a phone request lands on the next active inspection assistant (turn-assign, in
// the order's own transaction); a QC reviewer claims a Q order, is refused approving before every
// photo has a verdict, judges the five photos, approves it on to pricing; a pricing assistant
// prices it and it is done. The turn-assign and queue lists wait for the list kit; this spec
// drives the report pages and reads the board through the BFF.

interface Assistant {
  id: number;
  username: string;
  active: boolean;
  version: number;
  turns_away: number | null;
}

async function shoot(page: Page, name: string) {
  for (const [width, height] of [[1920, 1080], [1366, 768]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('a phone request lands on the next active assistant; a QC reviewer approves a Q order on to pricing, which prices it', async ({ page }) => {
  test.slow();
  await signIn(page);

  // Turn-assign: the next assistant in turn is deactivated; the phone request goes past them.
  const board = await bff<{ results: Assistant[] }>(page, 'inspectionAssistants.board');
  const next = board.results.find((a) => a.turns_away === 0)!;
  await bff(page, 'inspectionAssistants.deactivate', { id: next.id, version: next.version }, 'POST');
  const created = await bff<{ pk: number; code: string }>(page, 'inspectionOrders.create', { customer_name: 'بهاره نوبتی', phone_number: '09125550029', city_id: 1, brand_model: 'کیا سراتو', package: 'کارشناسی پایه', visit_place: 'تهران، ونک' }, 'POST');
  const [entry] = await bff<{ assistant: string; explanation: string }[]>(page, 'inspectionAssistants.ledger', { pk: created.pk, limit: 5 });
  expect(entry!.assistant).not.toBe(next.username);
  expect(entry!.explanation).toContain('غیرفعال');
  const after = (await bff<{ results: Assistant[] }>(page, 'inspectionAssistants.board')).results.find((a) => a.id === next.id)!;
  await bff(page, 'inspectionAssistants.activate', { id: after.id, version: after.version }, 'POST');

  // QC: an unclaimed Q order that asks for a price estimation.
  const queue = await bff<{ results: { pk: number; claimed_by: string | null }[] }>(page, 'inspectionAssistants.queue', { kind: 'qc' });
  const candidates = queue.results.filter((o) => o.claimed_by === null);
  let pk = 0;
  for (const candidate of candidates.reverse()) {
    const report = await bff<{ pricing: boolean }>(page, 'inspectionAssistants.report', { kind: 'qc', pk: candidate.pk });
    if (report.pricing) {
      pk = candidate.pk;
      break;
    }
  }
  expect(pk, 'a seeded Q order asking for a price').toBeGreaterThan(0);

  await page.goto(`/panel/inspection/qc-assistants/${pk}`);
  await expect(page.getByRole('heading', { name: /کنترل کیفیت سفارش/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /کیلومترشمار/ })).toBeVisible();
  await expectPersianDigits(page, 'QC report page');
  await page.getByRole('button', { name: 'برداشتن سفارش' }).click();
  await expect(page.getByText('سفارش برداشته شد.')).toBeVisible();

  // Refused: approval before every photo has its verdict.
  await page.getByRole('button', { name: 'تأیید و ارسال به قیمت‌گذاری' }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'تأیید و ارسال به قیمت‌گذاری' }).click();
  await expect(page.getByText('پیش از تأیید، برای هر پنج عکس نظر بدهید.')).toBeVisible();

  for (const slot of ['نمای جلو', 'نمای عقب', 'کیلومترشمار', 'سمت راننده', 'سمت شاگرد']) {
    await page.getByRole('button', { name: `تأیید ${slot}` }).click();
  }
  await expectAccessible(page, 'QC report page');
  await shoot(page, 'qc-report');
  await page.getByRole('button', { name: 'تأیید و ارسال به قیمت‌گذاری' }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'تأیید و ارسال به قیمت‌گذاری' }).click();
  await expect(page.getByText('کنترل کیفیت تأیید شد.')).toBeVisible();
  await expect(page.getByText('در انتظار قیمتگذاری').first()).toBeVisible();

  // Pricing: the same order at the pricing desk.
  await page.goto(`/panel/inspection/pricing-assistants/${pk}`);
  await page.getByRole('button', { name: 'برداشتن سفارش' }).click();
  await page.getByLabel('کمترین قیمت (تومان)').fill('۸۰۰۰۰۰۰۰۰');
  await page.getByLabel('بیشترین قیمت (تومان)').fill('۹۲۰۰۰۰۰۰۰');
  await expectAccessible(page, 'pricing desk page');
  await shoot(page, 'pricing-desk');
  await page.getByRole('button', { name: 'ثبت بازه قیمت' }).click();
  await expect(page.getByText('بازه قیمت ثبت شد و سفارش انجام شد.')).toBeVisible();
  await expect(page.getByText('انجام شده').first()).toBeVisible();
});
