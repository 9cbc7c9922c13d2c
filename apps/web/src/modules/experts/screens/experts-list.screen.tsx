import { EXPERT_LEVELS, EXPERT_LEVEL_LABELS, EXPERT_TYPES, EXPERT_TYPE_LABELS } from '@panel/contracts/common';
import { EXPERTS_ACCESS, EXPERTS_MESSAGES, expertsListFilter, type Expert, type ExpertArea } from '@panel/contracts/experts';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { DEFAULT_EXPERT_COLUMNS, EXPERT_COLUMNS } from '../components/experts-columns';
import { ExpertFormDialog } from '../components/expert-form';

const LEVEL_OPTIONS = EXPERT_LEVELS.map((l) => ({ value: l, label: EXPERT_LEVEL_LABELS[l] }));
const TYPE_OPTIONS = EXPERT_TYPES.map((t) => ({ value: t, label: EXPERT_TYPE_LABELS[t] }));
const AREA_OPTIONS = { query: trpc.experts.areas.queryOptions(), options: (areas: ExpertArea[]) => areas.map((a) => ({ value: a.id, label: `${a.city_name} — ${a.name}` })) };

/** لیست کارشناسان (/panel/experts/list): filters in the address, sort, paging of 20, CSV, and the add dialog. */
export const ExpertsListScreen = defineListScreen({
  title: 'لیست کارشناسان',
  filter: expertsListFilter,
  procedures: trpc.experts,
  csv: { fileName: 'experts', noun: 'کارشناس' },
  columns: EXPERT_COLUMNS,
  columnsKey: 'panel.experts.columns',
  defaultColumns: DEFAULT_EXPERT_COLUMNS,
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'نام، تلفن همراه یا شناسه', width: '14rem' }),
    f.multi('level', 'سطح', LEVEL_OPTIONS, { placeholder: 'همه سطح‌ها', width: '10rem' }),
    f.multi('type', 'نوع کارشناسی', TYPE_OPTIONS, { placeholder: 'همه نوع‌ها', width: '12rem' }),
    f.choice('area', 'منطقه', AREA_OPTIONS, { all: 'همه منطقه‌ها', width: '14rem' }),
    f.yesNo('active', 'فعال'),
  ],
  label: 'کارشناسان',
  rowKey: (e: Expert) => e.pk,
  emptyText: EXPERTS_MESSAGES.empty,
  errorText: EXPERTS_MESSAGES.loadFailed,
  rowHref: (e, search) => `/panel/experts/${e.pk}${search}`,
  create: { label: 'افزودن کارشناس', access: EXPERTS_ACCESS.change },
  detail: (d) => <ExpertFormDialog open={d.creating} expert={null} onClose={d.close} />,
});

