import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/inspection-catalogue';
import { data, gatewayProcedures, results } from '../../gateway/procedures';
import { router } from '../../trpc';

// Staff read the catalogue (the order forms list its packages, the order page its quotes); a
// package's price or a rate moves every new order's price, so changing them is a supervisor's.
const { read, change } = gatewayProcedures(c.INSPECTION_CATALOGUE_ACCESS, '/api/inspection');
const history = results(z.array(ActionLogEntrySchema));
const packages = read.list('/packages/', c.packageListFilter, c.PackagePageSchema, {
  list: 'فهرست بسته‌های کارشناسی با قیمت پایه، نوع کارشناسی، شهرها و بخش‌های گزارش (فیلتر و صفحه‌بندی)',
  export: 'همه بسته‌های فیلترشده (تا سقف خروجی) برای CSV',
});
const vehicleKinds = read.list('/vehicle-kinds/', c.vehicleKindListFilter, c.VehicleKindPageSchema, { list: 'فهرست انواع خودرو که بسته‌ها برای آن‌هاست (فیلتر و صفحه‌بندی)', export: 'همه انواع خودروی فیلترشده برای CSV' });
const rates = read.list('/pricing-rates/', c.pricingRateListFilter, c.PricingRatePageSchema, { list: 'فهرست نرخ‌های قیمت‌گذاری با فیلتر و صفحه‌بندی', export: 'همه نرخ‌های فیلترشده (تا سقف خروجی) برای CSV' });
const thePackage = data(c.InspectionPackageSchema);
const rate = data(c.PricingRateSchema);

export const inspectionCatalogueRouter = router({
  packages: packages.list,
  packagesExport: packages.export,
  packageOptions: read.get('/packages/options/', c.PackageOptionsInputSchema, results(z.array(c.PackageOptionSchema)), 'بسته‌های در حال فروش (در یک شهر) برای فرم سفارش'),
  package: read.get('/packages/:id/', c.CatalogueIdInputSchema, c.InspectionPackageSchema, 'یک بسته کارشناسی'),
  packageHistory: read.get('/packages/:id/history/', c.CatalogueIdInputSchema, history, 'سابقه تغییرهای یک بسته'),
  createPackage: change.post('/packages/', c.PackageInputSchema, thePackage, 'افزودن بسته کارشناسی (سرپرست)'),
  updatePackage: change.put('/packages/:id/', c.UpdatePackageInputSchema, thePackage, 'به‌روزرسانی بسته کارشناسی (سرپرست)'),
  configurePackage: change.patch('/packages/:id/config/', c.PackageConfigInputSchema, thePackage, 'پیکربندی شهرها و بخش‌های گزارش یک بسته (سرپرست)'),

  vehicleKinds: vehicleKinds.list,
  vehicleKindsExport: vehicleKinds.export,
  createVehicleKind: change.post('/vehicle-kinds/', c.VehicleKindInputSchema, data(c.VehicleKindSchema), 'افزودن نوع خودرو (سرپرست)'),
  updateVehicleKind: change.put('/vehicle-kinds/:id/', c.UpdateVehicleKindInputSchema, data(c.VehicleKindSchema), 'ویرایش یا فعال/غیرفعال کردن نوع خودرو (سرپرست)'),

  rates: rates.list,
  ratesExport: rates.export,
  rate: read.get('/pricing-rates/:id/', c.CatalogueIdInputSchema, c.PricingRateSchema, 'یک نرخ قیمت‌گذاری'),
  rateHistory: read.get('/pricing-rates/:id/history/', c.CatalogueIdInputSchema, history, 'سابقه تغییرهای یک نرخ'),
  whatIf: read.post('/pricing-rates/what-if/', c.WhatIfInputSchema, data(c.WhatIfSchema), 'اثر یک نرخ پیش‌نویس بر قیمت و درآمد سفارش‌های ۳۰ روز گذشته'),
  createRate: change.post('/pricing-rates/', c.PricingRateInputSchema, rate, 'افزودن نرخ قیمت‌گذاری (سرپرست)'),
  updateRate: change.put('/pricing-rates/:id/', c.UpdatePricingRateInputSchema, rate, 'ویرایش نرخ قیمت‌گذاری (سرپرست)'),
  deleteRate: change.delete('/pricing-rates/:id/', c.DeletePricingRateInputSchema, data(z.object({ id: z.number().int(), message: z.string() })), 'حذف نرخ قیمت‌گذاری (سرپرست)'),

  quote: read.postQuery('/quote/', c.QuoteInputSchema, data(c.QuoteSchema), 'قیمت یک بسته در یک شهر و روز با ریز محاسبه (پیش‌نمایش)'),
  quotesOf: read.get('/quotes/', c.QuotesOfInputSchema, results(z.array(c.LockedQuoteSchema)), 'قیمت‌های ثبت‌شده یک سفارش یا رزرو با ریز محاسبه'),
});
