import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { CITIES, formatToman, toPersianDigits } from '@panel/contracts/common';
import { AFFIDAVIT_FEE, AffidavitFieldsSchema, affidavitFee, type AffidavitFields, type Affidavit } from '@panel/contracts/affidavits';
import { MoneyField, SelectField, SubmitForm, TextField, useContractForm } from '@panel/ui';
import { MOBILE_INPUT } from '../../../lib/callee-phone';

type FormValues = Record<keyof AffidavitFields, string>;
const CITY_OPTIONS = CITIES.map((c) => ({ value: String(c.id), label: c.name }));
const EMPTY: FormValues = { buyer_name: '', buyer_phone: '', seller_name: '', seller_phone: '', car_title: '', car_year: '', city_id: '', price: '', concierge_sale_id: '' };
const NUMBER_INPUT = { inputMode: 'numeric' } as const;

/** An affidavit's fields as the form holds them (for editing). */
export function formValuesOf(a: Affidavit): FormValues {
  return {
    buyer_name: a.buyer_name, buyer_phone: a.buyer_phone, seller_name: a.seller_name, seller_phone: a.seller_phone, car_title: a.car_title,
    car_year: toPersianDigits(a.car_year), city_id: String(a.city_id), price: String(a.price), concierge_sale_id: a.concierge_sale_id === null ? '' : toPersianDigits(a.concierge_sale_id),
  };
}

/** The fee of the rule (decision 104) for the price typed, shown before anything is saved. */
function FeePreview({ price }: { price: string }) {
  const parsed = AffidavitFieldsSchema.shape.price.safeParse(price);
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle" role="status" aria-label="کارمزد قولنامه">
      <Text textStyle="sm">
        {parsed.success ? `کارمزد قولنامه: ${formatToman(affidavitFee(parsed.data))}` : 'کارمزد پس از وارد کردن قیمت توافقی نمایش داده می‌شود.'}
      </Text>
      <Text textStyle="xs" color="fg.muted">
        {`نیم درصد قیمت توافقی، دست‌کم ${formatToman(AFFIDAVIT_FEE.min)} و حداکثر ${formatToman(AFFIDAVIT_FEE.max)}`}
      </Text>
    </Box>
  );
}

/** The add and edit form of an affidavit: buyer, seller, car, price in tomans, a linked concierge sale if any. */
export function AffidavitForm({ initial, label, submitLabel, onSubmit }: { initial?: FormValues; label: string; submitLabel: string; onSubmit: (values: AffidavitFields) => Promise<unknown> }) {
  const form = useContractForm(AffidavitFieldsSchema, { defaultValues: initial ?? EMPTY, onSubmit });
  const { control, watch } = form;
  return (
    <SubmitForm form={form} label={label} submit={submitLabel}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <TextField control={control} name="buyer_name" label="نام و نام خانوادگی خریدار" required />
        <TextField control={control} name="buyer_phone" label="تلفن همراه خریدار" required {...MOBILE_INPUT} />
        <TextField control={control} name="seller_name" label="نام و نام خانوادگی فروشنده" required />
        <TextField control={control} name="seller_phone" label="تلفن همراه فروشنده" required {...MOBILE_INPUT} />
        <TextField control={control} name="car_title" label="خودرو (برند، مدل و تیپ)" required />
        <TextField control={control} name="car_year" label="سال ساخت (شمسی)" required {...NUMBER_INPUT} />
        <SelectField control={control} name="city_id" label="شهر" placeholder="انتخاب شهر" options={CITY_OPTIONS} required />
        <TextField control={control} name="concierge_sale_id" label="شناسه فروش همراه (اختیاری)" {...NUMBER_INPUT} />
        <MoneyField control={control} name="price" label="قیمت توافقی (تومان)" required />
        <FeePreview price={String(watch('price') ?? '')} />
      </SimpleGrid>
    </SubmitForm>
  );
}
