import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, formatJalaliDateTime, formatMileage, formatToman, toPersianDigits } from '@panel/contracts/common';
import { EstimateInputSchema, PRICING_STATUSES, PRICING_WORKFLOW, type PricingActionResult, type PricingOrder, PRICING_ORDERS_ACCESS } from '@panel/contracts/pricing-orders';
import { ContractForm, DetailGroups, MoneyField, EntityDrawer, SubmitButton, TextareaField, notify, useContractForm, type DetailGroup } from '@panel/ui';
import { useCan, sessionQueryOptions } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';

const GROUPS: DetailGroup<PricingOrder>[] = [
  {
    fields: [
      { label: 'خودرو', value: (o) => `${o.brand_model} مدل ${toPersianDigits(o.year)}` },
      { label: 'کارکرد', value: (o) => formatMileage(o.usage) },
      { label: 'شهر', value: (o) => o.city },
      { label: 'مشتری', value: (o) => o.customer_name },
      { label: 'تلفن', value: (o) => toPersianDigits(o.phone_number), ltr: true },
      { label: 'توضیحات', value: (o) => o.description },
      { label: 'وضعیت', value: (o) => PRICING_STATUSES[o.status] },
      { label: 'کارشناس قیمت', value: (o) => o.expert_name },
      { label: 'زمان ثبت', value: (o) => formatJalaliDateTime(o.created_at) },
      { label: 'قیمت ثبت‌شده', value: (o) => o.estimate_min !== null && o.estimate_max !== null && `${formatToman(o.estimate_min)} تا ${formatToman(o.estimate_max)}`, hidden: (o) => o.status !== 'DO' },
      { label: 'یادداشت کارشناس', value: (o) => o.expert_note, hidden: (o) => o.status !== 'DO' },
    ],
  },
];

/** The price-estimation form, with the estimator's band one click away. */
function EstimateForm({ order, band }: { order: PricingOrder; band: { low: number | null; high: number | null } | undefined }) {
  const estimate = useMutation(trpc.pricingOrders.estimate.mutationOptions({ onSuccess: (r: PricingActionResult) => notify(r.message, 'success') }));
  const form = useContractForm(EstimateInputSchema, {
    defaultValues: { id: order.id, version: order.version, estimate_min: '', estimate_max: '', note: '' },
    onSubmit: (values) => estimate.mutateAsync(values),
  });
  const useBand = () => {
    if (band?.low == null || band.high == null) return;
    form.setValue('estimate_min', String(band.low), { shouldValidate: true });
    form.setValue('estimate_max', String(band.high), { shouldValidate: true });
  };
  return (
    <ContractForm form={form} label="ثبت قیمت">
      <Stack gap="3">
        {band?.low != null && (
          <Button size="sm" variant="outline" alignSelf="start" onClick={useBand}>
            همان بازه پیشنهادی برآوردگر
          </Button>
        )}
        <MoneyField control={form.control} name="estimate_min" label="کمترین قیمت (تومان)" required />
        <MoneyField control={form.control} name="estimate_max" label="بیشترین قیمت (تومان)" required />
        <TextareaField control={form.control} name="note" label="یادداشت کارشناس" />
        <SubmitButton control={form.control} alignSelf="start">
          {PRICING_WORKFLOW.actions.estimate.label}
        </SubmitButton>
      </Stack>
    </ContractForm>
  );
}

/** One request: its fields, the estimator's band and why, and the price expert's actions. */
export function PricingDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const detail = useQuery({ ...trpc.pricingOrders.detail.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const band = useQuery({ ...trpc.pricingOrders.estimator.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const session = useQuery(sessionQueryOptions());
  const isPriceExpert = useCan(PRICING_ORDERS_ACCESS.price);
  const options = { onSuccess: (r: PricingActionResult) => notify(r.message, 'success'), onError: () => void queryClient.invalidateQueries() };
  const take = useMutation(trpc.pricingOrders.take.mutationOptions(options));
  const release = useMutation(trpc.pricingOrders.release.mutationOptions(options));
  const order = detail.data;
  const mine = order?.expert_username !== null && order?.expert_username === session.data?.user?.username;

  return (
    <EntityDrawer open={id !== null} onClose={onClose} entity={order} noun="سفارش قیمت‌گذاری" code={(o) => toPersianDigits(o.code)}>
      {(order) => (
        <>
          <DetailGroups item={order} groups={GROUPS} columns={1} size="sm" />
          <Box as="section" aria-label="برآورد قیمت" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
            <Heading as="h3" size="sm" mb="2">
              بازه پیشنهادی برآوردگر
            </Heading>
            {!band.data ? (
              <Text>{MESSAGES.loading}</Text>
            ) : (
              <Stack gap="1">
                {band.data.low !== null && band.data.high !== null && (
                  <Text fontWeight="bold">
                    {formatToman(band.data.low)} تا {formatToman(band.data.high)}
                  </Text>
                )}
                <Text textStyle="sm">{band.data.explanation}</Text>
              </Stack>
            )}
          </Box>
          {isPriceExpert && (
            <HStack gap="2">
              {PRICING_WORKFLOW.can('take', order.status) && (
                <Button size="sm" variant="outline" loading={take.isPending} onClick={() => take.mutate({ id: order.id, version: order.version })}>
                  {PRICING_WORKFLOW.actions.take.label}
                </Button>
              )}
              {PRICING_WORKFLOW.can('release', order.status) && mine && (
                <Button size="sm" variant="outline" loading={release.isPending} onClick={() => release.mutate({ id: order.id, version: order.version })}>
                  {PRICING_WORKFLOW.actions.release.label}
                </Button>
              )}
            </HStack>
          )}
          {isPriceExpert && order.status === 'IP' && mine && <EstimateForm key={`${order.id}:${order.version}`} order={order} band={band.data} />}
        </>
      )}
    </EntityDrawer>
  );
}
