import { useState } from 'react';
import { Box, Button, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toPersianDigits } from '@panel/contracts/common';
import { RegisterOrderInputSchema, SchedulePreviewInputSchema, type RegisterOrderInput } from '@panel/contracts/leasing';
import { FormPage, MoneyField, SelectField, SingleSelect, TextField, notify, useContractForm } from '@panel/ui';
import { CustomerPhoneField } from '../../../lib/callee-phone';
import { trpc } from '../../../lib/trpc';
import { ScheduleTable } from '../components/schedule-table';

/** A national code or an OTP: typed and shown as written, Latin digits kept (like a mobile number). */
const CODE_INPUT = { latinDigits: true, dir: 'ltr', textAlign: 'right', inputMode: 'numeric', 'data-ltr': '' } as const;
type FormValues = Record<keyof RegisterOrderInput, string>;
const EMPTY: FormValues = { customer_name: '', national_id: '', phone_number: '', city_id: '', plan_id: '', car_title: '', price: '', down_payment: '', months: '', otp_code: '' };

/**
 * /panel/leasing-order (issue 30): the customer's details, a code sent to their phone (the
 * gateway logs it; it never reaches this screen), the provider's conditions and plans, and the
 * instalment schedule the gateway computes, shown before the order is registered.
 */
export function LeasingRegisterScreen() {
  const navigate = useNavigate();
  const [providerId, setProviderId] = useState<string | null>(null);
  const providers = useQuery(trpc.leasing.providers.queryOptions());
  const cities = useQuery(trpc.leasing.cities.queryOptions());
  const provider = providers.data?.find((p) => String(p.id) === providerId);
  const plans = useQuery(trpc.leasing.providerPlans.queryOptions({ id: Number(providerId) }, { enabled: providerId !== null }));
  const register = useMutation(
    trpc.leasing.register.mutationOptions({
      onSuccess: (created) => {
        notify(created.message, 'success');
        navigate(`/panel/leasing/orders?search=${created.code}`);
      },
    }),
  );
  const otp = useMutation(trpc.leasing.requestOtp.mutationOptions({ onSuccess: (sent) => notify(sent.message, 'success') }));
  const form = useContractForm(RegisterOrderInputSchema, { defaultValues: EMPTY, onSubmit: (values) => register.mutateAsync(values) });
  const { control, watch, setValue, getValues } = form;
  const plan = plans.data?.find((p) => String(p.id) === watch('plan_id'));
  const wanted = SchedulePreviewInputSchema.safeParse({ plan_id: watch('plan_id'), price: watch('price'), down_payment: watch('down_payment'), months: watch('months') });
  const preview = useQuery(trpc.leasing.previewSchedule.queryOptions(wanted.data!, { enabled: wanted.success, meta: { silent: true } }));
  const cityOptions = (cities.data ?? []).filter((c) => !provider?.city_ids.length || provider.city_ids.includes(c.id)).map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <FormPage title="ثبت سفارش لیزینگ" form={form} maxW="64rem" submit="ثبت سفارش" submitDisabled={!preview.data}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <TextField control={control} name="customer_name" label="نام و نام خانوادگی مشتری" required />
        <TextField control={control} name="national_id" label="کد ملی" required {...CODE_INPUT} />
        <CustomerPhoneField control={control} setValue={setValue} name="phone_number" />
        <Stack gap="2">
          <TextField control={control} name="otp_code" label="کد تأیید پیامک‌شده به مشتری" required {...CODE_INPUT} />
          <Button size="sm" variant="outline" alignSelf="start" loading={otp.isPending} onClick={() => otp.mutate({ phone_number: getValues('phone_number') })}>
            ارسال کد تأیید
          </Button>
        </Stack>
        <Stack gap="1">
          <Text textStyle="sm" fontWeight="medium">
            لیزینگ
          </Text>
          <SingleSelect
            label="لیزینگ"
            placeholder="انتخاب لیزینگ"
            options={(providers.data ?? []).filter((p) => p.is_active).map((p) => ({ value: String(p.id), label: p.name }))}
            value={providerId}
            onChange={(next) => {
              setProviderId(next);
              setValue('plan_id', '');
              setValue('months', '');
            }}
          />
        </Stack>
        <SelectField control={control} name="city_id" label="شهر" placeholder="انتخاب شهر" options={cityOptions} required />
        <SelectField control={control} name="plan_id" label="طرح" placeholder={providerId ? 'انتخاب طرح' : 'ابتدا لیزینگ را انتخاب کنید'} options={(plans.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} — ${toPersianDigits(p.annual_rate)}٪` }))} required />
        <SelectField control={control} name="months" label="تعداد اقساط" placeholder="انتخاب تعداد" options={(plan?.months ?? []).map((m) => ({ value: String(m), label: `${toPersianDigits(m)} ماه` }))} required />
        <TextField control={control} name="car_title" label="خودرو" required />
        <MoneyField control={control} name="price" label="قیمت خودرو (تومان)" required />
        <MoneyField control={control} name="down_payment" label="پیش‌پرداخت (تومان)" required helperText={plan ? `حداقل ${toPersianDigits(plan.min_down_percent)}٪ قیمت` : undefined} />
      </SimpleGrid>
      {provider && provider.conditions.length > 0 && (
        <Box borderWidth="1px" borderRadius="md" p="4" aria-label="شرایط لیزینگ">
          <Text fontWeight="bold" mb="2">
            شرایط {provider.name}
          </Text>
          <List.Root ps="5">
            {provider.conditions.map((c) => (
              <List.Item key={c}>{c}</List.Item>
            ))}
          </List.Root>
        </Box>
      )}
      {preview.data && <ScheduleTable schedule={preview.data} />}
      {wanted.success && preview.error && <Text color="fg.error">{preview.error.message}</Text>}
    </FormPage>
  );
}
