import type { Page } from '@playwright/test';
import { test } from './fixtures';

/** Whether this run takes the screenshots people look at (`E2E_SHOTS=1`); `npm test` does not. */
export const SHOTS = Boolean(process.env.E2E_SHOTS);

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
] as const;

/**
 * The screen as it is now, at 1920x1080 and 1366x768, full page, into the test's output folder
 * (`<name>-<width>.png`), when the run takes screenshots; the viewport is put back, so a spec
 * goes on the same either way. Looking is a person's job, not an assertion (issue 26).
 */
export async function lookAt(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  const before = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
