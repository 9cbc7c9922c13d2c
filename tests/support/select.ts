import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Picks `option` from the select named `combobox` as a person would: opens it, waits for the
 * option, clicks it, and waits for the list to close. A select reopened while its list is still
 * closing loses the next click (seen on a loaded machine in the ticket specs), so the next
 * pick always starts from a closed list.
 */
export async function chooseOption(page: Page, combobox: string, option: string): Promise<void> {
  await expect(page.getByRole('listbox')).toBeHidden();
  await page.getByRole('combobox', { name: combobox }).click();
  const item = page.getByRole('option', { name: option, exact: true });
  await expect(item).toBeVisible();
  await item.click();
  await expect(page.getByRole('listbox')).toBeHidden();
}
