import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/brand-models';
import { data, gatewayProcedures, result, results } from '../../gateway/procedures';
import { publicMediaUrl } from '../../media';
import { router } from '../../trpc';

// The gateway's catalogue paths; media addresses become the BFF's own `/media/:id`, which the browser loads with its session.

/** Read by every signed-in user (every module's forms pick from it); edited by staff; merged by a supervisor (decision 119). */
const { read, manage, merge } = gatewayProcedures(c.BRAND_MODELS_ACCESS, '/api/brand-models');
const outcome = data(c.CatalogueOutcomeSchema);
const merged = data(c.MergeOutcomeSchema);
const browserLogo = <T extends { logo_url: string | null }>(row: T): T => ({ ...row, logo_url: row.logo_url && publicMediaUrl(row.logo_url) });
const ResolvedNameSchema = c.NameMappingSchema.extend({ resolved_model_id: z.number().int(), resolved_name: z.string() });
const models = manage.list('/catalogue/models/', c.catalogueModelsFilter, c.ManagedModelPageSchema, { list: 'فهرست مدل‌ها با هر وضعیت، با فیلتر و صفحه‌بندی', export: 'همه مدل‌های فیلترشده برای CSV' }, { row: browserLogo });

export const brandModelsRouter = router({
  // The pickers' read side.
  search: read.get('/models/', c.CatalogueSearchInputSchema, results(z.array(c.CatalogueModelSchema)), 'جستجوی مدل خودرو در فهرست برند و مدل‌ها (حداکثر ۳۰ مورد، با هر رقمی)'),
  brands: read.get('/brands/', c.CatalogueSearchInputSchema.pick({ q: true }), results(z.array(c.CatalogueBrandSchema)), 'برندهای خودرو با شمار مدل‌های هر یک', { map: (brands) => brands.map(browserLogo) }),
  model: read.get('/models/:model_id/', c.CatalogueModelIdInputSchema, result(c.CatalogueModelSchema), 'یک مدل خودرو از فهرست برند و مدل‌ها'),
  selection: read.get('/selection/', c.SelectionInputSchema, result(c.BrandModelSelectionSchema), 'انتخاب برند یا مدل با لوگو و فایل‌ها (بخش ۳)', {
    map: (found) => ({ ...browserLogo(found), file_urls: found.file_urls.map(publicMediaUrl), other_file_urls: found.other_file_urls.map(publicMediaUrl) }),
  }),
  resolveName: read.get('/catalogue/mappings/resolve/', c.ResolveNameInputSchema, result(ResolvedNameSchema), 'مدلی که یک نام بیرونی امروز به آن می‌رسد'),

  // The management page (/panel/brand-model-management).
  list: models.list,
  export: models.export,
  detail: manage.get('/catalogue/models/:id/', c.CatalogueIdInputSchema, result(c.ModelDetailSchema), 'یک مدل با تیپ‌ها، نام‌های بیرونی، فایل‌ها و رکوردهای وابسته', {
    map: (found) => ({ ...browserLogo(found), files: found.files.map((f) => ({ ...f, url: publicMediaUrl(f.url) })) }),
  }),
  history: manage.get('/catalogue/models/:id/history/', c.CatalogueIdInputSchema, results(z.array(ActionLogEntrySchema)), 'سابقه یک مدل'),
  managedBrands: manage.get('/catalogue/brands/', results(z.array(c.ManagedBrandSchema)), 'همه برندها با وضعیت و لوگو', { map: (brands) => brands.map(browserLogo) }),
  merges: manage.get('/catalogue/merges/', results(z.array(c.MergeSchema)), 'آخرین ادغام‌ها'),
  createBrand: manage.post('/catalogue/brands/', c.BrandInputSchema, outcome, { summary: 'ثبت برند', example: { name_fa: 'لاماری', name_en: 'Lamari', logo_media_id: null } }),
  editBrand: manage.put('/catalogue/brands/:id/', c.BrandEditInputSchema, outcome, 'ویرایش برند'),
  brandState: manage.post('/catalogue/brands/:id/update-state/', c.EntryStepInputSchema, outcome, 'بایگانی یا فعال‌سازی دوباره برند'),
  createModel: manage.post('/catalogue/models/', c.ModelInputSchema, outcome, {
    summary: 'ثبت مدل',
    example: { brand_id: 2, name_fa: '۲۰۷ اتوماتیک', name_en: '207 AT', body_type: 'hatchback', vehicle_type: 'light_car', year_from: 1397, year_to: null, is_imported: false, logo_media_id: null },
  }),
  editModel: manage.put('/catalogue/models/:id/', c.ModelEditInputSchema, outcome, 'ویرایش یا تغییر نام مدل'),
  modelState: manage.post('/catalogue/models/:id/update-state/', c.ModelStepInputSchema, outcome, 'بایگانی یا فعال‌سازی دوباره مدل'),
  merge: merge.post('/catalogue/models/:id/merge/', c.MergeInputSchema, merged, 'ادغام مدل تکراری در مدل دیگر (سرپرست)'),
  mergeBrand: merge.post('/catalogue/brands/:id/merge/', c.BrandMergeInputSchema, merged, 'ادغام برند تکراری با مدل‌هایش در برند دیگر (سرپرست)'),
  undoMerge: merge.post('/catalogue/merges/:id/undo/', c.CatalogueIdInputSchema, merged, 'برگرداندن یک ادغام مدل یا برند (سرپرست)'),
  // A type and a file name their model in the body too, as the gateway reads them.
  createType: manage.post('/catalogue/models/:model_id/types/', c.TypeInputSchema, outcome, 'ثبت تیپ برای مدل', { body: (input) => input }),
  editType: manage.put('/catalogue/types/:id/', c.TypeEditInputSchema, outcome, 'ویرایش یا تغییر نام تیپ'),
  typeState: manage.post('/catalogue/types/:id/update-state/', c.EntryStepInputSchema, outcome, 'بایگانی یا فعال‌سازی دوباره تیپ'),
  addFile: manage.post('/catalogue/models/:model_id/files/', c.FileInputSchema, outcome, 'افزودن فایل به مدل', { body: (input) => input }),
  removeFile: manage.delete('/catalogue/files/:id/', c.CatalogueIdInputSchema, outcome, 'حذف فایل مدل'),
  addMapping: manage.post('/catalogue/mappings/', c.MappingInputSchema, outcome, 'نگاشت نام بیرونی به مدل'),
  removeMapping: manage.delete('/catalogue/mappings/:id/', c.CatalogueIdInputSchema, outcome, 'حذف نام بیرونی'),
});
