import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { expectPersianDigits, toPersianDigits } from '../support/digits';
import { signIn } from '../support/auth';
import { bffCall } from '../support/bff';
import { gatewayCall, gatewayToken } from '../support/gateway';
import { fillShirazRequest } from '../support/phone-request';
import { chooseOption } from '../support/select';
import { lookAt } from '../support/shots';

// جزئیات خودرو (issue 33, decision 120): a car known to two modules is made through the gateway (a
// concierge sale registered by phone through the BFF, and the affidavit of that sale through the
// gateway); staff look it up by the
// sale's token and read its time line and the sections that have nothing of it. Then the demo
// car the seed linked across modules (plate 22 ب 365 ایران 10), typed in Persian digits with
// a dash, and the same car by the post token its time line names; a malformed query is refused
// beside the field in Persian and asks nothing. Then the VIN (decision 136): a phone request taken
// with the car's VIN (a malformed one refused beside its field), found by that VIN in car detail,
// and the demo car by the VIN its advert and order record: the same time line as by its plate.
// Then (decision 136, "Stop 50") an order taken without a VIN gets one from its detail page: a
// malformed VIN refused beside the field, the VIN set, shown and in the order's history, and car
// detail finds the order by it.

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('staff look a car up by sale token, plate and post token and read its history across modules', async ({ page, request }) => {
  test.setTimeout(120_000);
  const serial = String(Date.now() % 10_000_000).padStart(7, '0');
  const seller = `نادر صالحی ${toPersianDigits(Number(serial))}`;
  // Through the BFF as the signed-in staff member (the sale records who registered it).
  const sale = await bffCall<{ id: number; token: string }>(page, 'conciergeSale.create', {
    applicant_full_name: seller,
    phone_number: `0912${serial}`,
    city_id: 1,
    car_model_id: 1,
    car_brand_model_year: 1399,
    usage: 85000,
    price: 650000000,
    address: 'تهران، خیابان ولیعصر',
    plan: 'standard',
  }, 'POST');
  const token = await gatewayToken('staff', ['backoffice#staff']);
  const { data: affidavit } = await gatewayCall<{ data: { id: number } }>(request, token, 'POST', '/api/affidavits/', {
    buyer_name: 'کامران یزدی',
    buyer_phone: `0935${serial}`,
    seller_name: seller,
    seller_phone: `0912${serial}`,
    car_title: 'پژو ۲۰۶',
    car_year: 1399,
    city_id: 1,
    price: 640000000,
    concierge_sale_id: sale.id,
  }, 201);

  // By the sale's token: the sale and its affidavit, and plainly what nobody recorded.
  await page.goto('/panel/car-detail');
  await expect(page.getByRole('heading', { level: 1, name: 'جزئیات خودرو' })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'کد پلاک، توکن یا شماره شاسی' });
  await field.fill(sale.token.toUpperCase());
  await page.getByRole('button', { name: 'جست‌وجو' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${sale.token.toUpperCase()}`));
  await expect(page.getByRole('heading', { level: 2, name: `توکن فروش همراه ${sale.token}` })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'خط زمانی خودرو' });
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').first()).toContainText(`قولنامه ${toPersianDigits(affidavit.id)}: ${seller} به کامران یزدی`);
  await expect(timeline.getByRole('link', { name: `درخواست فروش همراه ${sale.token}` })).toHaveAttribute('href', `/panel/concierge-sale/${sale.id}`);
  const sections = page.getByRole('region', { name: 'آنچه هر بخش می‌داند' });
  await expect(sections).toContainText('هیچ کارشناسی‌ای برای این خودرو ثبت نشده است.');
  await expect(sections).toContainText('هیچ آگهی‌ای برای این خودرو ثبت نشده است.');
  await expect(sections).toContainText('درخواست‌های لیزینگ پلاک، آگهی یا فروش خودرو را ثبت نمی‌کنند');
  await expect(sections.getByRole('listitem').filter({ hasText: 'قولنامه' })).toContainText('۱ مورد');
  await expect(page.getByRole('region', { name: 'شناسنامهٔ خودرو به گفتهٔ سوابق' })).toContainText(`۱۳۹۹ به گفتهٔ فروش همراه ${sale.token}، قولنامه ${toPersianDigits(affidavit.id)}`);
  await expectPersianDigits(page, 'a car found by its sale token');
  await expectAccessible(page, 'a car found by its sale token');
  await lookAt(page, 'car-detail-sale');

  // The demo car by plate, typed in Persian digits with a dash: every module that knows it.
  await field.fill('۲۲ب۳۶۵-۱۰');
  await field.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'کد پلاک ۲۲ ب ۳۶۵ ایران ۱۰' })).toBeVisible();
  await expect(sections.getByRole('listitem').filter({ hasText: 'آگهی‌ها' })).toContainText('۲ مورد');
  await expect(sections.getByRole('listitem').filter({ hasText: 'کارشناسی' })).not.toContainText('بدون داده');
  const byPlate = await timeline.getByRole('listitem').count();
  expect(byPlate).toBeGreaterThan(5);
  await expectPersianDigits(page, 'a car found by its plate');
  await expectAccessible(page, 'a car found by its plate');
  await lookAt(page, 'car-detail-plate');

  // The same car by the token of the advert its sale names.
  const postLink = timeline.getByRole('link', { name: /^ثبت آگهی [a-z0-9]+ ?: .* فروش همراه$/ });
  const postToken = /^ثبت آگهی ([a-z0-9]+)/.exec((await postLink.textContent()) ?? '')![1]!;
  await field.fill(postToken);
  await chooseOption(page, 'نوع جست‌وجو', 'توکن آگهی');
  await page.getByRole('button', { name: 'جست‌وجو' }).click();
  await expect(page).toHaveURL(/kind=post/);
  await expect(page.getByRole('heading', { level: 2, name: `توکن آگهی ${postToken}` })).toBeVisible();
  await expect(timeline.getByRole('listitem')).toHaveCount(byPlate);

  // A malformed query is refused beside the field; the car shown stays.
  await chooseOption(page, 'نوع جست‌وجو', 'تشخیص خودکار');
  await field.fill('۱۲ ۳۴۵');
  await page.getByRole('button', { name: 'جست‌وجو' }).click();
  await expect(page.getByText('این عبارت کد پلاک، توکن آگهی، توکن فروش همراه یا شماره شاسی معتبری نیست.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${postToken}`));
  await expectAccessible(page, 'a malformed query');
  await lookAt(page, 'car-detail-malformed');

  // A record of the time line opens on its own screen.
  await postLink.click();
  await expect(page).toHaveURL(/\/panel\/car-posts\/\d+$/);
});

test('a VIN taken with a phone request finds the order in car detail; the demo car by its VIN is the car of its plate', async ({ page }) => {
  test.setTimeout(120_000);
  const serial = String(Date.now() % 10_000_000).padStart(7, '0');
  const vin = `NAAE2${serial}KXZ${serial.slice(-2)}`;
  await page.goto('/panel/inspection/orders/submit');
  const form = page.getByRole('form', { name: 'ثبت درخواست تلفنی' });
  await form.getByLabel('نام مشتری').fill('ترانه وکیلی');
  await form.getByLabel('شماره تلفن همراه').fill(`0912${serial}`);
  await fillShirazRequest(page, form, 'شیراز، خیابان زند، پلاک ۱۲');
  // An O where a 0 belongs: refused beside the field, nothing sent.
  const vinField = form.getByLabel('شماره شاسی (VIN، اختیاری)');
  await vinField.fill(`${vin.slice(0, 16)}O`);
  await form.getByRole('button', { name: 'ثبت سفارش' }).click();
  await expect(form.getByText('شماره شاسی (VIN) ۱۷ حرف لاتین و رقم است و حروف I، O و Q ندارد.')).toBeVisible();
  await expect(page).toHaveURL(/\/submit$/);
  // Lower case with a dash, as copied from a chat: recorded as the VIN it spells.
  await vinField.fill(`${vin.slice(0, 8).toLowerCase()}-${vin.slice(8)}`);
  await form.getByRole('button', { name: 'ثبت سفارش' }).click();
  await expect(page).toHaveURL(/\/panel\/inspection\/orders\?search=\d+/);
  const code = /search=(\d+)/.exec(page.url())![1]!;
  const row = page.getByRole('table', { name: 'سفارش‌ها' }).locator('tbody tr').first();
  await expect(row).toContainText(toPersianDigits(Number(code)));
  await row.click();
  await expect(page).toHaveURL(/\/panel\/inspection\/orders\/\d+$/);
  await expect(page.getByRole('heading', { name: `سفارش ${toPersianDigits(Number(code))}` })).toBeVisible();
  await expect(page.getByText(vin, { exact: true })).toBeVisible();

  // Car detail by that VIN: the order, and the VIN as the order states it.
  await page.goto('/panel/car-detail');
  const field = page.getByRole('textbox', { name: 'کد پلاک، توکن یا شماره شاسی' });
  await field.fill(vin.toLowerCase());
  await page.getByRole('button', { name: 'جست‌وجو' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `شماره شاسی (VIN) ${vin}` })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'خط زمانی خودرو' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline.getByRole('link', { name: `سفارش کارشناسی ${toPersianDigits(Number(code))}: کارشناسی جامع` })).toBeVisible();
  const identity = page.getByRole('region', { name: 'شناسنامهٔ خودرو به گفتهٔ سوابق' });
  await expect(identity).toContainText(`${vin} به گفتهٔ سفارش کارشناسی ${toPersianDigits(Number(code))}`);

  // The demo car: by plate, then by the VIN its advert and its order record; the same time line.
  await field.fill('۲۲ب۳۶۵-۱۰');
  await page.getByRole('button', { name: 'جست‌وجو' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'کد پلاک ۲۲ ب ۳۶۵ ایران ۱۰' })).toBeVisible();
  const byPlate = await timeline.getByRole('listitem').allTextContents();
  await field.fill('NAAM01CA6HK410236');
  await page.getByRole('button', { name: 'جست‌وجو' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'شماره شاسی (VIN) NAAM01CA6HK410236' })).toBeVisible();
  await expect(timeline.getByRole('listitem')).toHaveCount(byPlate.length);
  expect(await timeline.getByRole('listitem').allTextContents()).toEqual(byPlate);
  await expect(identity).toContainText('NAAM01CA6HK410236 به گفتهٔ آگهی');
  await expect(identity).toContainText('۲۲ ب ۳۶۵ ایران ۱۰ به گفتهٔ آگهی');
  await expectPersianDigits(page, 'a car found by its VIN');
  await expectAccessible(page, 'a car found by its VIN');
  await lookAt(page, 'car-detail-vin');

  // A VIN no record holds: said plainly.
  await field.fill('NAAZ99ZZ9ZZ999999');
  await page.getByRole('button', { name: 'جست‌وجو' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'هیچ آگهی یا سفارش کارشناسی‌ای با این شماره شاسی ثبت نشده است.' })).toBeVisible();
});

test('staff add the VIN to an existing order from its detail page, and car detail finds the order by it', async ({ page }) => {
  test.setTimeout(120_000);
  const serial = String(Date.now() % 10_000_000).padStart(7, '0');
  const vin = `NAAF3${serial}KXZ${serial.slice(-2)}`;
  const created = await bffCall<{ pk: number; code: string }>(page, 'inspectionOrders.create', {
    customer_name: 'سیما فرهادی',
    phone_number: `0913${serial}`,
    city_id: 1,
    brand_model: 'پژو ۲۰۶',
    package: 'کارشناسی پایه',
    visit_place: 'تهران، خیابان شریعتی',
  }, 'POST');
  await page.goto(`/panel/inspection/orders/${created.pk}`);
  await expect(page.getByRole('heading', { name: `سفارش ${toPersianDigits(Number(created.code))}` })).toBeVisible();
  await page.getByRole('button', { name: 'ثبت یا اصلاح شماره شاسی' }).click();
  const dialog = page.getByRole('dialog', { name: 'ثبت یا اصلاح شماره شاسی' });
  const field = dialog.getByRole('textbox', { name: 'شماره شاسی (VIN)' });
  // A Q among the letters: refused beside the field, the dialog stays with what was typed.
  await field.fill(`Q${vin.slice(1)}`);
  await dialog.getByRole('button', { name: 'ثبت شماره شاسی' }).click();
  await expect(dialog.getByText('شماره شاسی (VIN) ۱۷ حرف لاتین و رقم است و حروف I، O و Q ندارد.')).toBeVisible();
  await expect(field).toHaveValue(`Q${vin.slice(1)}`);
  await expectAccessible(page, 'the VIN dialog with its refusal');
  await lookAt(page, 'order-vin-refused');
  // Lower case, Persian digits and a dash, as copied from a chat: the VIN it spells.
  await field.fill(`${vin.slice(0, 5).toLowerCase()}-${toPersianDigits(Number(serial)).padStart(7, '۰')}${vin.slice(12)}`);
  await dialog.getByRole('button', { name: 'ثبت شماره شاسی' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('شماره شاسی سفارش ثبت شد.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'خودرو و هزینه' }).getByText(vin, { exact: true })).toBeVisible();
  // The history says what was set, the VIN as it is (a Latin code), not in Persian digits.
  const history = page.getByRole('region', { name: 'تاریخچه سفارش' });
  await expect(history).toContainText('ثبت یا اصلاح شماره شاسی');
  await expect(history.getByText(vin, { exact: true })).toHaveAttribute('data-ltr', '');
  await expectPersianDigits(page, 'an order with the VIN just set');
  await expectAccessible(page, 'an order with the VIN just set');
  await lookAt(page, 'order-vin-set');

  await page.goto('/panel/car-detail');
  await page.getByRole('textbox', { name: 'کد پلاک، توکن یا شماره شاسی' }).fill(vin);
  await page.getByRole('button', { name: 'جست‌وجو' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `شماره شاسی (VIN) ${vin}` })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'خط زمانی خودرو' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline.getByRole('link', { name: `سفارش کارشناسی ${toPersianDigits(Number(created.code))}: کارشناسی پایه` })).toHaveAttribute('href', `/panel/inspection/orders/${created.pk}`);
});
