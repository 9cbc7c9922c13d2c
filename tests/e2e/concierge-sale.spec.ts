import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn, signedInPage } from '../support/auth';
import { GATEWAY_URL } from '../support/gateway';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits } from '../support/digits';

// Issue 15, "Done when", as a new user would: register a sale by phone, find it from the caller
// dialog link, assign a supervisor; then, on a sale of its own sent to buyers, watch a buyer's
// offer arrive live on offer monitoring in a second browser, accept it, submit and approve the
// deal, see the commission and the deal in /panel/deals with totals; a sales expert is refused
// another's sale. Two tests, so the two halves run side by side.

// The machine running the specs is shared and loaded: waits get room, never sleeps.
const expectSlow = expect.configure({ timeout: 30_000 });
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
const H = { 'x-panel-request': '1', 'content-type': 'application/json' };

async function bff<T>(page: Page, procedure: string, input: unknown, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  const res =
    method === 'GET'
      ? await page.request.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: H })
      : await page.request.post(`/trpc/${procedure}`, { headers: H, data: input });
  expect(res.ok(), `${procedure}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data as T;
}

/**
 * A sale of the spec's own, as the submit-order form registers it (a Dena, gold plan, expected
 * 850,000,000 tomans), its supervisor assigned and sent to buyers, through the BFF procedures
 * the screens call: what the first test does on screen.
 */
async function saleOfferedToBuyers(page: Page, applicant: string): Promise<{ saleId: number; token: string }> {
  const [car] = await bff<{ model_id: number }[]>(page, 'brandModels.search', { q: 'دنا' }, 'GET');
  const { id, token } = await bff<{ id: number; token: string }>(page, 'conciergeSale.create', {
    applicant_full_name: applicant,
    phone_number: '09121234567',
    city_id: 4,
    car_model_id: car!.model_id,
    car_brand_model_year: 1400,
    usage: 45000,
    price: '850000000',
    address: 'اصفهان، خیابان چهارباغ، پلاک ۱۲',
    plan: 'gold',
  });
  const people = await bff<{ supervisors: { id: number; name: string }[] }>(page, 'conciergeSale.people', undefined, 'GET');
  const supervisorId = people.supervisors.find((p) => p.name === 'رضا قاسمی')!.id;
  const assigned = await bff<{ version: number }>(page, 'conciergeSale.assignSupervisor', { id, supervisor_id: supervisorId, version: 0 });
  await bff(page, 'conciergeSale.sendToOffer', { id, version: assigned.version });
  return { saleId: id, token };
}

test('a concierge sale registered by phone, found from the caller dialog, given a supervisor and sent to buyers', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'staff');

  // 1. Register the sale by phone: a wrong number first, then the caller's (staff is on a call).
  await page.goto('/panel/sell-assisstant/submit-order');
  const form = page.getByRole('form', { name: 'ثبت سفارش فروش همراه' });
  await form.getByLabel('شماره تلفن همراه').fill('۰۹۱۲۳');
  await form.getByRole('button', { name: 'ثبت سفارش' }).click();
  await expect(form.getByText('شماره تلفن همراه معتبر نیست')).toBeVisible();
  await expect(form.getByText('نام متقاضی را بنویسید')).toBeVisible();
  await expect(form.getByText('خودرو را از فهرست انتخاب کنید')).toBeVisible();
  await expectPersianDigits(page, 'the submit-order form');
  await expectAccessible(page, 'the submit-order form');
  await form.getByRole('button', { name: 'استفاده از شماره تماس جاری (۰۹۱۲۱۲۳۴۵۶۷)' }).click();
  await expect(form.getByText('شماره تلفن همراه معتبر نیست')).toHaveCount(0);
  await form.getByLabel('نام متقاضی').fill('بهرام فرهمند');
  await form.getByRole('combobox', { name: 'شهر' }).click();
  await page.getByRole('option', { name: 'اصفهان' }).click();
  await form.getByRole('combobox', { name: 'برند و مدل خودرو' }).fill('دنا');
  await page.getByRole('option', { name: /^ایران‌خودرو دنا \(/ }).first().click();
  await form.getByLabel('سال ساخت').fill('۱۴۰۰');
  await form.getByLabel('کارکرد (کیلومتر)').fill('۴۵۰۰۰');
  await form.getByLabel('قیمت مورد انتظار مشتری (تومان)').fill('۸۵۰۰۰۰۰۰۰');
  await form.getByRole('combobox', { name: 'طرح فروش' }).click();
  await page.getByRole('option', { name: 'طلایی' }).click();
  await form.getByLabel('نشانی').fill('اصفهان، خیابان چهارباغ، پلاک ۱۲');
  await form.getByRole('button', { name: 'ثبت سفارش' }).click();

  await expectSlow(page).toHaveURL(/\/panel\/concierge-sale\/\d+$/);
  const saleId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1 })).toContainText('بهرام فرهمند');
  await expect(page.getByText('ثبت شده').first()).toBeVisible();
  const token = (await page.getByRole('region', { name: 'متقاضی و تماس' }).locator('[data-ltr]').first().textContent())!;
  expect(token).toMatch(/^cs-[0-9a-f]{10}$/);
  await expectPersianDigits(page, 'the new sale\'s detail');
  await expectAccessible(page, 'the sale detail');

  // 2. Found from the caller-history dialog's link.
  await page.getByRole('complementary', { name: 'منوی پنل' }).getByRole('button', { name: 'تاریخچه تماس' }).click();
  const caller = page.getByRole('dialog', { name: 'تاریخچه تماس‌گیرنده' });
  await expectAccessible(page, 'the caller-history dialog');
  await caller.getByRole('link', { name: 'فروش همراه' }).click();
  await expect(page).toHaveURL(/\/panel\/concierge-sale\?search=09121234567$/);
  const rows = page.getByRole('table', { name: 'فروش‌ها' }).locator('tbody tr');
  await expect(rows.filter({ hasText: 'بهرام فرهمند' })).toHaveCount(1);
  await expect(rows.first()).toContainText('۰۹۱۲۱۲۳۴۵۶۷');
  await expectPersianDigits(page, 'the sale list');
  await expectAccessible(page, 'the sale list');
  await rows.filter({ hasText: 'بهرام فرهمند' }).click();
  await expect(page).toHaveURL(new RegExp(`/panel/concierge-sale/${saleId}$`));

  // 3. Assign a supervisor, then offer the car to buyers.
  const actions = page.getByRole('group', { name: 'کارها' });
  const history = page.getByRole('region', { name: 'تاریخچه فروش' });
  await actions.getByRole('button', { name: 'تعیین ناظر' }).click();
  const assign = page.getByRole('alertdialog', { name: 'تعیین ناظر' });
  await assign.getByLabel('ناظر فروش').selectOption({ label: 'رضا قاسمی' });
  await expectAccessible(page, 'the assign-supervisor dialog');
  await assign.getByRole('button', { name: 'تعیین ناظر' }).click();
  await expect(toast(page, 'ناظر فروش تعیین شد.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'افراد' })).toContainText('رضا قاسمی');
  // Refused: a sale in the supervisor's hands is not yet in a deal, so it cannot be approved.
  await expect(actions.getByRole('button', { name: 'تأیید معامله' })).toHaveCount(0);
  await actions.getByRole('button', { name: 'ارسال به پیشنهاد' }).click();
  await page.getByRole('alertdialog', { name: 'ارسال به پیشنهاد' }).getByRole('button', { name: 'ارسال به پیشنهاد' }).click();
  await expect(toast(page, 'خودرو به پیشنهاد خریداران فرستاده شد.')).toBeVisible();
  await expect(history.getByText(/ارسال به پیشنهاد/)).toBeVisible();
});

test("a sale sent to buyers: a buyer's offer arrives live, is accepted, the deal renegotiated and approved, and listed with its totals", async ({ page, browser }) => {
  test.setTimeout(300_000);
  await signIn(page, 'staff');
  const { saleId, token } = await saleOfferedToBuyers(page, 'کاوه فرهمند');

  // 4. The supervisor watches offer monitoring in a second browser; a buyer's offer arrives live.
  const supervisor = await signedInPage(browser, { width: 1366, height: 768 }, 'supervisor');
  await supervisor.goto('/panel/concierge-sale/offer-monitoring');
  await expect(supervisor.getByTestId('connection')).toHaveAttribute('data-status', 'live', { timeout: 30_000 });
  const card = supervisor.getByTestId(`sale-${token}`);
  await expect(card).toContainText('هنوز پیشنهادی برای این خودرو نرسیده است.', { timeout: 30_000 });
  const offered = await page.request.post(`${GATEWAY_URL}/api/concierge-sale/public/sales/${token}/offers/`, {
    data: { buyer_name: 'شهرام نیک‌نام', buyer_phone_number: '09351234567', amount: 820_000_000 },
  });
  expect(offered.status()).toBe(201);
  const offer = card.getByTestId('buyer-offer').filter({ hasText: 'شهرام نیک‌نام' });
  await expectSlow(offer).toContainText('۸۲۰٬۰۰۰٬۰۰۰');
  await expectPersianDigits(supervisor, 'offer monitoring');
  await expectAccessible(supervisor, 'offer monitoring');

  // 5. Accept it: the commission is shown before the deal starts.
  await offer.getByRole('button', { name: 'پذیرش پیشنهاد شهرام نیک‌نام' }).click();
  const accept = supervisor.getByRole('alertdialog', { name: 'پذیرش پیشنهاد خریدار' });
  await expect(accept.getByTestId('commission-preview')).toContainText('کمیسیون کل (محصول): ۱۲٬۳۰۰٬۰۰۰ تومان');
  await expectPersianDigits(supervisor, 'the accept dialog');
  await expectAccessible(supervisor, 'the accept dialog');
  await accept.getByRole('button', { name: 'پذیرش پیشنهاد خریدار' }).click();
  await expectSlow(supervisor).toHaveURL(new RegExp(`/panel/concierge-sale/${saleId}$`));
  await expect(supervisor.getByText('در حال معامله').first()).toBeVisible();

  // 6. The deal is renegotiated: cancelled with a reason, then submitted again with new terms.
  const supActions = supervisor.getByRole('group', { name: 'کارها' });
  await supActions.getByRole('button', { name: 'لغو معامله' }).click();
  const cancelDeal = supervisor.getByRole('alertdialog', { name: 'لغو معامله' });
  await cancelDeal.getByRole('button', { name: 'لغو معامله' }).click();
  await expect(cancelDeal.getByText('دلیل را بنویسید.')).toBeVisible();
  await cancelDeal.getByLabel('دلیل').fill('خریدار قیمت را بالاتر برد');
  await cancelDeal.getByRole('button', { name: 'لغو معامله' }).click();
  await expect(toast(supervisor, 'معامله لغو شد.')).toBeVisible();

  await supActions.getByRole('button', { name: 'ثبت معامله' }).click();
  const submit = supervisor.getByRole('alertdialog', { name: 'ثبت معامله' });
  await submit.getByLabel('نام خریدار').fill('شهرام نیک‌نام');
  await submit.getByLabel('تلفن خریدار').fill('۰۹۳۵۱۲۳۴۵۶۷');
  await submit.getByLabel('مبلغ معامله (تومان)').fill('۸۴۰٬۰۰۰٬۰۰۰');
  await submit.getByLabel('درصد کمیسیون فروش').fill('۲');
  await expect(submit.getByTestId('commission-preview')).toContainText('کمیسیون فروش همراه: ۱۶٬۸۰۰٬۰۰۰ تومان');
  await expect(submit.getByTestId('commission-preview')).toContainText('کمیسیون کل (محصول): ۲۱٬۰۰۰٬۰۰۰ تومان');
  await expectAccessible(supervisor, 'the submit-deal dialog');
  await submit.getByRole('button', { name: 'ثبت معامله' }).click();
  await expect(toast(supervisor, 'معامله ثبت شد و منتظر تأیید ناظر است.')).toBeVisible();

  // 7. The supervisor approves it; the commission is on the sale.
  await supActions.getByRole('button', { name: 'تأیید معامله' }).click();
  await supervisor.getByRole('alertdialog', { name: 'تأیید معامله' }).getByRole('button', { name: 'تأیید معامله' }).click();
  await expect(toast(supervisor, 'معامله تأیید شد.')).toBeVisible();
  await expect(supervisor.getByText('فروخته شده').first()).toBeVisible();
  const deal = supervisor.getByRole('region', { name: 'معامله' });
  await expect(deal).toContainText('۲۱٬۰۰۰٬۰۰۰ تومان');
  await expect(deal).toContainText('۱۶٬۸۰۰٬۰۰۰ تومان (۲٪)');
  await expect(supervisor.getByRole('region', { name: 'تاریخچه فروش' })).toContainText('خریدار قیمت را بالاتر برد');
  await expectPersianDigits(supervisor, 'the sold sale');
  await supervisor.context().close();

  // 8. The deal in /panel/deals, with the totals of the filtered set.
  // The renegotiated deal is there too, cancelled; the approved one is filtered in the address.
  await page.goto(`/panel/deals?search=${token}`);
  const deals = page.getByRole('table', { name: 'معاملات' }).locator('tbody tr');
  await expectSlow(deals).toHaveCount(2);
  await expect(deals.filter({ hasText: 'لغو شده' })).toHaveCount(1);
  await page.goto(`/panel/deals?search=${token}&state=approved`);
  await expectSlow(deals).toHaveCount(1);
  await expect(deals.first()).toContainText('تأیید شده');
  const totals = page.getByRole('group', { name: 'جمع معاملات فیلترشده' });
  await expect(totals).toContainText('تعداد معاملات۱');
  await expect(totals).toContainText('۸۴۰٬۰۰۰٬۰۰۰ تومان');
  await expect(totals).toContainText('۲۱٬۰۰۰٬۰۰۰ تومان');
  await expect(page.getByRole('button', { name: 'خروجی CSV' })).toBeEnabled();
  await expectPersianDigits(page, 'the deals list');
  await expectAccessible(page, 'the deals list');

  // 9. The buyers' offers list shows the accepted offer.
  await page.goto(`/panel/concierge-sale/offers?search=${token}`);
  await expect(page.getByRole('table', { name: 'پیشنهادهای خریداران' }).locator('tbody tr').filter({ hasText: 'شهرام نیک‌نام' })).toContainText('پذیرفته شده');
  await expectPersianDigits(page, 'the buyers\' offer list');
  await expectAccessible(page, 'the buyers\' offer list');

  // 10. A sales expert opening another's sale by its address is refused.
  const sales2 = await signedInPage(browser, { width: 1366, height: 768 }, 'sales2');
  await sales2.goto(`/panel/concierge-sale/${saleId}`);
  await expect(sales2.getByText('پیام: این فروش به شما سپرده نشده است.').first()).toBeVisible();
  await sales2.goto('/panel/concierge-sale');
  await expect(sales2.getByRole('table', { name: 'فروش‌ها' }).locator('tbody tr').filter({ hasText: 'کاوه فرهمند' })).toHaveCount(0);
  await sales2.context().close();
});
