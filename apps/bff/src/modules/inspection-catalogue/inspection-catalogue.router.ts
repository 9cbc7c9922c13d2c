import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import {
  CatalogueIdInputSchema,
  DeletePricingRateInputSchema,
  InspectionPackageSchema,
  LockedQuoteSchema,
  PackageConfigInputSchema,
  PackageInputSchema,
  PackageListFilterSchema,
  PackagePageSchema,
  PackageOptionSchema,
  PackageOptionsInputSchema,
  PricingRateInputSchema,
  PricingRateListFilterSchema,
  PricingRatePageSchema,
  PricingRateSchema,
  QuoteInputSchema,
  QuoteSchema,
  QuotesOfInputSchema,
  UpdatePackageInputSchema,
  UpdatePricingRateInputSchema,
  UpdateVehicleKindInputSchema,
  VehicleKindInputSchema,
  VehicleKindListFilterSchema,
  VehicleKindPageSchema,
  VehicleKindSchema,
  WhatIfInputSchema,
  WhatIfSchema,
  INSPECTION_CATALOGUE_ACCESS,
} from '@panel/contracts/inspection-catalogue';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as catalogue from './inspection-catalogue.service';

// Staff read the catalogue (the order forms list its packages, the order page its quotes); a
// package's price or a rate moves every new order's price, so changing them is a supervisor's.
const read = procedureFor(INSPECTION_CATALOGUE_ACCESS.read);
const change = procedureFor(INSPECTION_CATALOGUE_ACCESS.change);
const deleted = z.object({ id: z.number().int(), message: z.string() });

export const inspectionCatalogueRouter = router({
  packages: read.meta({ summary: 'فهرست بسته‌های کارشناسی با قیمت پایه، نوع کارشناسی، شهرها و بخش‌های گزارش (فیلتر و صفحه‌بندی)', output: PackagePageSchema }).input(PackageListFilterSchema).query(({ ctx, input }) => catalogue.packages(ctx.gateway, input)),
  packagesExport: read.meta({ summary: 'همه بسته‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(InspectionPackageSchema) }).input(PackageListFilterSchema).query(({ ctx, input }) => catalogue.exportPackages(ctx.gateway, input)),
  packageOptions: read.meta({ summary: 'بسته‌های در حال فروش (در یک شهر) برای فرم سفارش', output: z.array(PackageOptionSchema) }).input(PackageOptionsInputSchema).query(({ ctx, input }) => catalogue.packageOptions(ctx.gateway, input.city)),
  package: read.meta({ summary: 'یک بسته کارشناسی', output: InspectionPackageSchema }).input(CatalogueIdInputSchema).query(({ ctx, input }) => catalogue.packageDetail(ctx.gateway, input.id)),
  packageHistory: read.meta({ summary: 'سابقه تغییرهای یک بسته', output: z.array(ActionLogEntrySchema) }).input(CatalogueIdInputSchema).query(({ ctx, input }) => catalogue.packageHistory(ctx.gateway, input.id)),
  createPackage: change.meta({ summary: 'افزودن بسته کارشناسی (سرپرست)', output: InspectionPackageSchema }).input(PackageInputSchema).mutation(({ ctx, input }) => catalogue.createPackage(ctx.gateway, input)),
  updatePackage: change.meta({ summary: 'به‌روزرسانی بسته کارشناسی (سرپرست)', output: InspectionPackageSchema }).input(UpdatePackageInputSchema).mutation(({ ctx, input }) => catalogue.updatePackage(ctx.gateway, input)),
  configurePackage: change.meta({ summary: 'پیکربندی شهرها و بخش‌های گزارش یک بسته (سرپرست)', output: InspectionPackageSchema }).input(PackageConfigInputSchema).mutation(({ ctx, input }) => catalogue.configurePackage(ctx.gateway, input)),

  vehicleKinds: read.meta({ summary: 'فهرست انواع خودرو که بسته‌ها برای آن‌هاست (فیلتر و صفحه‌بندی)', output: VehicleKindPageSchema }).input(VehicleKindListFilterSchema).query(({ ctx, input }) => catalogue.vehicleKinds(ctx.gateway, input)),
  vehicleKindsExport: read.meta({ summary: 'همه انواع خودروی فیلترشده برای CSV', output: exportAnswer(VehicleKindSchema) }).input(VehicleKindListFilterSchema).query(({ ctx, input }) => catalogue.exportVehicleKinds(ctx.gateway, input)),
  createVehicleKind: change.meta({ summary: 'افزودن نوع خودرو (سرپرست)', output: VehicleKindSchema }).input(VehicleKindInputSchema).mutation(({ ctx, input }) => catalogue.createVehicleKind(ctx.gateway, input)),
  updateVehicleKind: change.meta({ summary: 'ویرایش یا فعال/غیرفعال کردن نوع خودرو (سرپرست)', output: VehicleKindSchema }).input(UpdateVehicleKindInputSchema).mutation(({ ctx, input }) => catalogue.updateVehicleKind(ctx.gateway, input)),

  rates: read.meta({ summary: 'فهرست نرخ‌های قیمت‌گذاری با فیلتر و صفحه‌بندی', output: PricingRatePageSchema }).input(PricingRateListFilterSchema).query(({ ctx, input }) => catalogue.rates(ctx.gateway, input)),
  ratesExport: read.meta({ summary: 'همه نرخ‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(PricingRateSchema) }).input(PricingRateListFilterSchema).query(({ ctx, input }) => catalogue.exportRates(ctx.gateway, input)),
  rate: read.meta({ summary: 'یک نرخ قیمت‌گذاری', output: PricingRateSchema }).input(CatalogueIdInputSchema).query(({ ctx, input }) => catalogue.rateDetail(ctx.gateway, input.id)),
  rateHistory: read.meta({ summary: 'سابقه تغییرهای یک نرخ', output: z.array(ActionLogEntrySchema) }).input(CatalogueIdInputSchema).query(({ ctx, input }) => catalogue.rateHistory(ctx.gateway, input.id)),
  whatIf: read.meta({ summary: 'اثر یک نرخ پیش‌نویس بر قیمت و درآمد سفارش‌های ۳۰ روز گذشته', output: WhatIfSchema }).input(WhatIfInputSchema).mutation(({ ctx, input }) => catalogue.whatIf(ctx.gateway, input)),
  createRate: change.meta({ summary: 'افزودن نرخ قیمت‌گذاری (سرپرست)', output: PricingRateSchema }).input(PricingRateInputSchema).mutation(({ ctx, input }) => catalogue.createRate(ctx.gateway, input)),
  updateRate: change.meta({ summary: 'ویرایش نرخ قیمت‌گذاری (سرپرست)', output: PricingRateSchema }).input(UpdatePricingRateInputSchema).mutation(({ ctx, input }) => catalogue.updateRate(ctx.gateway, input)),
  deleteRate: change.meta({ summary: 'حذف نرخ قیمت‌گذاری (سرپرست)', output: deleted }).input(DeletePricingRateInputSchema).mutation(({ ctx, input }) => catalogue.deleteRate(ctx.gateway, input)),

  quote: read.meta({ summary: 'قیمت یک بسته در یک شهر و روز با ریز محاسبه (پیش‌نمایش)', output: QuoteSchema }).input(QuoteInputSchema).query(({ ctx, input }) => catalogue.quote(ctx.gateway, input)),
  quotesOf: read.meta({ summary: 'قیمت‌های ثبت‌شده یک سفارش یا رزرو با ریز محاسبه', output: z.array(LockedQuoteSchema) }).input(QuotesOfInputSchema).query(({ ctx, input }) => catalogue.quotesOf(ctx.gateway, input)),
});
