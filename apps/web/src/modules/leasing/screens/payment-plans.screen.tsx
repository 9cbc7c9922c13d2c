import { useMemo, useState } from 'react';
import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES, optionsOf } from '@panel/contracts/common';
import { PaymentPlanFiltersSchema, VEHICLE_TYPE_LABELS, type PaymentPlan, type PaymentPlanFilters, type PaymentPlanGroup } from '@panel/contracts/leasing';
import { CommitInput, FilterBar, FilterField, SingleSelect } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { PlanMatchingDialog } from '../components/plan-matching-dialog';
import { PlanTable } from '../components/plan-table';

const DEFAULTS = PaymentPlanFiltersSchema.parse({});
const VEHICLE_OPTIONS = optionsOf(VEHICLE_TYPE_LABELS);
const FIELD_OPTIONS = [
  { value: 'brand', label: 'برند' },
  { value: 'model', label: 'مدل' },
];
const STATUS_OPTIONS = [
  { value: 'true', label: 'فعال' },
  { value: 'false', label: 'غیرفعال' },
];

/** The §9 filters in the address: absent keys are the defaults (light_car, brand, active). */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => {
    const parsed = PaymentPlanFiltersSchema.safeParse(Object.fromEntries(params));
    return parsed.success ? parsed.data : DEFAULTS;
  }, [params]);
  const update = (patch: Partial<PaymentPlanFilters>) => {
    const next = { ...filters, ...patch };
    const record: Record<string, string> = {};
    for (const key of Object.keys(next) as (keyof PaymentPlanFilters)[]) if (String(next[key]) !== String(DEFAULTS[key])) record[key] = String(next[key]);
    setParams(record);
  };
  return { filters, update, reset: () => setParams({}) };
}

function ProviderGroups({ groups, onEdit }: { groups: readonly PaymentPlanGroup[]; onEdit: (plan: PaymentPlan) => void }) {
  const providers = [...new Set(groups.map((g) => g.provider_name))];
  return (
    <Stack gap="5">
      {providers.map((provider) => (
        <Stack key={provider} as="section" gap="3" aria-label={provider}>
          <Heading as="h3" size="sm">
            {provider}
          </Heading>
          {groups
            .filter((g) => g.provider_name === provider)
            .map((g) => (
              <Box key={g.id} ps="3" borderInlineStartWidth="3px" borderColor="border.emphasized">
                <Text fontWeight="bold" mb="2">
                  گروه {g.name}
                </Text>
                <PlanTable plans={g.plans} label={`طرح‌های گروه ${g.name}`} grouped onEdit={onEdit} />
              </Box>
            ))}
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * Payment plans (issue 30, spec §7 and §9): the matching plans under the §9 filter defaults
 * (light car, search by brand, active), plan groups and plans per provider, and each plan's
 * matching (the brand-models it applies to) edited in a dialog.
 */
export function PaymentPlansScreen() {
  const { filters, update, reset } = useFilters();
  const [editing, setEditing] = useState<PaymentPlan | null>(null);
  const matching = useQuery({ ...trpc.leasing.matchingPlans.queryOptions(filters), placeholderData: keepPreviousData });
  const groups = useQuery(trpc.leasing.planGroups.queryOptions());
  return (
    <Box p="6" maxW="100rem">
      <HStack justify="space-between" mb="4" wrap="wrap">
        <Heading as="h1" size="xl">
          طرح‌های پرداخت
        </Heading>
        <HStack gap="2">
          <Button asChild size="sm" variant="outline">
            <Link to="/panel/leasing/claims">مطالبات لیزینگ</Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to="/panel/leasing/orders">سفارش‌های لیزینگ</Link>
          </Button>
        </HStack>
      </HStack>
      <Stack gap="8">
        <Stack as="section" gap="3" aria-labelledby="matching-plans">
          <Heading as="h2" size="md" id="matching-plans">
            طرح‌های منطبق
          </Heading>
          <FilterBar
            label="فیلتر طرح‌ها"
            actions={
              <Button size="sm" variant="ghost" onClick={reset}>
                پیش‌فرض‌ها
              </Button>
            }
          >
            <FilterField label="نوع خودرو">
              <SingleSelect label="نوع خودرو" options={VEHICLE_OPTIONS} value={filters.vehicleType} onChange={(v) => v && update({ vehicleType: v as PaymentPlanFilters['vehicleType'] })} width="10rem" />
            </FilterField>
            <FilterField label="جستجو در">
              <SingleSelect label="جستجو در" options={FIELD_OPTIONS} value={filters.searchField} onChange={(v) => v && update({ searchField: v as PaymentPlanFilters['searchField'] })} width="7rem" />
            </FilterField>
            <FilterField label="جستجو">
              <CommitInput label="جستجو" placeholder={filters.searchField === 'brand' ? 'نام برند' : 'نام مدل'} value={filters.search} onCommit={(search) => update({ search })} width="12rem" />
            </FilterField>
            <FilterField label="وضعیت">
              <SingleSelect label="وضعیت" options={STATUS_OPTIONS} value={String(filters.status)} onChange={(v) => v && update({ status: v === 'true' })} width="8rem" />
            </FilterField>
          </FilterBar>
          {matching.isPending ? <Text role="status">{MESSAGES.loading}</Text> : <PlanTable plans={matching.data ?? []} label="طرح‌های منطبق" onEdit={setEditing} />}
        </Stack>
        <Stack as="section" gap="3" aria-labelledby="plan-groups">
          <Heading as="h2" size="md" id="plan-groups">
            گروه‌های طرح به تفکیک لیزینگ
          </Heading>
          {groups.isPending ? <Text role="status">{MESSAGES.loading}</Text> : <ProviderGroups groups={groups.data ?? []} onEdit={setEditing} />}
        </Stack>
      </Stack>
      <PlanMatchingDialog plan={editing} onClose={() => setEditing(null)} />
    </Box>
  );
}
