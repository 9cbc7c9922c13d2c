import { Checkbox, HStack, SimpleGrid } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CITIES, optionsOf, toPersianDigits } from '@panel/contracts/common';
import { APPLICANT_TYPES, CreateSaleInputSchema, SALE_PLANS, type CreateSaleInput } from '@panel/contracts/concierge-sale';
import { FormPage, MoneyField, SelectField, TextField, TextareaField, notify, useContractForm } from '@panel/ui';
import { BrandModelField } from '../../../lib/brand-model-picker';
import { CustomerPhoneField } from '../../../lib/callee-phone';
import { trpc } from '../../../lib/trpc';

const EMPTY: CreateSaleInput = {
  applicant_full_name: '',
  applicant_type: 'owner',
  phone_number: '',
  city_id: '',
  car_model_id: '',
  car_brand_model_year: '',
  usage: '',
  price: '',
  address: '',
  plan: '' as never,
  is_quick_sale: false,
  is_leasing_available: false,
  description: '',
};
const CITY_OPTIONS = CITIES.map((c) => ({ value: String(c.id), label: c.name }));
const PLAN_OPTIONS = optionsOf(SALE_PLANS);
const APPLICANT_OPTIONS = optionsOf(APPLICANT_TYPES);

/** A yes/no of the form as one checkbox, its label beside it. */
function CheckField({ checked, onChange, label }: { checked: boolean; onChange: (checked: boolean) => void; label: string }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(e) => onChange(Boolean(e.checked))}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/**
 * A sales assistant registers a concierge sale by phone (`/panel/sell-assisstant/submit-order`):
 * the contract schema checks it here, in the BFF and in the gateway; the new sale's detail opens.
 */
export function SubmitOrderScreen() {
  const navigate = useNavigate();
  const create = useMutation(
    trpc.conciergeSale.create.mutationOptions({
      onSuccess: (created) => {
        notify(`درخواست فروش شمارهٔ ${toPersianDigits(created.id)} ثبت شد.`, 'success');
        navigate(`/panel/concierge-sale/${created.id}`);
      },
    }),
  );
  const form = useContractForm(CreateSaleInputSchema, { defaultValues: EMPTY, onSubmit: (values) => create.mutateAsync(values) });
  const { control, setValue, watch } = form;

  return (
    <FormPage title="ثبت سفارش فروش همراه" form={form} maxW="60rem" submit="ثبت سفارش">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <TextField control={control} name="applicant_full_name" label="نام متقاضی" required />
        <SelectField control={control} name="applicant_type" label="نوع متقاضی" options={APPLICANT_OPTIONS} required />
        <CustomerPhoneField control={control} setValue={setValue} name="phone_number" />
        <SelectField control={control} name="city_id" label="شهر" placeholder="انتخاب شهر" options={CITY_OPTIONS} required />
        <BrandModelField control={control} name="car_model_id" keep={(m) => m.model_id} />
        <TextField control={control} name="car_brand_model_year" label="سال ساخت" required inputMode="numeric" placeholder="مثلا ۱۴۰۰" />
        <TextField control={control} name="usage" label="کارکرد (کیلومتر)" required inputMode="numeric" />
        <MoneyField control={control} name="price" label="قیمت مورد انتظار مشتری (تومان)" required />
        <SelectField control={control} name="plan" label="طرح فروش" placeholder="انتخاب طرح" options={PLAN_OPTIONS} required />
        <HStack gap="6" alignSelf="end" pb="2">
          <CheckField checked={Boolean(watch('is_quick_sale'))} onChange={(v) => setValue('is_quick_sale', v)} label="فروش فوری" />
          <CheckField checked={Boolean(watch('is_leasing_available'))} onChange={(v) => setValue('is_leasing_available', v)} label="امکان لیزینگ" />
        </HStack>
      </SimpleGrid>
      <TextareaField control={control} name="address" label="نشانی" rows={2} required />
      <TextareaField control={control} name="description" label="توضیحات" rows={3} />
    </FormPage>
  );
}
