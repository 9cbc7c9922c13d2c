import { useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, Field, Heading, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CITIES, TIME_SLOTS, toPersianDigits } from '@panel/contracts/common';
import {
  CREATE_ORDER_MESSAGES,
  CreateOrderInputSchema,
  PACKAGE_NAMES,
  type CreateOrderFormValues,
} from '@panel/contracts/inspection-orders';
import { JalaliDateField, SingleSelect, notify } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { timeSlotLabel } from '../state/order-labels';

type FieldName = keyof CreateOrderFormValues;
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
};
const NO_SLOT = 'none';

function FormField({ name, label, error, required, children }: { name: string; label: string; error?: string; required?: boolean; children: ReactNode }) {
  return (
    <Field.Root invalid={error !== undefined} required={required} id={`order-${name}`}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/**
 * The phone request form: a staff member takes an inspection order on the phone. The contract
 * schema checks it here, in the BFF and in the gateway, so the messages below are the ones
 * every layer gives; nothing is sent while one is shown.
 */
export function OrderSubmitScreen() {
  const navigate = useNavigate();
  const [values, setValues] = useState<CreateOrderFormValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const create = useMutation(
    trpc.inspectionOrders.create.mutationOptions({
      onSuccess: (created) => {
        notify(CREATE_ORDER_MESSAGES.created(toPersianDigits(created.code)), 'success');
        navigate(`/panel/inspection/orders?search=${created.code}`);
      },
    }),
  );

  const set = (name: FieldName) => (value: unknown) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateOrderInputSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as FieldName] ??= issue.message;
      setErrors(next);
      return;
    }
    create.mutate(parsed.data);
  };

  return (
    <Box p="6" maxW="56rem">
      <Heading as="h1" size="xl" mb="5">
        ثبت درخواست تلفنی
      </Heading>
      <form onSubmit={submit} noValidate aria-label="ثبت درخواست تلفنی">
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <FormField name="customer_name" label="نام مشتری" error={errors.customer_name} required>
              <Input value={values.customer_name as string} onChange={(e) => set('customer_name')(e.target.value)} />
            </FormField>
            <FormField name="phone_number" label="شماره تلفن همراه" error={errors.phone_number} required>
              <Input dir="ltr" textAlign="right" inputMode="tel" placeholder="۰۹۱۲۱۲۳۴۵۶۷" value={values.phone_number as string} onChange={(e) => set('phone_number')(e.target.value)} />
            </FormField>
            <FormField name="city_id" label="شهر" error={errors.city_id} required>
              <SingleSelect
                label="شهر"
                placeholder="انتخاب شهر"
                options={CITIES.map((c) => ({ value: String(c.id), label: c.name }))}
                value={values.city_id ? String(values.city_id) : null}
                onChange={set('city_id')}
                width="100%"
              />
            </FormField>
            <FormField name="brand_model" label="برند و مدل خودرو" error={errors.brand_model} required>
              <Input value={values.brand_model as string} onChange={(e) => set('brand_model')(e.target.value)} placeholder="مثلا پژو ۲۰۶ تیپ ۲" />
            </FormField>
            <FormField name="package" label="بسته کارشناسی" error={errors.package} required>
              <SingleSelect
                label="بسته کارشناسی"
                placeholder="انتخاب بسته"
                options={PACKAGE_NAMES.map((name) => ({ value: name, label: name }))}
                value={values.package ? String(values.package) : null}
                onChange={set('package')}
                width="100%"
              />
            </FormField>
            <FormField name="visit_date" label="تاریخ بازدید (اختیاری)" error={errors.visit_date}>
              <JalaliDateField label="تاریخ بازدید" value={values.visit_date as string | undefined} onChange={set('visit_date')} width="100%" />
            </FormField>
            <FormField name="time_slot" label="بازه زمانی (اختیاری)" error={errors.time_slot}>
              <SingleSelect
                label="بازه زمانی"
                options={[{ value: NO_SLOT, label: 'بدون بازه' }, ...TIME_SLOTS.map((slot) => ({ value: slot, label: timeSlotLabel(slot) }))]}
                value={values.time_slot ? String(values.time_slot) : NO_SLOT}
                onChange={(v) => set('time_slot')(v === NO_SLOT ? '' : v)}
                width="100%"
              />
            </FormField>
          </SimpleGrid>
          <FormField name="visit_place" label="آدرس محل بازدید" error={errors.visit_place} required>
            <Textarea rows={2} value={values.visit_place as string} onChange={(e) => set('visit_place')(e.target.value)} />
          </FormField>
          <FormField name="description" label="توضیحات" error={errors.description}>
            <Textarea rows={3} value={values.description as string} onChange={(e) => set('description')(e.target.value)} />
          </FormField>
          <Box>
            <Button type="submit" colorPalette="green" loading={create.isPending}>
              ثبت سفارش
            </Button>
          </Box>
        </Stack>
      </form>
    </Box>
  );
}
