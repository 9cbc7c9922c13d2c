import { type Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits } from '../support/digits';
import { signIn, signedInPage } from '../support/auth';

// What a page shows when its screen failed to render, or when the address is no page of the panel.
const BROKEN = ['در نمایش این صفحه خطایی رخ داد.', 'صفحه یافت نشد'];

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'منوی پنل' });
const pageLinks = (page: Page) => sidebar(page).getByRole('navigation', { name: 'صفحه‌های پنل' }).getByRole('link');

test.describe('panel shell', () => {
  // Forty-two pages: the first and the second half of the sidebar are two tests, run side by side.
  for (const half of [1, 2] as const) {
    test(`staff see every group and page of the sidebar, and every link opens its page (half ${half})`, async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, 'staff');
      await page.goto('/panel/sms');
      await expect(pageLinks(page)).toHaveCount(42);
      await expectPersianDigits(page, 'the shell');
      for (const group of ['خدمات کارشناسی', 'خدمات فروش خودرو', 'لیزینگ', 'مدیریت گزارش کارشناسی', 'مدیریت کارشناسی', 'قولنامه', 'کارشناسان و دستیاران', 'عمومی']) {
        await expect(sidebar(page).getByRole('region', { name: group })).toBeVisible();
      }
      const titles = await pageLinks(page).allInnerTexts();
      for (const title of half === 1 ? titles.slice(0, 21) : titles.slice(21)) {
        const link = pageLinks(page).getByText(title, { exact: true });
        const href = await link.getAttribute('href');
        await link.click();
        await expect(page).toHaveURL(href!);
        // Every page of the sidebar is a module's screen (issue 33 built the last of them).
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        for (const text of BROKEN) await expect(page.getByText(text)).toHaveCount(0);
      }
      if (half === 2) await expect(page).toHaveURL(/\/panel\/deals$/);
    });
  }

  test('a user without the staff role sees only the pages open to everyone', async ({ page }) => {
    await signIn(page, 'viewer');
    await page.goto('/panel/sms');
    await expect(pageLinks(page)).toHaveText(['لیست سفارش‌ها', 'ادمین کارشناسی', 'نگاشت اصالت', 'پنل پیامک']);
    // Spec §2 puts caller history in every user's footer.
    await sidebar(page).getByRole('button', { name: 'تاریخچه تماس' }).click();
    await expect(page.getByRole('dialog', { name: 'تاریخچه تماس‌گیرنده' }).getByText('شما در حال مکالمه نیستید!')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/panel/accounting/transactions');
    await expect(page.getByText('شما به این بخش دسترسی ندارید.')).toBeVisible();
    await expectPersianDigits(page, 'the no-access page');
  });

  test('the collapsed rail opens each group in a popup sub-menu', async ({ page }) => {
    await signIn(page, 'staff');
    await page.goto('/panel/sms');
    await sidebar(page).getByRole('button', { name: 'بستن منو' }).click();
    await expect(pageLinks(page)).toHaveCount(0);
    await sidebar(page).getByRole('button', { name: 'لیزینگ' }).click();
    const popup = page.getByRole('navigation', { name: 'لیزینگ' });
    await expect(popup.getByRole('link')).toHaveText(['ثبت سفارش لیزینگ', 'سفارش‌های لیزینگ', 'مطالبات لیزینگ']);
    await popup.getByRole('link', { name: 'مطالبات لیزینگ' }).click();
    await expect(page).toHaveURL(/\/panel\/leasing\/claims$/);
    await expect(page.getByRole('heading', { level: 1, name: 'مطالبات لیزینگ' })).toBeVisible();
    // The choice is remembered.
    await page.reload();
    await expect(sidebar(page).getByRole('button', { name: 'باز کردن منو' })).toBeVisible();
    await sidebar(page).getByRole('button', { name: 'باز کردن منو' }).click();
    await expect(pageLinks(page)).toHaveCount(42);
  });

  test('at 1366x768 the sidebar starts as its rail; opened, its active item is in view above the footer', async ({ browser }) => {
    const page = await signedInPage(browser, { width: 1366, height: 768 });
    await page.goto('/panel/leasing/claims');
    await expect(page.getByRole('heading', { level: 1, name: 'مطالبات لیزینگ' })).toBeVisible();
    await sidebar(page).getByRole('button', { name: 'باز کردن منو' }).click();
    const active = pageLinks(page).filter({ hasText: 'مطالبات لیزینگ' });
    await expect(active).toBeInViewport({ ratio: 1 });
    const footer = sidebar(page).getByRole('button', { name: 'تاریخچه تماس' });
    const [item, first] = [(await active.boundingBox())!, (await footer.boundingBox())!];
    expect(item.y + item.height, 'the active item ends above the footer').toBeLessThanOrEqual(first.y);
    await expectAccessible(page, 'the open sidebar at 1366x768');
    await page.context().close();
  });

  test('a user without the staff role who lands on the sheet is offered the pages they can open', async ({ page }) => {
    await signIn(page, 'viewer');
    await page.goto('/panel/inspection/orders/management');
    await expect(page.getByText('شما به این بخش دسترسی ندارید.')).toBeVisible();
    const offered = page.getByRole('main').getByRole('navigation', { name: 'صفحه‌هایی که می‌توانید باز کنید' });
    await expect(offered.getByRole('link')).toHaveText(['لیست سفارش‌ها', 'ادمین کارشناسی', 'نگاشت اصالت', 'پنل پیامک']);
    await expectAccessible(page, 'the no-access page');
    await offered.getByRole('link', { name: 'لیست سفارش‌ها' }).click();
    await expect(page).toHaveURL(/\/panel\/inspection\/orders$/);
  });

  test('the caller-history dialog offers the caller’s history while on a call', async ({ page }) => {
    await signIn(page, 'staff');
    await page.goto('/panel/sms');
    await sidebar(page).getByRole('button', { name: 'تاریخچه تماس' }).click();
    const dialog = page.getByRole('dialog', { name: 'تاریخچه تماس‌گیرنده' });
    await expect(dialog.getByText('۰۹۱۲۱۲۳۴۵۶۷')).toBeVisible();
    await expectPersianDigits(page, 'the caller-history dialog');
    await expect(dialog.getByRole('link', { name: 'سفارش‌های کارشناسی' })).toHaveAttribute(
      'href',
      '/panel/inspection/orders?search=09121234567&date=&state=',
    );
    await expect(dialog.getByRole('link', { name: 'فروش همراه' })).toHaveAttribute('href', '/panel/concierge-sale?search=09121234567');
    await expect(dialog.getByRole('link', { name: 'سفارش‌های لیزینگ' })).toHaveAttribute('href', '/panel/leasing/orders?search=09121234567');
    await dialog.getByRole('link', { name: 'فروش همراه' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/panel\/concierge-sale\?search=09121234567$/);
  });

  test('the caller-history dialog says so when the staff member is not on a call', async ({ page }) => {
    await signIn(page, 'staff2');
    await page.goto('/panel/sms');
    await sidebar(page).getByRole('button', { name: 'تاریخچه تماس' }).click();
    const dialog = page.getByRole('dialog', { name: 'تاریخچه تماس‌گیرنده' });
    await expect(dialog.getByText('شما در حال مکالمه نیستید!')).toBeVisible();
    await expect(dialog.getByRole('link')).toHaveCount(0);
  });
});
