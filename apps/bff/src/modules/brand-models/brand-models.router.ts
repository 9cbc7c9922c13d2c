import { z } from 'zod';
import { CatalogueBrandSchema, CatalogueModelIdInputSchema, CatalogueModelSchema, CatalogueSearchInputSchema, BRAND_MODELS_ACCESS } from '@panel/contracts/brand-models';
import { procedureFor, router } from '../../trpc';
import { brands, model, searchModels } from './brand-models.service';

/** The brand-model catalogue: read by every signed-in user, since every module's forms pick from it. */
const read = procedureFor(BRAND_MODELS_ACCESS.read);

export const brandModelsRouter = router({
  search: read
    .meta({ summary: 'جستجوی مدل خودرو در فهرست برند و مدل‌ها (حداکثر ۳۰ مورد، با هر رقمی)', output: z.array(CatalogueModelSchema) })
    .input(CatalogueSearchInputSchema)
    .query(({ ctx, input }) => searchModels(ctx.gateway, input)),
  brands: read
    .meta({ summary: 'برندهای خودرو با شمار مدل‌های هر یک', output: z.array(CatalogueBrandSchema) })
    .input(CatalogueSearchInputSchema.pick({ q: true }))
    .query(({ ctx, input }) => brands(ctx.gateway, input)),
  model: read
    .meta({ summary: 'یک مدل خودرو از فهرست برند و مدل‌ها', output: CatalogueModelSchema })
    .input(CatalogueModelIdInputSchema)
    .query(({ ctx, input }) => model(ctx.gateway, input.model_id)),
});
