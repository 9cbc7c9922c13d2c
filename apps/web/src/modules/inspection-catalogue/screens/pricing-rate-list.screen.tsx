import { createContext, useContext, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CITIES, MAX_PAGE_SIZE, PRICING_CONDITION_LABELS, PricingConditionSchema, toPersianDigits } from '@panel/contracts/common';
import { INSPECTION_CATALOGUE_ACCESS, pricingRateListFilter, type PricingRate } from '@panel/contracts/inspection-catalogue';
import { ConfirmDialog, notify, type ListColumn } from '@panel/ui';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { RATE_COLUMNS } from '../components/catalogue-columns';

const CONDITION_OPTIONS = PricingConditionSchema.options.map((c) => ({ value: c, label: PRICING_CONDITION_LABELS[c] }));
const CITY_OPTIONS = CITIES.map((c) => ({ value: c.id, label: c.name }));
const PACKAGE_CHOICES = {
  query: trpc.inspectionCatalogue.packages.queryOptions({ pageSize: MAX_PAGE_SIZE, sort: 'name' }),
  options: (data: { results: { id: number; name: string }[] }) => data.results.map((p) => ({ value: p.id, label: p.name })),
};

/** Asks for a rate's deletion (the screen holds the confirmation). */
const DeleteRate = createContext<((rate: PricingRate) => void) | null>(null);

/** A row's buttons: they act on the rate alone, not on the row that opens the editor. */
function RateRowActions({ rate }: { rate: PricingRate }) {
  const askDelete = useContext(DeleteRate);
  const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();
  if (!askDelete) return null;
  return (
    <HStack gap="1" onClick={stop} onKeyDown={stop}>
      <Button size="xs" variant="outline" colorPalette="red" aria-label={`حذف نرخ ${toPersianDigits(rate.id)}`} onClick={() => askDelete(rate)}>
        حذف
      </Button>
    </HStack>
  );
}

const ACTIONS_COLUMN: ListColumn<PricingRate> = { key: 'actions', header: 'کارها', text: () => '', render: (rate) => <RateRowActions rate={rate} />, controls: true };

const SHOWN_FIRST = RATE_COLUMNS.map((c) => c.key).filter((key) => key !== 'updated_at');

const RATES = listScreen({
  title: 'نرخ‌های قیمت‌گذاری',
  filter: pricingRateListFilter,
  list: (filter) => trpc.inspectionCatalogue.rates.queryOptions(filter),
  export: (filter) => trpc.inspectionCatalogue.ratesExport.queryOptions(filter),
  csv: { fileName: 'pricing-rates', noun: 'نرخ' },
  columns: [...RATE_COLUMNS, ACTIONS_COLUMN],
  columnsKey: 'panel.pricing-rates.columns',
  // The last change is in the chooser; left out at first so the list fits a 1366 screen.
  defaultColumns: [...SHOWN_FIRST, ACTIONS_COLUMN.key],
  fields: (f) => [
    f.choice('condition', 'شرط', CONDITION_OPTIONS, { width: '10rem' }),
    f.choice('city', 'شهر', CITY_OPTIONS, { width: '9rem' }),
    f.choice('package', 'بسته', PACKAGE_CHOICES, { width: '11rem' }),
    f.day('day', 'در جریان در روز'),
  ],
  label: 'نرخ‌های قیمت‌گذاری',
  rowKey: (r) => r.id,
  emptyText: 'نرخی با این فیلترها نیست.',
  rowHref: (r) => `/panel/inspection/pricing-rates/${r.id}`,
  create: { label: 'افزودن نرخ', access: INSPECTION_CATALOGUE_ACCESS.change, href: '/panel/inspection/pricing-rates/new' },
});

/** What staff without the supervisor role see: the same list without the row buttons. */
const RATES_READ_ONLY = { ...RATES, columns: RATE_COLUMNS, defaultColumns: SHOWN_FIRST };

/**
 * The pricing rates (issue 29, decision 100): condition, city, package, Jalali dates, ratio;
 * filters (a city's and a package's include the rates for all); add and edit in the editor,
 * delete here after a confirmation. Changing is a supervisor's.
 */
export function PricingRateListScreen() {
  const queryClient = useQueryClient();
  const canChange = useCan(INSPECTION_CATALOGUE_ACCESS.change);
  const [deleting, setDeleting] = useState<PricingRate | null>(null);
  const remove = useMutation(trpc.inspectionCatalogue.deleteRate.mutationOptions({ onSettled: () => void queryClient.invalidateQueries() }));
  return (
    <DeleteRate.Provider value={canChange ? setDeleting : null}>
      <ListScreen
        screen={useListScreen(canChange ? RATES : RATES_READ_ONLY)}
      >
        <ConfirmDialog
          open={deleting !== null}
          onClose={() => setDeleting(null)}
          title="حذف نرخ قیمت‌گذاری"
          message={
            deleting &&
            `نرخ ${PRICING_CONDITION_LABELS[deleting.condition]} در ${deleting.city ?? 'همه شهرها'} برای ${deleting.package ?? 'همه بسته‌ها'} حذف شود؟ قیمت سفارش‌های تازه دیگر با آن حساب نمی‌شود؛ قیمت‌هایی که پیش‌تر داده شده تغییر نمی‌کند.`
          }
          confirmLabel="حذف نرخ"
          destructive
          onConfirm={async () => {
            if (!deleting) return;
            const answer = await remove.mutateAsync({ id: deleting.id, version: deleting.version });
            notify(answer.message, 'success');
          }}
        />
      </ListScreen>
    </DeleteRate.Provider>
  );
}
