import { SimpleGrid, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CITIES, TIME_SLOTS, formatToman, toPersianDigits } from '@panel/contracts/common';
import {
  CREATE_ORDER_MESSAGES,
  CreateOrderInputSchema,
  type CreateOrderFormValues,
} from '@panel/contracts/inspection-orders';
import { FormField, FormPage, JalaliDateField, SelectField, TextField, TextareaField, notify, useContractForm } from '@panel/ui';
import { BrandModelField } from '../../../lib/brand-model-picker';
import { CustomerPhoneField } from '../../../lib/callee-phone';
import { trpc } from '../../../lib/trpc';
import { timeSlotLabel } from '../state/order-labels';

const EMPTY: CreateOrderFormValues = {
  customer_name: '',
  phone_number: '',
  city_id: '',
  brand_model: '',
  package: '',
  visit_place: '',
  visit_date: undefined,
  time_slot: '',
  description: '',
  vin: '',
};
const CITY_OPTIONS = CITIES.map((c) => ({ value: String(c.id), label: c.name }));
const TIME_SLOT_OPTIONS = TIME_SLOTS.map((slot) => ({ value: slot, label: timeSlotLabel(slot) }));

/**
 * The phone request form: a staff member takes an inspection order on the phone. The contract
 * schema checks it here, in the BFF and in the gateway, so the messages below are the ones
 * every layer gives; nothing is sent while one is shown.
 */
export function OrderSubmitScreen() {
  const navigate = useNavigate();
  const create = useMutation(
    trpc.inspectionOrders.create.mutationOptions({
      onSuccess: (created) => {
        notify(CREATE_ORDER_MESSAGES.created(toPersianDigits(created.code)), 'success');
        navigate(`/panel/inspection/orders?search=${created.code}`);
      },
    }),
  );
  const form = useContractForm(CreateOrderInputSchema, { defaultValues: EMPTY, onSubmit: (values) => create.mutateAsync(values) });
  const { control, setValue } = form;
  // The packages on sale in the chosen city, and the price the catalogue quotes (decision 099).
  const cityId = Number(form.watch('city_id')) || undefined;
  const packageName = String(form.watch('package') ?? '');
  const visitDate = form.watch('visit_date') || undefined;
  const packages = useQuery(trpc.inspectionCatalogue.packageOptions.queryOptions({ city: cityId }));
  const packageOptions = (packages.data ?? []).map((p) => ({ value: p.name, label: `${p.name} (${formatToman(p.base_price)})` }));
  const sold = cityId !== undefined && packages.data?.some((p) => p.name === packageName);
  const quote = useQuery({ ...trpc.inspectionCatalogue.quote.queryOptions({ package: packageName, city_id: cityId ?? 0, day: visitDate }), enabled: Boolean(sold) });
  return (
    <FormPage title="ثبت درخواست تلفنی" form={form} maxW="56rem" submit="ثبت سفارش">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <TextField control={control} name="customer_name" label="نام مشتری" required />
        <CustomerPhoneField control={control} setValue={setValue} name="phone_number" />
        <SelectField control={control} name="city_id" label="شهر" placeholder="انتخاب شهر" options={CITY_OPTIONS} required />
        <BrandModelField control={control} name="brand_model" keep={(m) => m.full_name} />
        <SelectField control={control} name="package" label="بسته کارشناسی" placeholder="انتخاب بسته" options={packageOptions} required />
        <FormField control={control} name="visit_date" label="تاریخ بازدید (اختیاری)">
          {(field) => <JalaliDateField label="تاریخ بازدید" value={field.value as string | undefined} onChange={field.onChange} width="100%" />}
        </FormField>
        <SelectField
          control={control}
          name="time_slot"
          label="بازه زمانی (اختیاری)"
          emptyOption="بدون بازه"
          options={TIME_SLOT_OPTIONS}
        />
        <TextField control={control} name="vin" label="شماره شاسی (VIN، اختیاری)" placeholder="۱۷ حرف لاتین و رقم" dir="ltr" latinDigits />
      </SimpleGrid>
      <Text aria-live="polite" color="fg.muted" fontSize="sm">
        {sold && quote.data ? `قیمت: ${formatToman(quote.data.price)} — ${quote.data.explanation}` : 'قیمت پس از انتخاب شهر و بسته نمایش داده می‌شود.'}
      </Text>
      <TextareaField control={control} name="visit_place" label="آدرس محل بازدید" rows={2} required />
      <TextareaField control={control} name="description" label="توضیحات" rows={3} />
    </FormPage>
  );
}
