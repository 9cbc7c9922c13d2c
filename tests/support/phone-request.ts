import type { Locator, Page } from '@playwright/test';

/**
 * The phone request form's choices as a caller in Shiraz gives them: the city, the car typed with
 * Latin digits («207») and picked by its Persian name from the catalogue, the full inspection
 * package, and the visit address `address`.
 */
export async function fillShirazRequest(page: Page, form: Locator, address: string): Promise<void> {
  await form.getByRole('combobox', { name: 'شهر' }).click();
  await page.getByRole('option', { name: 'شیراز' }).click();
  await form.getByRole('combobox', { name: 'برند و مدل خودرو' }).fill('207');
  await page.getByRole('option', { name: /^پژو ۲۰۷ \(/ }).click();
  await form.getByRole('combobox', { name: 'بسته کارشناسی' }).click();
  await page.getByRole('option', { name: 'کارشناسی جامع' }).click();
  await form.getByLabel('آدرس محل بازدید').fill(address);
}
