import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { signIn, signedInPage } from '../support/auth';
import { gatewayCall, gatewayToken } from '../support/gateway';
import { lookAt } from '../support/shots';
import { seeToast } from '../support/toast';

// Expert pay (issue 31 "Pay", decisions 107-108): staff change the expert share for a date range
// (the impact per expert shown before saving) and see an expert's payment line change, are
// refused an overlapping rule, then settle the current period from one browser while a second,
// still showing it open, is refused settling it again. The spec reads the demo seed's done orders
// of the current period to pick an expert and a day; the rules and the settlement are its own.

interface Line { kind: string; inspection_code: string | null; day: string; amount: number; rule_id: number | null }
interface Row { expert_id: number; name: string; total: number }

const money = new Intl.NumberFormat('fa-IR');
const toman = (n: number) => `${money.format(n)} تومان`;
const typedJalali = (day: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US-u-ca-persian', { timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(`${day}T12:00:00Z`))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}/${parts.month}/${parts.day}`;
};
const persianDigits = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

async function openLines(page: Page, name: string) {
  await page.goto('/panel/accounting/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'پرداخت‌های کارشناسان' })).toBeVisible();
  await page.getByRole('table', { name: 'پرداخت کارشناسان در دوره' }).getByRole('row').filter({ hasText: name }).first().click();
  const dialog = page.getByRole('dialog', { name: `ردیف‌های پرداخت ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('staff change the expert share for a date range, see the lines change, and settle the period once', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const token = await gatewayToken('staff', ['backoffice#staff']);
  const { results } = await gatewayCall<{ results: Row[] }>(request, token, 'GET', '/api/expert-pay/payments/');
  let picked: { expert: Row; line: Line } | undefined;
  for (const expert of results) {
    const lines = (await gatewayCall<{ results: Line[] }>(request, token, 'GET', `/api/expert-pay/periods/${currentPeriod()}/lines/?expert=${expert.expert_id}`)).results;
    const line = lines.find((l) => l.kind === 'expert_share' && l.rule_id === null);
    if (line) {
      picked = { expert, line };
      break;
    }
  }
  expect(picked, 'a done order of the current period in the demo seed').toBeDefined();
  const { expert, line } = picked!;

  // The payments screen: the expert's line with the default ratios.
  let dialog = await openLines(page, expert.name);
  const row = dialog.getByRole('row').filter({ hasText: persianDigits(line.inspection_code!) }).filter({ hasText: 'سهم کارشناس' });
  await expect(row).toContainText(toman(line.amount));
  await expect(row).toContainText('ضرایب پیش‌فرض ۱٫۰۰');
  await expectAccessible(page, 'the lines dialog');
  await lookAt(page, 'expert-pay-lines');
  await dialog.getByRole('button', { name: 'بستن' }).click();
  await expectAccessible(page, 'the payments list');
  await lookAt(page, 'expert-pay-list');

  // The settings: a rule for the line's day doubles the expert share; its impact shows first.
  await page.goto('/panel/settings/inspection');
  await expect(page.getByRole('heading', { level: 1, name: 'تنظیمات سهم کارشناس' })).toBeVisible();
  await expectAccessible(page, 'the inspection settings');
  const addRule = async () => {
    await page.getByRole('button', { name: 'قاعده سهم تازه' }).click();
    const form = page.getByRole('form', { name: 'قاعده سهم تازه' });
    await form.getByRole('combobox', { name: 'نوع تنظیم' }).click();
    await page.getByRole('option', { name: 'بر اساس تاریخ' }).click();
    await form.getByRole('textbox', { name: 'تاریخ شروع' }).fill(typedJalali(line.day));
    await form.getByRole('textbox', { name: 'تاریخ شروع' }).press('Tab');
    await form.getByRole('textbox', { name: 'تاریخ پایان' }).fill(typedJalali(line.day));
    await form.getByRole('textbox', { name: 'تاریخ پایان' }).press('Tab');
    await form.getByRole('textbox', { name: 'ضریب سهم کارشناس' }).fill('۲٫۰۰۵');
    await form.getByRole('button', { name: 'بررسی اثر و ذخیره' }).click();
    await expect(form.getByText('ضریب باید عددی بین ۰ و ۱۰ با حداکثر دو رقم اعشار باشد.')).toBeVisible();
    await form.getByRole('textbox', { name: 'ضریب سهم کارشناس' }).fill('۲٫۰۰');
    return form;
  };
  const form = await addRule();
  await expectAccessible(page, 'the rule dialog');
  await lookAt(page, 'expert-pay-rule-form');
  await form.getByRole('button', { name: 'بررسی اثر و ذخیره' }).click();
  const impact = page.getByRole('table', { name: 'اثر تغییر بر هر کارشناس' });
  await expect(impact.getByRole('row').filter({ hasText: expert.name })).toBeVisible();
  await expectAccessible(page, 'the rule impact');
  await lookAt(page, 'expert-pay-rule-impact');
  await page.getByRole('button', { name: 'تأیید و ذخیره' }).click();
  await seeToast(page, 'قاعده سهم ذخیره شد.');
  await expect(page.getByRole('table', { name: 'قاعده‌های سهم' }).getByRole('row').filter({ hasText: 'برقرار' })).toHaveCount(1);

  // Which rule the order takes.
  await page.getByRole('textbox', { name: 'کد سفارش' }).fill(line.inspection_code!);
  await page.getByRole('button', { name: 'نمایش قاعده' }).click();
  await expect(page.getByRole('status')).toContainText('نسخه ۱');
  await lookAt(page, 'expert-pay-settings');

  // A second rule over the same day is refused (by the database's exclusion).
  const again = await addRule();
  await again.getByRole('button', { name: 'بررسی اثر و ذخیره' }).click();
  await page.getByRole('button', { name: 'تأیید و ذخیره' }).click();
  await expect(again.getByText('بازه این قاعده با قاعده دیگری هم‌پوشانی دارد؛ در هر روز تنها یک قاعده سهم برقرار است.')).toBeVisible();
  await expectAccessible(page, 'the rule dialog with a refused range');
  await again.getByRole('button', { name: 'انصراف' }).click();
  await expect(page.getByRole('table', { name: 'قاعده‌های سهم' }).getByRole('row').filter({ hasText: 'برقرار' })).toHaveCount(1);

  // The expert's line follows the rule.
  dialog = await openLines(page, expert.name);
  await expect(row).toContainText(toman(line.amount * 2));
  await expect(row).toContainText('نسخه ۱');
  await dialog.getByRole('button', { name: 'بستن' }).click();

  // Settle the period from this browser; a second browser still showing it open is refused.
  const other = await signedInPage(browser, { width: 1366, height: 768 }, 'supervisor');
  try {
    await other.goto('/panel/accounting/payments');
    await expect(other.getByRole('group', { name: 'وضعیت دوره' })).toContainText('باز');
    await page.getByRole('button', { name: 'تسویه دوره' }).click();
    const confirm = page.getByRole('alertdialog', { name: /^تسویه / });
    await expect(confirm).toContainText('تسویه برگشت‌پذیر نیست');
    await expectAccessible(page, 'the settle confirmation');
    await lookAt(page, 'expert-pay-settle');
    await confirm.getByRole('button', { name: 'تسویه دوره' }).click();
    await seeToast(page, 'دوره تسویه شد.');
    // The confirmation closes with an animation; its button has the same name as the bar's.
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('group', { name: 'وضعیت دوره' })).toContainText('تسویه‌شده');
    await expect(page.getByRole('region', { name: 'فیلترها' }).getByRole('button', { name: 'تسویه دوره' })).toBeDisabled();

    await other.getByRole('button', { name: 'تسویه دوره' }).click();
    await other.getByRole('alertdialog', { name: /^تسویه / }).getByRole('button', { name: 'تسویه دوره' }).click();
    await seeToast(other, 'این دوره پیش‌تر تسویه شده است و دوباره تسویه نمی‌شود.');
  } finally {
    await other.context().close();
  }
});

/** The Jalali month of today in Tehran, as the gateway names a period ('1405-09'). */
function currentPeriod(): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US-u-ca-persian', { timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit' }).formatToParts(new Date()).map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}`;
}
