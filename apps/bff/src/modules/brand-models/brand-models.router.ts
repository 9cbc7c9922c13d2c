import { z } from 'zod';
import {
  BRAND_MODELS_ACCESS,
  BrandEditInputSchema,
  BrandInputSchema,
  BrandMergeInputSchema,
  BrandModelSelectionSchema,
  CatalogueBrandSchema,
  CatalogueIdInputSchema,
  CatalogueModelIdInputSchema,
  CatalogueModelSchema,
  CatalogueModelsFilterSchema,
  CatalogueOutcomeSchema,
  CatalogueSearchInputSchema,
  EntryStepInputSchema,
  FileInputSchema,
  ManagedBrandSchema,
  ManagedModelPageSchema,
  ManagedModelSchema,
  MappingInputSchema,
  MergeInputSchema,
  MergeOutcomeSchema,
  MergeSchema,
  ModelDetailSchema,
  ModelEditInputSchema,
  ModelInputSchema,
  ModelStepInputSchema,
  ResolveNameInputSchema,
  SelectionInputSchema,
  TypeEditInputSchema,
  TypeInputSchema,
} from '@panel/contracts/brand-models';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './brand-models.service';

/** Read by every signed-in user (every module's forms pick from it); edited by staff; merged by a supervisor (decision 119). */
const read = procedureFor(BRAND_MODELS_ACCESS.read);
const manage = procedureFor(BRAND_MODELS_ACCESS.manage);
const supervise = procedureFor(BRAND_MODELS_ACCESS.merge);

export const brandModelsRouter = router({
  // The pickers' read side.
  search: read
    .meta({ summary: 'جستجوی مدل خودرو در فهرست برند و مدل‌ها (حداکثر ۳۰ مورد، با هر رقمی)', output: z.array(CatalogueModelSchema) })
    .input(CatalogueSearchInputSchema)
    .query(({ ctx, input }) => service.searchModels(ctx.gateway, input)),
  brands: read
    .meta({ summary: 'برندهای خودرو با شمار مدل‌های هر یک', output: z.array(CatalogueBrandSchema) })
    .input(CatalogueSearchInputSchema.pick({ q: true }))
    .query(({ ctx, input }) => service.brands(ctx.gateway, input)),
  model: read
    .meta({ summary: 'یک مدل خودرو از فهرست برند و مدل‌ها', output: CatalogueModelSchema })
    .input(CatalogueModelIdInputSchema)
    .query(({ ctx, input }) => service.model(ctx.gateway, input.model_id)),
  selection: read.meta({ summary: 'انتخاب برند یا مدل با لوگو و فایل‌ها (بخش ۳)', output: BrandModelSelectionSchema }).input(SelectionInputSchema).query(({ ctx, input }) => service.selection(ctx.gateway, input)),
  resolveName: read.meta({ summary: 'مدلی که یک نام بیرونی امروز به آن می‌رسد', output: service.ResolvedNameSchema }).input(ResolveNameInputSchema).query(({ ctx, input }) => service.resolveName(ctx.gateway, input)),

  // The management page (/panel/brand-model-management).
  list: manage.meta({ summary: 'فهرست مدل‌ها با هر وضعیت، با فیلتر و صفحه‌بندی', output: ManagedModelPageSchema }).input(CatalogueModelsFilterSchema).query(({ ctx, input }) => service.listModels(ctx.gateway, input)),
  export: manage.meta({ summary: 'همه مدل‌های فیلترشده برای CSV', output: exportAnswer(ManagedModelSchema) }).input(CatalogueModelsFilterSchema).query(({ ctx, input }) => service.exportModels(ctx.gateway, input)),
  detail: manage.meta({ summary: 'یک مدل با تیپ‌ها، نام‌های بیرونی، فایل‌ها و رکوردهای وابسته', output: ModelDetailSchema }).input(CatalogueIdInputSchema).query(({ ctx, input }) => service.modelDetail(ctx.gateway, input.id)),
  history: manage.meta({ summary: 'سابقه یک مدل', output: z.array(ActionLogEntrySchema) }).input(CatalogueIdInputSchema).query(({ ctx, input }) => service.modelHistory(ctx.gateway, input.id)),
  managedBrands: manage.meta({ summary: 'همه برندها با وضعیت و لوگو', output: z.array(ManagedBrandSchema) }).query(({ ctx }) => service.managedBrands(ctx.gateway)),
  merges: manage.meta({ summary: 'آخرین ادغام‌ها', output: z.array(MergeSchema) }).query(({ ctx }) => service.merges(ctx.gateway)),
  createBrand: manage.meta({ summary: 'ثبت برند', output: CatalogueOutcomeSchema, example: { name_fa: 'لاماری', name_en: 'Lamari', logo_media_id: null } }).input(BrandInputSchema).mutation(({ ctx, input }) => service.createBrand(ctx.gateway, input)),
  editBrand: manage.meta({ summary: 'ویرایش برند', output: CatalogueOutcomeSchema }).input(BrandEditInputSchema).mutation(({ ctx, input }) => service.editBrand(ctx.gateway, input)),
  brandState: manage.meta({ summary: 'بایگانی یا فعال‌سازی دوباره برند', output: CatalogueOutcomeSchema }).input(EntryStepInputSchema).mutation(({ ctx, input }) => service.brandState(ctx.gateway, input)),
  createModel: manage
    .meta({ summary: 'ثبت مدل', output: CatalogueOutcomeSchema, example: { brand_id: 2, name_fa: '۲۰۷ اتوماتیک', name_en: '207 AT', body_type: 'hatchback', vehicle_type: 'light_car', year_from: 1397, year_to: null, is_imported: false, logo_media_id: null } })
    .input(ModelInputSchema)
    .mutation(({ ctx, input }) => service.createModel(ctx.gateway, input)),
  editModel: manage.meta({ summary: 'ویرایش یا تغییر نام مدل', output: CatalogueOutcomeSchema }).input(ModelEditInputSchema).mutation(({ ctx, input }) => service.editModel(ctx.gateway, input)),
  modelState: manage.meta({ summary: 'بایگانی یا فعال‌سازی دوباره مدل', output: CatalogueOutcomeSchema }).input(ModelStepInputSchema).mutation(({ ctx, input }) => service.modelState(ctx.gateway, input)),
  merge: supervise.meta({ summary: 'ادغام مدل تکراری در مدل دیگر (سرپرست)', output: MergeOutcomeSchema }).input(MergeInputSchema).mutation(({ ctx, input }) => service.merge(ctx.gateway, input)),
  mergeBrand: supervise.meta({ summary: 'ادغام برند تکراری با مدل‌هایش در برند دیگر (سرپرست)', output: MergeOutcomeSchema }).input(BrandMergeInputSchema).mutation(({ ctx, input }) => service.mergeBrand(ctx.gateway, input)),
  undoMerge: supervise.meta({ summary: 'برگرداندن یک ادغام مدل یا برند (سرپرست)', output: MergeOutcomeSchema }).input(CatalogueIdInputSchema).mutation(({ ctx, input }) => service.undoMerge(ctx.gateway, input.id)),
  createType: manage.meta({ summary: 'ثبت تیپ برای مدل', output: CatalogueOutcomeSchema }).input(TypeInputSchema).mutation(({ ctx, input }) => service.createType(ctx.gateway, input)),
  editType: manage.meta({ summary: 'ویرایش یا تغییر نام تیپ', output: CatalogueOutcomeSchema }).input(TypeEditInputSchema).mutation(({ ctx, input }) => service.editType(ctx.gateway, input)),
  typeState: manage.meta({ summary: 'بایگانی یا فعال‌سازی دوباره تیپ', output: CatalogueOutcomeSchema }).input(EntryStepInputSchema).mutation(({ ctx, input }) => service.typeState(ctx.gateway, input)),
  addFile: manage.meta({ summary: 'افزودن فایل به مدل', output: CatalogueOutcomeSchema }).input(FileInputSchema).mutation(({ ctx, input }) => service.addFile(ctx.gateway, input)),
  removeFile: manage.meta({ summary: 'حذف فایل مدل', output: CatalogueOutcomeSchema }).input(CatalogueIdInputSchema).mutation(({ ctx, input }) => service.removeFile(ctx.gateway, input.id)),
  addMapping: manage.meta({ summary: 'نگاشت نام بیرونی به مدل', output: CatalogueOutcomeSchema }).input(MappingInputSchema).mutation(({ ctx, input }) => service.addMapping(ctx.gateway, input)),
  removeMapping: manage.meta({ summary: 'حذف نام بیرونی', output: CatalogueOutcomeSchema }).input(CatalogueIdInputSchema).mutation(({ ctx, input }) => service.removeMapping(ctx.gateway, input.id)),
});
