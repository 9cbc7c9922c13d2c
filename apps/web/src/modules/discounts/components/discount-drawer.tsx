import { Box, Button, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import {
  DISCOUNTS_ACCESS,
  DISCOUNT_KINDS,
  DISCOUNT_ORIGINS,
  DISCOUNT_SERVICES,
  DISCOUNT_WORKFLOW,
  REDEMPTION_STATES,
  RedeemDiscountInputSchema,
  type DiscountAction,
  type DiscountDetail,
  type DiscountOutcome,
} from '@panel/contracts/discounts';
import { DetailGroups, HistoryTimeline, MoneyField, SelectField, EntityDrawer, SubmitForm, TextField, WorkflowActions, actionLogEntries, notify, useContractForm, type DetailGroup } from '@panel/ui';
import { MOBILE_INPUT } from '../../../lib/callee-phone';
import { useCan, useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { actionCall, useActionCalls } from '../../../lib/workflow-calls';
import { CITY_OPTIONS, SERVICE_OPTIONS } from './discount-rules-fields';
import { cityName, discountValueText, servicesText, statusText, usedText } from './discounts-columns';

const lastDay = (until: string) => new Date(Date.parse(until) - 1);

const GROUPS: DetailGroup<DiscountDetail>[] = [
  {
    title: 'تخفیف',
    fields: [
      { label: 'کد', value: (d) => d.code, ltr: true },
      { label: 'نوع', value: (d) => DISCOUNT_KINDS[d.kind] },
      { label: 'مقدار', value: discountValueText },
      { label: 'حداقل مبلغ سفارش', value: (d) => (d.min_order ? formatToman(d.min_order) : 'ندارد') },
    ],
  },
  {
    title: 'اعتبار و سقف',
    fields: [
      { label: 'وضعیت', value: statusText },
      { label: 'از', value: (d) => formatJalaliDateTime(d.valid_from) },
      { label: 'تا', value: (d) => formatJalaliDateTime(lastDay(d.valid_until)) },
      { label: 'استفاده‌شده', value: usedText },
      { label: 'سقف هر مشتری', value: (d) => `${toPersianDigits(d.per_user_limit)} بار` },
    ],
  },
  {
    title: 'شمول',
    fields: [
      { label: 'خدمات', value: servicesText },
      { label: 'شهر', value: (d) => cityName(d.city_id) },
      { label: 'منشأ', value: (d) => (d.campaign_name ? `کمپین «${d.campaign_name}»` : DISCOUNT_ORIGINS[d.origin]) },
      { label: 'سفارش لغوشده', value: (d) => d.order_code && toPersianDigits(d.order_code), hidden: (d) => d.order_code === null },
      { label: 'ثبت', value: (d) => `${formatJalaliDateTime(d.created_at)} — ${d.created_by}` },
    ],
  },
];

const HISTORY_LABELS = { workflow: DISCOUNT_WORKFLOW, extra: { create: 'ثبت کد', redeem: 'استفاده', reserve: 'رزرو استفاده', confirm: 'قطعی شدن استفاده', release: 'آزاد شدن رزرو' } };

function DiscountActions({ code }: { code: DiscountDetail }) {
  const roles = useRoles();
  const { id, version } = code;
  const step = (action: DiscountAction) => actionCall(trpc.discounts.updateState, (reason) => ({ id, version, action, reason }));
  const run = useActionCalls<DiscountAction, DiscountOutcome>(
    Object.fromEntries(DISCOUNT_WORKFLOW.actionList.map((action) => [action, step(action)])) as Record<DiscountAction, ReturnType<typeof step>>,
    { onSuccess: (outcome) => notify(outcome.message, 'success') },
  );
  return (
    <HStack gap="2" flexWrap="wrap" role="group" aria-label="اقدام‌های کد تخفیف">
      <WorkflowActions workflow={DISCOUNT_WORKFLOW} state={code.state} roles={roles} onRun={run} destructive={['deactivate']} reasonLabels={{ pause: 'دلیل توقف', deactivate: 'دلیل غیرفعال‌سازی' }} />
    </HStack>
  );
}

/** One use of the code for an order, as staff record it (refused with the declared reason when it no longer applies). */
function RedeemForm({ code }: { code: DiscountDetail }) {
  const queryClient = useQueryClient();
  const redeem = useMutation(
    trpc.discounts.redeem.mutationOptions({
      onSuccess: (outcome) => {
        notify(`${outcome.message} تخفیف: ${formatToman(outcome.discount)}`, 'success');
        void queryClient.invalidateQueries();
      },
    }),
  );
  const form = useContractForm(RedeemDiscountInputSchema, {
    defaultValues: { code: code.code, phone: '', amount: '', service: code.services[0] ?? 'inspection', city_id: code.city_id === null ? '' : String(code.city_id), order_ref: '', hold: false } as never,
    onSubmit: async (values) => {
      await redeem.mutateAsync(values);
    },
  });
  return (
    <Box as="section" aria-label="ثبت استفاده" borderWidth="1px" borderRadius="md" p="3">
      <SubmitForm form={form} label="ثبت استفاده از کد" submit="ثبت استفاده">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <TextField control={form.control} name="phone" label="تلفن همراه مشتری" required {...MOBILE_INPUT} />
          <MoneyField control={form.control} name="amount" label="مبلغ سفارش (تومان)" required />
          <SelectField control={form.control} name="service" label="خدمت" options={SERVICE_OPTIONS.filter((o) => code.services.includes(o.value as never))} required portalled={false} />
          <SelectField control={form.control} name="city_id" label="شهر" options={CITY_OPTIONS} emptyOption="نامشخص" portalled={false} />
          <TextField control={form.control} name="order_ref" label="شماره سفارش (اختیاری)" autoComplete="off" />
        </SimpleGrid>
      </SubmitForm>
    </Box>
  );
}

function Redemptions({ code }: { code: DiscountDetail }) {
  const queryClient = useQueryClient();
  const onSuccess = (outcome: { message: string }) => {
    notify(outcome.message, 'success');
    void queryClient.invalidateQueries();
  };
  const confirm = useMutation(trpc.discounts.confirmRedemption.mutationOptions({ onSuccess }));
  const release = useMutation(trpc.discounts.releaseRedemption.mutationOptions({ onSuccess }));
  if (code.redemptions.length === 0) return <Text color="fg.muted">هنوز استفاده‌ای ثبت نشده است.</Text>;
  return (
    <Box overflowX="auto" tabIndex={0} role="region" aria-label="آخرین استفاده‌ها">
      <Table.Root size="sm" aria-label="آخرین استفاده‌ها">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>زمان</Table.ColumnHeader>
            <Table.ColumnHeader>مشتری</Table.ColumnHeader>
            <Table.ColumnHeader>خدمت</Table.ColumnHeader>
            <Table.ColumnHeader>مبلغ</Table.ColumnHeader>
            <Table.ColumnHeader>تخفیف</Table.ColumnHeader>
            <Table.ColumnHeader>وضعیت</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {code.redemptions.map((r) => (
            <Table.Row key={r.id}>
              <Table.Cell>{formatJalaliDateTime(r.created_at)}</Table.Cell>
              <Table.Cell dir="ltr" textAlign="right">{toPersianDigits(r.phone)}</Table.Cell>
              <Table.Cell>{DISCOUNT_SERVICES[r.service]}</Table.Cell>
              <Table.Cell>{formatToman(r.amount)}</Table.Cell>
              <Table.Cell>{formatToman(r.discount)}</Table.Cell>
              <Table.Cell>
                {r.state === 'reserved' ? (
                  <HStack gap="1">
                    <Button size="xs" colorPalette="green" loading={confirm.isPending} onClick={() => confirm.mutate({ id: r.id })}>قطعی کردن</Button>
                    <Button size="xs" variant="outline" loading={release.isPending} onClick={() => release.mutate({ id: r.id })}>آزاد کردن</Button>
                  </HStack>
                ) : (
                  REDEMPTION_STATES[r.state]
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** One code: its rules, its live used count, its state's buttons, a use recorded, the latest uses and the history. */
export function DiscountDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const canAct = useCan(DISCOUNTS_ACCESS.act);
  const detail = useQuery({ ...trpc.discounts.detail.queryOptions({ id: id ?? 0 }), enabled: id !== null, refetchInterval: 5000 });
  const history = useQuery({ ...trpc.discounts.history.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const code = detail.data;
  return (
    <EntityDrawer open={id !== null} onClose={onClose} entity={code} noun="کد تخفیف" code={(c) => c.code} state={statusText} width={80} gap="4">
      {(code) => (
        <>
          {canAct && <DiscountActions key={`${code.id}:${code.version}`} code={code} />}
          <DetailGroups item={code} groups={GROUPS} columns={1} size="sm" />
          {canAct && code.state === 'active' && !code.expired && <RedeemForm key={`${code.id}:redeem`} code={code} />}
          <Stack gap="2" as="section" aria-label="استفاده‌ها">
            <Text fontWeight="bold">آخرین استفاده‌ها</Text>
            <Redemptions code={code} />
          </Stack>
          <HistoryTimeline title="تاریخچه کد" entries={actionLogEntries(history.data ?? [], HISTORY_LABELS)} emptyText="هنوز رویدادی ثبت نشده است." />
        </>
      )}
    </EntityDrawer>
  );
}

