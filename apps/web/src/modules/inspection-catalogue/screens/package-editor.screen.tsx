import { Box, Checkbox, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { CITIES, MAX_PAGE_SIZE, MESSAGES, formatToman, toPersianDigits } from '@panel/contracts/common';
import {
  CATALOGUE_MESSAGES,
  CatalogueIdInputSchema,
  INSPECTION_TYPES,
  PackageInputSchema,
  REPORT_FIELDS,
  UpdatePackageInputSchema,
  type InspectionPackage,
  type InspectionType,
  type PackageInput,
  type ReportField,
  INSPECTION_CATALOGUE_ACCESS,
} from '@panel/contracts/inspection-catalogue';
import { DetailPage, FormField, type ContractFormState, HistoryTimeline, MoneyField, SelectField, SubmitButton, TextField, actionLogEntries, notify, useContractForm } from '@panel/ui';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { CheckList } from '../components/check-list';

const TYPE_OPTIONS = (Object.keys(INSPECTION_TYPES) as InspectionType[]).map((t) => ({ value: t, label: INSPECTION_TYPES[t] }));
const CITY_CHOICES = CITIES.map((c) => ({ value: c.id as number, label: c.name }));
const FIELD_CHOICES = (Object.keys(REPORT_FIELDS) as ReportField[]).map((f) => ({ value: f, label: REPORT_FIELDS[f] }));
const HISTORY_LABELS = { workflow: { actions: {}, states: {} }, extra: { create: 'افزودن بسته', update: 'به‌روزرسانی بسته', configure: 'پیکربندی شهرها و بخش‌های گزارش' } };

const NEW_PACKAGE: PackageInput = {
  name: '',
  vehicle_kind_id: '',
  base_price: '',
  service_minutes: '',
  inspection_type: 'both',
  city_ids: CITIES.map((c) => c.id),
  report_fields: ['body', 'chassis', 'engine', 'gearbox', 'documents'],
  is_active: true,
};

const valuesOf = (p: InspectionPackage) => ({
  id: p.id,
  version: p.version,
  name: p.name,
  vehicle_kind_id: String(p.vehicle_kind_id),
  base_price: String(p.base_price),
  service_minutes: toPersianDigits(p.service_minutes),
  inspection_type: p.inspection_type,
  city_ids: p.city_ids,
  report_fields: p.report_fields,
  is_active: p.is_active,
});

/** The vehicle kinds a package may take: the active ones, and the one it has. */
function useKindOptions(current: number | null) {
  const kinds = useQuery(trpc.inspectionCatalogue.vehicleKinds.queryOptions({ pageSize: MAX_PAGE_SIZE }));
  return (kinds.data?.results ?? []).filter((k) => k.is_active || k.id === current).map((k) => ({ value: String(k.id), label: k.name }));
}

/** Every field of a package, for adding one and for *update package*. */
type PackageControl = ContractFormState<typeof PackageInputSchema>['control'];

function PackageFields({ control, kindOptions, submitLabel }: { control: PackageControl; kindOptions: { value: string; label: string }[]; submitLabel: string }) {
  return (
    <Stack gap="4" borderWidth="1px" borderRadius="md" p="4" bg="bg">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField control={control} name="name" label="نام بسته" required autoComplete="off" />
        <SelectField control={control} name="vehicle_kind_id" label="نوع خودرو" options={kindOptions} required />
        <MoneyField control={control} name="base_price" label="قیمت پایه (تومان)" required />
        <TextField control={control} name="service_minutes" label="زمان خدمت (دقیقه)" required inputMode="numeric" autoComplete="off" />
        <SelectField control={control} name="inspection_type" label="نوع کارشناسی" options={TYPE_OPTIONS} required />
        <FormField control={control} name="is_active" label="فروش">
          {(field) => (
            <Checkbox.Root checked={field.value === true} onCheckedChange={(e) => field.onChange(e.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>در حال فروش</Checkbox.Label>
            </Checkbox.Root>
          )}
        </FormField>
      </SimpleGrid>
      <FormField control={control} name="city_ids" label="شهرهای فروش" required>
        {(field) => <CheckList label="شهرهای فروش" options={CITY_CHOICES} value={(field.value as number[]) ?? []} onChange={field.onChange} />}
      </FormField>
      <FormField control={control} name="report_fields" label="بخش‌های گزارش" required>
        {(field) => <CheckList label="بخش‌های گزارش" options={FIELD_CHOICES} value={(field.value as ReportField[]) ?? []} onChange={field.onChange} />}
      </FormField>
      <Box>
        <SubmitButton control={control} colorPalette="green">
          {submitLabel}
        </SubmitButton>
      </Box>
    </Stack>
  );
}

/** *Update package*: every field of the package against the version the form opened with. */
function PackageForm({ pkg }: { pkg: InspectionPackage }) {
  const queryClient = useQueryClient();
  const kindOptions = useKindOptions(pkg.vehicle_kind_id);
  const update = useMutation(trpc.inspectionCatalogue.updatePackage.mutationOptions({ onSettled: () => void queryClient.invalidateQueries() }));
  const form = useContractForm(UpdatePackageInputSchema, {
    defaultValues: valuesOf(pkg),
    onSubmit: async (values) => {
      await update.mutateAsync(values);
      notify(CATALOGUE_MESSAGES.saved, 'success');
    },
  });
  return (
    <form onSubmit={form.submit} noValidate aria-label="به‌روزرسانی بسته کارشناسی">
      <PackageFields control={form.control as unknown as PackageControl} kindOptions={kindOptions} submitLabel="به‌روزرسانی بسته" />
    </form>
  );
}

/** A new package (`/panel/inspection/packages/new`): sold in every city at first, with the basic report's sections. */
function NewPackageForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const kindOptions = useKindOptions(null);
  const create = useMutation(trpc.inspectionCatalogue.createPackage.mutationOptions({ onSettled: () => void queryClient.invalidateQueries() }));
  const form = useContractForm(PackageInputSchema, {
    defaultValues: NEW_PACKAGE,
    onSubmit: async (values) => {
      const created = await create.mutateAsync(values);
      notify(CATALOGUE_MESSAGES.saved, 'success');
      navigate(`/panel/inspection/packages/${created.id}`, { replace: true });
    },
  });
  return (
    <form onSubmit={form.submit} noValidate aria-label="افزودن بسته کارشناسی">
      <PackageFields control={form.control} kindOptions={kindOptions} submitLabel="افزودن بسته" />
    </form>
  );
}

/** An inspection package (`/panel/inspection/packages/:id`): its edit and its history; `new` adds one. */
export function PackageEditorScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const isNew = id === 'new';
  const parsed = CatalogueIdInputSchema.safeParse({ id });
  const packageId = parsed.success ? parsed.data.id : 0;
  const detail = useQuery({ ...trpc.inspectionCatalogue.package.queryOptions({ id: packageId }), enabled: !isNew && parsed.success });
  const history = useQuery({ ...trpc.inspectionCatalogue.packageHistory.queryOptions({ id: packageId }), enabled: !isNew && parsed.success });
  const isSupervisor = useCan(INSPECTION_CATALOGUE_ACCESS.change);
  const pkg = detail.data;
  return (
    <DetailPage
      back={{ label: 'بازگشت', onClick: () => navigate(-1) }}
      status={isNew ? 'ready' : !parsed.success || detail.isError ? 'missing' : pkg ? 'ready' : 'loading'}
      loadingText={MESSAGES.loading}
      missingText={CATALOGUE_MESSAGES.packageNotFound}
      title={isNew ? 'بسته کارشناسی تازه' : pkg && `بسته ${pkg.name}`}
    >
      {pkg && (
        <Text color="fg.muted">{`${pkg.vehicle_kind} · ${formatToman(pkg.base_price)} · ${INSPECTION_TYPES[pkg.inspection_type]}`}</Text>
      )}
      {!isSupervisor && <Text color="fg.muted">افزودن و به‌روزرسانی بسته کار سرپرست است.</Text>}
      {isNew && <NewPackageForm />}
      {pkg && <PackageForm key={`${pkg.id}:${pkg.version}`} pkg={pkg} />}
      {pkg && <HistoryTimeline title="تاریخچه بسته" emptyText={history.isPending ? MESSAGES.loading : 'هنوز تغییری ثبت نشده است.'} entries={actionLogEntries(history.data ?? [], HISTORY_LABELS)} />}
    </DetailPage>
  );
}
