import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits } from '../support/digits';
import { signIn } from '../support/auth';
import { lookAt } from '../support/shots';
import { seeToast } from '../support/toast';

// The vehicle catalogue's brands (issue 33, decision 127): a supervisor merges a duplicate brand
// into the one kept (its model goes with it), sees the merge in the merges list and undoes it;
// the list's brand filter no longer offers the merged brand; staff rename a type of a model, a
// name the model already has refused beside the field alone (no toast). The
// spec acts only on what it makes (names with a serial of its own).

const persian = (text: string) => text.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
/** A serial in letters, for a Latin name (Latin names keep their own script; digits on the screen are Persian). */
const letters = (text: string) => text.replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!);

const H = { 'x-panel-request': '1', 'content-type': 'application/json' };
async function bff<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const res = await page.request.post(`/trpc/${procedure}`, { headers: H, data: input });
  expect(res.ok(), `${procedure}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data as T;
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'supervisor');
});

test('a supervisor merges a duplicate brand into another and undoes it; a type is renamed, a taken name refused', async ({ page }) => {
  test.setTimeout(120_000);
  const serial = String(Date.now() % 100_000).padStart(5, '0');
  const keptName = `هیوندای ${serial}`;
  const dupName = `هیوندائی ${serial}`;
  const kept = await bff<{ id: number }>(page, 'brandModels.createBrand', { name_fa: keptName, name_en: `Hyundai ${letters(serial)}`, logo_media_id: null });
  const dup = await bff<{ id: number }>(page, 'brandModels.createBrand', { name_fa: dupName, name_en: `Hyundai Dup ${letters(serial)}`, logo_media_id: null });
  const sonata = await bff<{ id: number }>(page, 'brandModels.createModel', { brand_id: kept.id, name_fa: 'سوناتا', year_from: 1400 });
  await bff(page, 'brandModels.createModel', { brand_id: dup.id, name_fa: 'توسان', year_from: 1401 });
  await bff(page, 'brandModels.createType', { model_id: sonata.id, name_fa: 'دنده‌ای' });
  await bff(page, 'brandModels.createType', { model_id: sonata.id, name_fa: 'اتوماتیک' });
  // Opened once the brands and models exist: a list fetched while they were being made would show
  // the duplicate brand without its model (seen in a fresh-clone run: «۰ مدل»).
  await page.goto('/panel/brand-model-management');

  // The duplicate brand merged into the one kept.
  await page.getByRole('button', { name: 'برندها' }).click();
  const brands = page.getByRole('dialog', { name: 'برندها' });
  const dupRow = brands.getByRole('row', { name: new RegExp(persian(dupName)) });
  await dupRow.getByRole('button', { name: 'ادغام در برند دیگر' }).click();
  const mergeDialog = page.getByRole('alertdialog', { name: 'ادغام در برند دیگر' });
  await expect(mergeDialog).toContainText(`«${persian(dupName)}» در برند مقصد ادغام می‌شود و ۱ مدل آن به برند مقصد می‌رود.`);
  await expect(mergeDialog.locator('label', { hasText: 'برند مقصد (برندی که می‌ماند)' })).toBeVisible();
  await mergeDialog.getByRole('combobox', { name: 'برند مقصد (برندی که می‌ماند)' }).selectOption({ label: persian(keptName) });
  await mergeDialog.getByRole('textbox', { name: 'دلیل ادغام' }).fill('املای دیگر همان برند');
  await expectAccessible(page, 'the brand merge dialog');
  await lookAt(page, 'catalogue-brand-merge');
  await mergeDialog.getByRole('button', { name: 'ادغام در برند دیگر' }).click();
  await seeToast(page, 'ادغام انجام شد؛ ۱ رکورد به برند مقصد رفت.');
  await expect(dupRow).toContainText(`ادغام‌شده در «${persian(keptName)}»`);
  await expectPersianDigits(page, 'the brands dialog after a merge');
  await lookAt(page, 'catalogue-brands-merged');
  await brands.getByRole('button', { name: 'بستن' }).last().click();

  // Its model now belongs to the kept brand.
  await page.goto(`/panel/brand-model-management?search=${encodeURIComponent('توسان')}&brand=${kept.id}`);
  await expect(page.getByRole('row', { name: new RegExp(`${persian(keptName)}.*توسان`) })).toBeVisible();
  // The list's brand filter offers the kept brand, not the merged one (only the record of its merge).
  await page.getByRole('combobox', { name: 'برند', exact: true }).click();
  await expect(page.getByRole('option', { name: persian(keptName), exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: persian(dupName), exact: true })).toHaveCount(0);
  await lookAt(page, 'catalogue-brand-filter-after-merge');
  await page.keyboard.press('Escape');

  // The merges list shows it; the undo puts the model back.
  await page.getByRole('button', { name: 'ادغام‌ها' }).click();
  const merges = page.getByRole('dialog', { name: 'ادغام‌ها' });
  const row = merges.getByRole('row', { name: new RegExp(`برند ${persian(dupName)}`) }).first();
  await expect(row).toContainText('مدل‌های برند: ۱');
  await expectAccessible(page, 'the merges dialog with a brand merge');
  await lookAt(page, 'catalogue-merges-brand');
  await row.getByRole('button', { name: /^برگرداندن ادغام/ }).click();
  await page.getByRole('alertdialog', { name: 'برگرداندن ادغام' }).getByRole('button', { name: 'برگرداندن ادغام' }).click();
  await seeToast(page, /^ادغام برگردانده شد؛ ۱ رکورد/);
  await page.goto(`/panel/brand-model-management?search=${encodeURIComponent('توسان')}&brand=${dup.id}`);
  await expect(page.getByRole('row', { name: new RegExp(`${persian(dupName)}.*توسان`) })).toBeVisible();

  // A type renamed from the model's drawer; a name the model already has is refused beside the field.
  await page.goto(`/panel/brand-model-management?search=${encodeURIComponent(keptName)}`);
  await page.getByRole('row', { name: /سوناتا/ }).click();
  const drawer = page.getByRole('dialog', { name: `مدل ${persian(keptName)} سوناتا` });
  await drawer.getByRole('button', { name: 'تغییر نام تیپ دنده‌ای' }).click();
  const renameForm = page.getByRole('form', { name: 'تغییر نام تیپ «دنده‌ای»' });
  const name = renameForm.getByRole('textbox', { name: 'نام تازه تیپ' });
  await name.fill('اتوماتیک');
  await renameForm.getByRole('button', { name: 'ذخیره نام' }).click();
  await expect(renameForm.getByText('این مدل تیپی با همین نام دارد.')).toBeVisible();
  // Beside the field only: no toast says it again («مشکل name_fa: …»).
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expectAccessible(page, 'the type rename dialog');
  await lookAt(page, 'catalogue-type-rename');
  await name.fill('دنده‌ای 6 سرعته');
  await renameForm.getByRole('button', { name: 'ذخیره نام' }).click();
  await seeToast(page, 'تغییرات ذخیره شد.');
  await expect(renameForm).toBeHidden();
  await expect(drawer.getByRole('table', { name: 'تیپ‌های مدل' })).toContainText('دنده‌ای ۶ سرعته');
  await expect(drawer.getByRole('region', { name: 'تاریخچه مدل' })).toContainText('از «دنده‌ای» به «دنده‌ای ۶ سرعته»');
});
