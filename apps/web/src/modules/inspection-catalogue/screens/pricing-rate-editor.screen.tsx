import { useState } from 'react';
import { Box, Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { CITIES, MAX_PAGE_SIZE, MESSAGES, PRICING_CONDITION_LABELS, PricingConditionSchema, formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import {
  CatalogueIdInputSchema,
  PricingRateInputSchema,
  RATE_MESSAGES,
  RATE_SCOPE_LABELS,
  UpdatePricingRateInputSchema,
  type PricingRate,
  type PricingRateInput,
  INSPECTION_CATALOGUE_ACCESS,
} from '@panel/contracts/inspection-catalogue';
import {
  ConfirmDialog,
  DetailPage,
  FormField,
  HistoryTimeline,
  JalaliDateField,
  SelectField,
  SubmitButton,
  TextField,
  TextareaField,
  actionLogEntries,
  notify,
  useContractForm,
} from '@panel/ui';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { WhatIfPanel } from '../components/what-if-panel';

const CONDITION_OPTIONS = PricingConditionSchema.options.map((c) => ({ value: c, label: PRICING_CONDITION_LABELS[c] }));
const CITY_OPTIONS = CITIES.map((c) => ({ value: String(c.id), label: c.name }));
const HISTORY_LABELS = { workflow: { actions: {}, states: {} }, extra: { create: 'افزودن نرخ', update: 'ویرایش نرخ', delete: 'حذف نرخ' } };
const EMPTY: PricingRateInput = { condition: 'holiday', city_id: '', package_id: '', starts_on: '', ends_on: '', ratio: '', note: '' };

const valuesOf = (rate: PricingRate): PricingRateInput => ({
  condition: rate.condition,
  city_id: rate.city_id === null ? '' : String(rate.city_id),
  package_id: rate.package_id === null ? '' : String(rate.package_id),
  starts_on: rate.starts_on,
  ends_on: rate.ends_on,
  ratio: toPersianDigits(String(rate.ratio).replace('.', '٫')),
  note: rate.note,
});

/** The rate's fields; the same form adds a rate and edits one. */
function RateForm({ rate }: { rate: PricingRate | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const packages = useQuery(trpc.inspectionCatalogue.packages.queryOptions({ pageSize: MAX_PAGE_SIZE, sort: 'name' }));
  const packageOptions = (packages.data?.results ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const done = { onSettled: () => void queryClient.invalidateQueries() };
  const create = useMutation(trpc.inspectionCatalogue.createRate.mutationOptions(done));
  const update = useMutation(trpc.inspectionCatalogue.updateRate.mutationOptions(done));
  const form = useContractForm(PricingRateInputSchema, {
    defaultValues: rate ? valuesOf(rate) : EMPTY,
    onSubmit: async (values) => {
      if (rate) {
        const saved = await update.mutateAsync(UpdatePricingRateInputSchema.parse({ ...values, id: rate.id, version: rate.version }));
        notify(RATE_MESSAGES.saved, 'success');
        form.reset(valuesOf(saved));
      } else {
        const created = await create.mutateAsync(values);
        notify(RATE_MESSAGES.created, 'success');
        navigate(`/panel/inspection/pricing-rates/${created.id}`, { replace: true });
      }
    },
  });
  const { control } = form;
  return (
    <Stack gap="4">
      <form onSubmit={form.submit} noValidate aria-label={rate ? 'ویرایش نرخ قیمت‌گذاری' : 'افزودن نرخ قیمت‌گذاری'}>
        <Stack gap="4" borderWidth="1px" borderRadius="md" p="4" bg="bg">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <SelectField control={control} name="condition" label="شرط قیمت‌گذاری" options={CONDITION_OPTIONS} required />
            <TextField control={control} name="ratio" label="ضریب" required autoComplete="off" helperText="مثلاً ۱٫۲ یعنی ۲۰٪ گران‌تر، ۰٫۹ یعنی ۱۰٪ ارزان‌تر" />
            <SelectField control={control} name="city_id" label="شهر" options={CITY_OPTIONS} emptyOption="همه شهرها" />
            <SelectField control={control} name="package_id" label="بسته کارشناسی" options={packageOptions} emptyOption="همه بسته‌ها" />
            <FormField control={control} name="starts_on" label="از تاریخ" required>
              {(field) => <JalaliDateField label="از تاریخ" value={(field.value as string) || undefined} onChange={field.onChange} width="100%" />}
            </FormField>
            <FormField control={control} name="ends_on" label="تا تاریخ" required>
              {(field) => <JalaliDateField label="تا تاریخ" value={(field.value as string) || undefined} onChange={field.onChange} width="100%" />}
            </FormField>
          </SimpleGrid>
          <TextareaField control={control} name="note" label="توضیح" rows={2} />
          <Text textStyle="sm" color="fg.muted">
            برای یک شرط، نرخِ دقیق‌تر برنده است: همین شهر و بسته، سپس همین شهر، سپس همین بسته، سپس همه. ضریب‌های شرط‌های مختلف در هم ضرب می‌شوند و حاصل بین ۰٫۵ و ۲ نگه داشته می‌شود.
          </Text>
          <Box>
            <SubmitButton control={control} colorPalette="green">
              {rate ? 'ذخیره نرخ' : 'افزودن نرخ'}
            </SubmitButton>
          </Box>
        </Stack>
      </form>
      <WhatIfPanel values={() => form.getValues()} check={() => form.trigger()} replacing={rate?.id ?? null} />
    </Stack>
  );
}

/** Add a pricing rate (`/panel/inspection/pricing-rates/new`) or edit and delete one (`…/:id`), with the what-if and the rate's history. */
export function PricingRateEditorScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isNew = id === 'new';
  const parsed = CatalogueIdInputSchema.safeParse({ id });
  const rateId = parsed.success ? parsed.data.id : 0;
  const detail = useQuery({ ...trpc.inspectionCatalogue.rate.queryOptions({ id: rateId }), enabled: !isNew && parsed.success });
  const history = useQuery({ ...trpc.inspectionCatalogue.rateHistory.queryOptions({ id: rateId }), enabled: !isNew && parsed.success });
  const remove = useMutation(trpc.inspectionCatalogue.deleteRate.mutationOptions({ onSettled: () => void queryClient.invalidateQueries() }));
  const [confirming, setConfirming] = useState(false);
  const isSupervisor = useCan(INSPECTION_CATALOGUE_ACCESS.change);
  const rate = detail.data ?? null;
  const status = isNew ? 'ready' : !parsed.success || detail.isError ? 'missing' : rate ? 'ready' : 'loading';
  return (
    <DetailPage
      back={{ label: 'بازگشت', onClick: () => navigate(-1) }}
      status={status}
      loadingText={MESSAGES.loading}
      missingText={RATE_MESSAGES.notFound}
      title={isNew ? 'نرخ قیمت‌گذاری تازه' : rate && `نرخ ${PRICING_CONDITION_LABELS[rate.condition]} (${RATE_SCOPE_LABELS[rate.scope]})`}
      actions={
        rate &&
        isSupervisor && (
          <Button size="sm" colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
            حذف نرخ
          </Button>
        )
      }
    >
      {!isSupervisor && <Text color="fg.muted">افزودن، ویرایش و حذف نرخ کار سرپرست است.</Text>}
      {(isNew || rate) && <RateForm key={rate ? `${rate.id}:${rate.version}` : 'new'} rate={rate} />}
      {rate && (
        <Text textStyle="sm" color="fg.muted">
          {`ثبت‌شده به دست ${rate.created_by}، آخرین تغییر ${formatJalaliDateTime(rate.updated_at)}`}
        </Text>
      )}
      {rate && <HistoryTimeline title="تاریخچه نرخ" emptyText={history.isPending ? MESSAGES.loading : 'تاریخچه‌ای نیست.'} entries={actionLogEntries(history.data ?? [], HISTORY_LABELS)} />}
      {rate && (
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title="حذف نرخ قیمت‌گذاری"
          message="قیمت سفارش‌های تازه دیگر با این نرخ حساب نمی‌شود؛ قیمت‌هایی که پیش‌تر داده شده تغییر نمی‌کند."
          confirmLabel="حذف نرخ"
          destructive
          onConfirm={async () => {
            const answer = await remove.mutateAsync({ id: rate.id, version: rate.version });
            notify(answer.message, 'success');
            navigate('/panel/inspection/pricing-rates', { replace: true });
          }}
        />
      )}
    </DetailPage>
  );
}
