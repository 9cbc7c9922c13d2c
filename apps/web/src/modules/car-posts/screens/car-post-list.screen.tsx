import { useMemo } from 'react';
import { HStack, Kbd, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { CITIES, MESSAGES } from '@panel/contracts/common';
import { CAR_POST_MESSAGES, CAR_POST_SORTS, CAR_POST_TYPES, carPostListFilter, type CarPostSort, type CarPostType } from '@panel/contracts/car-posts';
import {
  CommitInput,
  FilterField,
  JalaliDateField,
  ListPage,
  ListResults,
  SingleSelect,
  StateTabs,
  tableColumns,
  useColumnChoice,
  type SelectOption,
} from '@panel/ui';
import { useAddressFilter } from '../../../lib/address-filter';
import { BrandModelFilter } from '../../../lib/brand-model-picker';
import { ListTools } from '../../../lib/list-tools';
import { trpc } from '../../../lib/trpc';
import { CAR_POST_COLUMNS } from '../components/car-post-columns';
import { QUEUE_KEYS, useQueueKeys } from '../components/queue-keys';

const ALL = 'all';
const TYPE_OPTIONS: SelectOption[] = [{ value: ALL, label: 'همه' }, ...Object.entries(CAR_POST_TYPES).map(([value, label]) => ({ value, label }))];
const CITY_OPTIONS: SelectOption[] = [{ value: ALL, label: 'همه شهرها' }, ...CITIES.map((c) => ({ value: String(c.id), label: c.name }))];
const COLUMN_KEYS = CAR_POST_COLUMNS.map((c) => c.key);
const SORT_LABELS: Record<CarPostSort, string> = { waiting: 'زمان انتظار', created_at: 'زمان ثبت', price: 'قیمت' };

/** Moves the keyboard focus to the next or previous row of the queue's table. */
function focusRow(step: 1 | -1) {
  const rows = [...document.querySelectorAll<HTMLElement>('table[aria-label="آگهی‌ها"] tbody tr[tabindex]')];
  if (rows.length === 0) return;
  const at = rows.indexOf(document.activeElement as HTMLElement);
  rows[at === -1 ? (step === 1 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, at + step))]!.focus();
}

/** The car-post moderation queue (issue 16): state tabs with counts, filters in the address, oldest waiting first. */
export function CarPostListScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { filter, dropped, update, reset } = useAddressFilter(carPostListFilter);
  const [visible, setVisible] = useColumnChoice('panel.carPosts.columns', COLUMN_KEYS);
  const list = useQuery({ ...trpc.carPosts.list.queryOptions(filter), placeholderData: keepPreviousData });
  const counts = useQuery({ ...trpc.carPosts.stateCounts.queryOptions(filter), placeholderData: keepPreviousData });
  const columns = useMemo(() => tableColumns(CAR_POST_COLUMNS, visible), [visible]);
  const total = counts.data?.reduce((sum, tab) => sum + tab.count, 0);
  useQueueKeys({ next: () => focusRow(1), previous: () => focusRow(-1) });

  return (
    <ListPage
      title="آگهی‌های خودرو"
      dropped={dropped}
      onReset={reset}
      filters={
        <>
          <FilterField label="جستجو">
            <CommitInput label="جستجو" placeholder="عنوان، شناسه، نام یا تلفن مالک" value={filter.search ?? ''} onCommit={(search) => update({ search })} width="14rem" />
          </FilterField>
          <FilterField label="نوع آگهی">
            <SingleSelect label="نوع آگهی" options={TYPE_OPTIONS} value={filter.type ?? ALL} onChange={(v) => update({ type: v === ALL ? undefined : (v as CarPostType) })} width="9rem" />
          </FilterField>
          <FilterField label="شهر">
            <SingleSelect label="شهر" options={CITY_OPTIONS} value={filter.city === undefined ? ALL : String(filter.city)} onChange={(v) => update({ city: v === ALL ? undefined : Number(v) })} width="9rem" />
          </FilterField>
          <BrandModelFilter value={filter.model} onChange={(model) => update({ model })} />
          <FilterField label="قیمت از (تومان)">
            <CommitInput money label="قیمت از (تومان)" value={filter.priceMin === undefined ? '' : String(filter.priceMin)} onCommit={(v) => update({ priceMin: v === '' ? undefined : v })} width="9rem" />
          </FilterField>
          <FilterField label="قیمت تا (تومان)">
            <CommitInput money label="قیمت تا (تومان)" value={filter.priceMax === undefined ? '' : String(filter.priceMax)} onCommit={(v) => update({ priceMax: v === '' ? undefined : v })} width="9rem" />
          </FilterField>
          <FilterField label="کارشناس فروش">
            <CommitInput label="کارشناس فروش" placeholder="نام یا تلفن" value={filter.salesExpert ?? ''} onCommit={(salesExpert) => update({ salesExpert })} width="10rem" />
          </FilterField>
          <FilterField label="ثبت از">
            <JalaliDateField label="ثبت از" value={filter.createdFrom} onChange={(createdFrom) => update({ createdFrom })} />
          </FilterField>
          <FilterField label="ثبت تا">
            <JalaliDateField label="ثبت تا" value={filter.createdTo} onChange={(createdTo) => update({ createdTo })} />
          </FilterField>
          <FilterField label="ترتیب">
            <SingleSelect
              label="ترتیب"
              options={CAR_POST_SORTS.flatMap((sort) => [
                { value: `${sort}:asc`, label: `${SORT_LABELS[sort]}، ${sort === 'price' ? 'ارزان‌تر' : 'قدیمی‌تر'} اول` },
                { value: `${sort}:desc`, label: `${SORT_LABELS[sort]}، ${sort === 'price' ? 'گران‌تر' : 'جدیدتر'} اول` },
              ])}
              value={`${filter.sort}:${filter.isAscending ? 'asc' : 'desc'}`}
              onChange={(v) => {
                const [sort, direction] = v.split(':');
                update({ sort: sort as CarPostSort, isAscending: direction === 'asc' });
              }}
              width="13rem"
            />
          </FilterField>
        </>
      }
      actions={
        <>
          <ListTools
            columns={CAR_POST_COLUMNS}
            visible={visible}
            onVisibleChange={setVisible}
            load={() => queryClient.fetchQuery(trpc.carPosts.export.queryOptions({ ...filter, page: 1 }))}
            fileName="car-posts"
            noun="آگهی"
            count={list.data?.count}
          />
        </>
      }
    >
      <StateTabs
        label="وضعیت آگهی‌ها"
        tabs={[...(counts.data ?? []).map((tab) => ({ key: tab.state, label: tab.label, count: tab.count })), ...(total === undefined ? [] : [{ key: ALL, label: 'همه', count: total }])]}
        selected={filter.state}
        onSelect={(state) => update({ state: state as typeof filter.state })}
        highlight="pending"
      />
      <HStack gap="2" mb="2" color="fg.muted" textStyle="sm" wrap="wrap">
        <Text>میانبرها:</Text>
        <Kbd>{QUEUE_KEYS.next.label}</Kbd>
        <Text>آگهی بعدی،</Text>
        <Kbd>{QUEUE_KEYS.previous.label}</Kbd>
        <Text>آگهی قبلی،</Text>
        <Kbd>Enter</Kbd>
        <Text>باز کردن آگهی</Text>
      </HStack>
      {list.isError && (
        <Text role="alert" color="fg.error" mb="2">
          فهرست آگهی‌ها بارگذاری نشد.
        </Text>
      )}
      <ListResults
        label="آگهی‌ها"
        columns={columns}
        answer={list.data}
        rowKey={(p) => String(p.id)}
        loading={list.isPending}
        loadingText={MESSAGES.loading}
        emptyText={CAR_POST_MESSAGES.empty}
        sort={{ key: filter.sort, ascending: filter.isAscending }}
        onSortChange={(sort) => update({ sort: sort.key as CarPostSort, isAscending: sort.ascending })}
        onRowClick={(p) => navigate(`/panel/car-posts/${p.id}${location.search}`)}
        paging={filter}
        onPageChange={(page) => update({ page })}
      />
    </ListPage>
  );
}
