import { optionsOf } from '@panel/contracts/common';
import { Button, NativeSelect } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CMS_ACCESS, CMS_CONTENT_STATES, CMS_MESSAGES, cmsListFilter, type CmsContentRow } from '@panel/contracts/cms';
import { FilterField } from '@panel/ui';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { CMS_COLUMNS } from '../components/cms-columns';
import { categoryLabels } from '../components/category-tree';

const STATE_OPTIONS = optionsOf(CMS_CONTENT_STATES);

/** The category filter: the tree's categories, each under its parent's name. */
function CategoryFilter({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const tree = useQuery(trpc.cms.categories.queryOptions());
  return (
    <FilterField label="دسته‌بندی" htmlFor="cms-category-filter">
      <NativeSelect.Root size="sm" width="14rem">
        <NativeSelect.Field id="cms-category-filter" value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}>
          <option value="">همه دسته‌بندی‌ها</option>
          {categoryLabels(tree.data?.results ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FilterField>
  );
}

const CONTENTS = listScreen({
  title: 'مدیریت محتوا',
  filter: cmsListFilter,
  procedures: trpc.cms,
  csv: { fileName: 'cms-contents', noun: 'محتوا' },
  columns: CMS_COLUMNS,
  columnsKey: 'panel.cms.columns',
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'بخشی از عنوان یا شماره', width: '16rem' }),
    f.choice('state', 'وضعیت', STATE_OPTIONS, { all: 'همه وضعیت‌ها', width: '10rem' }),
    f.custom(['category'], (filter, update) => <CategoryFilter value={filter.category} onChange={(category) => update({ category })} />),
  ],
  label: 'محتواها',
  rowKey: (r: CmsContentRow) => r.id,
  emptyText: CMS_MESSAGES.empty,
  errorText: CMS_MESSAGES.loadFailed,
  rowHref: (r, search) => `/panel/cms/${r.id}${search}`,
  create: { label: 'محتوای جدید', access: CMS_ACCESS.write, href: '/panel/cms/add' },
});

/** مدیریت محتوا (/panel/cms): search, state and category in the address, sort, paging of 20, CSV; a new item opens the editor. */
export function CmsListScreen() {
  return (
    <ListScreen
      screen={useListScreen(CONTENTS)}
      actions={
        <Button asChild size="sm" variant="outline">
          <Link to="/panel/cms/category-manage">دسته‌بندی‌ها</Link>
        </Button>
      }
    />
  );
}
