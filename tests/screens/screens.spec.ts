import { expect, test } from '@playwright/test';
import { signedInPage } from '../support/auth';

// Screens for people to look at (right to left, Persian digits, nothing cut), at the two sizes
// the panel is made for; no assertions beyond "it loaded". Not part of `npm test`: run
// `pnpm --filter @panel/tests screens` and open tests/.artifacts/screens/.

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
];

const SCREENS: { name: string; path: string; ready: string }[] = [
  { name: 'api-reference', path: '/api/reference', ready: 'رابط برنامه‌نویسی پنل' },
  { name: 'dispatch-sheet', path: '/panel/inspection/orders/management', ready: 'میز تخصیص کارشناسان' },
  { name: 'order-list', path: '/panel/inspection/orders', ready: 'لیست سفارش‌ها' },
  { name: 'car-posts', path: '/panel/car-posts', ready: 'آگهی‌های خودرو' },
  { name: 'concierge-sale', path: '/panel/concierge-sale', ready: 'فروش همراه' },
];

for (const { name, path, ready } of SCREENS) {
  test(`${name} at both sizes`, async ({ browser }) => {
    for (const size of SIZES) {
      const page = await signedInPage(browser, size);
      await page.goto(path);
      await expect(page.getByText(ready).first()).toBeVisible({ timeout: 30_000 });
      // Loaded: no list or sheet still saying so.
      await expect(page.getByText('در حال بارگذاری...')).toHaveCount(0, { timeout: 30_000 });
      // A live screen is drawn once in step: its cells come with the snapshot, after the lists.
      for (const light of await page.getByTestId('connection').all()) await expect(light).toContainText('آخرین همگام‌سازی', { timeout: 30_000 });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.screenshot({ path: `.artifacts/screens/${name}-${size.width}x${size.height}.png` });
      await page.context().close();
    }
  });
}
