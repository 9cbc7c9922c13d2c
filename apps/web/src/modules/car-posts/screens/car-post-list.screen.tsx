import { HStack, Kbd, Text } from '@chakra-ui/react';
import { CITIES, optionsOf } from '@panel/contracts/common';
import { CAR_POST_MESSAGES, CAR_POST_SORTS, CAR_POST_TYPES, carPostListFilter, type CarPostSort } from '@panel/contracts/car-posts';
import { FilterField, SingleSelect } from '@panel/ui';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { CAR_POST_COLUMNS } from '../components/car-post-columns';
import { QUEUE_KEYS, useQueueKeys } from '../components/queue-keys';

const TYPE_OPTIONS = optionsOf(CAR_POST_TYPES);
const CITY_OPTIONS = CITIES.map((c) => ({ value: c.id, label: c.name }));
/**
 * The sales experts who have posts, as the queue's first page names them (decision 123): the
 * filter is a pick matched exactly. The query is the queue's own default view, so a screen opened
 * on it asks nothing more.
 */
const SALES_EXPERTS = {
  query: trpc.carPosts.list.queryOptions(carPostListFilter.defaults),
  options: (page: { sales_experts?: string[] }) => (page.sales_experts ?? []).map((name) => ({ value: name, label: name })),
};
const SORT_LABELS: Record<CarPostSort, string> = { waiting: 'زمان انتظار', created_at: 'زمان ثبت', price: 'قیمت' };
const SORT_OPTIONS = CAR_POST_SORTS.flatMap((sort) => [
  { value: `${sort}:asc`, label: `${SORT_LABELS[sort]}، ${sort === 'price' ? 'ارزان‌تر' : 'قدیمی‌تر'} اول` },
  { value: `${sort}:desc`, label: `${SORT_LABELS[sort]}، ${sort === 'price' ? 'گران‌تر' : 'جدیدتر'} اول` },
]);

const CAR_POSTS = listScreen({
  title: 'آگهی‌های خودرو',
  filter: carPostListFilter,
  procedures: trpc.carPosts,
  csv: { fileName: 'car-posts', noun: 'آگهی' },
  columns: CAR_POST_COLUMNS,
  columnsKey: 'panel.carPosts.columns',
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'عنوان، شناسه، نام یا تلفن مالک', width: '14rem' }),
    f.choice('type', 'نوع آگهی', TYPE_OPTIONS, { width: '9rem' }),
    f.choice('city', 'شهر', CITY_OPTIONS, { all: 'همه شهرها', width: '9rem' }),
    f.brandModel('model'),
    f.range(['priceMin', 'priceMax'], ['قیمت از (تومان)', 'قیمت تا (تومان)'], 'money'),
    f.choice('salesExpert', 'کارشناس فروش', SALES_EXPERTS, { all: 'همه کارشناسان', width: '11rem' }),
    f.range(['createdFrom', 'createdTo'], ['ثبت از', 'ثبت تا'], 'day'),
    f.custom(['sort', 'isAscending'], (filter, update) => (
      <FilterField label="ترتیب">
        <SingleSelect
          label="ترتیب"
          options={SORT_OPTIONS}
          value={`${filter.sort}:${filter.isAscending ? 'asc' : 'desc'}`}
          onChange={(v) => {
            const [sort, direction] = v.split(':');
            update({ sort: sort as CarPostSort, isAscending: direction === 'asc' });
          }}
          width="13rem"
        />
      </FilterField>
    )),
  ],
  tabs: {
    label: 'وضعیت آگهی‌ها',
    counts: (filter) => trpc.carPosts.stateCounts.queryOptions(filter),
    // Past 10,000 posts a tab's count is an estimate (decision 123), and so is the sum of all.
    tabs: (counts: { state: string; label: string; count: number; estimated?: boolean }[] | undefined) => {
      const tabs = (counts ?? []).map((tab) => ({ key: tab.state, label: tab.label, count: tab.count, estimated: tab.estimated }));
      return counts === undefined ? tabs : [...tabs, { key: 'all', label: 'همه', count: counts.reduce((sum, tab) => sum + tab.count, 0), estimated: counts.some((tab) => tab.estimated) }];
    },
    selected: (filter) => filter.state,
    select: (state) => ({ state: state as typeof carPostListFilter.defaults.state }),
    highlight: 'pending',
  },
  label: 'آگهی‌ها',
  rowKey: (p) => p.id,
  emptyText: CAR_POST_MESSAGES.empty,
  errorText: 'فهرست آگهی‌ها بارگذاری نشد.',
  rowHref: (p, search) => `/panel/car-posts/${p.id}${search}`,
});

/** Moves the keyboard focus to the next or previous row of the queue's table. */
function focusRow(step: 1 | -1) {
  const rows = [...document.querySelectorAll<HTMLElement>('table[aria-label="آگهی‌ها"] tbody tr[tabindex]')];
  if (rows.length === 0) return;
  const at = rows.indexOf(document.activeElement as HTMLElement);
  rows[at === -1 ? (step === 1 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, at + step))]!.focus();
}

/** The car-post moderation queue (issue 16): state tabs with counts, filters in the address, oldest waiting first. */
export function CarPostListScreen() {
  useQueueKeys({ next: () => focusRow(1), previous: () => focusRow(-1) });
  return (
    <ListScreen
      screen={useListScreen(CAR_POSTS)}
      above={
        <HStack gap="2" mb="2" color="fg.muted" textStyle="sm" wrap="wrap">
          <Text>میانبرها:</Text>
          <Kbd>{QUEUE_KEYS.next.label}</Kbd>
          <Text>آگهی بعدی،</Text>
          <Kbd>{QUEUE_KEYS.previous.label}</Kbd>
          <Text>آگهی قبلی،</Text>
          <Kbd>Enter</Kbd>
          <Text>باز کردن آگهی</Text>
        </HStack>
      }
    />
  );
}
