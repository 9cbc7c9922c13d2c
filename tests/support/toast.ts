import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * A toast with this text shows; then it is closed as a person would close it. Toasts stand at the
 * top centre (spec §9) over a detail page's action bar, and one under the pointer waits there:
 * a spec that clicks the next action right after must not leave one in the way.
 */
export async function seeToast(page: Page, text: string | RegExp): Promise<void> {
  const toast = page.getByTestId('toast').filter({ hasText: text });
  await expect(toast.first()).toBeVisible();
  // It may close by itself first (3 s): then there is nothing to click. The click is tried only
  // while the toast is there, so one already gone is not waited for (a lone click with a timeout
  // waited its whole 2 s for a toast that had closed: 2 s in one toast of three under load).
  const close = toast.first().getByRole('button', { name: 'بستن' });
  await expect(async () => {
    if ((await toast.count()) > 0) await close.click({ timeout: 500 });
  })
    .toPass({ timeout: 2_000 })
    .catch(() => undefined);
  await expect(toast).toHaveCount(0);
}
