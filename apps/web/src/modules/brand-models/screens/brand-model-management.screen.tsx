import { BRAND_MODELS_ACCESS, CATALOGUE_MESSAGES, MODEL_STATES, catalogueModelsFilter, type ManagedBrand, type ManagedModel } from '@panel/contracts/brand-models';
import { optionsOf, toPersianDigits } from '@panel/contracts/common';
import { defineListScreen, listScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { BrandsDialog } from '../components/brands-dialog';
import { CATALOGUE_COLUMNS } from '../components/catalogue-columns';
import { MergesDialog } from '../components/merges-dialog';
import { ModelDrawer } from '../components/model-drawer';
import { ModelFormDialog } from '../components/model-form-dialog';

const STATE_OPTIONS = optionsOf(MODEL_STATES);
const BRAND_CHOICES = {
  query: trpc.brandModels.managedBrands.queryOptions(),
  // A merged brand is only the record of its merge (its models went to the brand kept): not offered.
  options: (brands: ManagedBrand[]) => brands.filter((b) => b.state !== 'merged').map((b) => ({ value: b.brand_id, label: toPersianDigits(b.brand_name) })),
};

const CATALOGUE_LIST = listScreen({
  title: 'مدیریت برند و مدل',
  filter: catalogueModelsFilter,
  procedures: trpc.brandModels,
  csv: { fileName: 'brand-models', noun: 'مدل' },
  columns: CATALOGUE_COLUMNS,
  columnsKey: 'panel.brandModels.columns',
  defaultColumns: ['logo', 'brand', 'model', 'body', 'years', 'types', 'state', 'updated_at'],
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'نام برند یا مدل', width: '14rem' }),
    f.choice('brand', 'برند', BRAND_CHOICES, { all: 'همه برندها', width: '12rem' }),
    f.choice('state', 'وضعیت', STATE_OPTIONS, { all: 'همه وضعیت‌ها', width: '10rem' }),
  ],
  label: 'مدل‌های خودرو',
  rowKey: (r: ManagedModel) => r.model_id,
  emptyText: CATALOGUE_MESSAGES.empty,
  errorText: CATALOGUE_MESSAGES.loadFailed,
  create: { label: 'مدل تازه', access: BRAND_MODELS_ACCESS.manage },
  detail: (d) => (
    <>
      <ModelDrawer id={d.id} onClose={d.close} />
      <ModelFormDialog open={d.creating} model={null} onClose={d.close} onSaved={d.show} />
    </>
  ),
  dialogs: [
    { label: 'ادغام‌ها', draw: (d) => <MergesDialog open={d.open} onClose={d.close} /> },
    { label: 'برندها', access: BRAND_MODELS_ACCESS.manage, draw: (d) => <BrandsDialog open={d.open} onClose={d.close} /> },
  ],
});

/**
 * مدیریت برند و مدل (/panel/brand-model-management, issue 33, decision 119): every model of the
 * catalogue whatever its state, a model in a drawer (its types, external names, files, what
 * points at it, retire, merge into another and undo), a new model, the brands and the merges in
 * dialogs.
 */
export const BrandModelManagementScreen = defineListScreen(CATALOGUE_LIST);
