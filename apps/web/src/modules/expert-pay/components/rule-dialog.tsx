import { useState } from 'react';
import { Box, Button, Checkbox, Dialog, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CITIES, PRICING_CONDITION_LABELS, formatNumber, toPersianDigits, type PricingCondition } from '@panel/contracts/common';
import {
  RULE_TABS,
  RULE_TAB_LABELS,
  SHIFT_SLOTS,
  ShareRuleFieldsSchema,
  WEEK_DAYS,
  fieldsOf,
  type RuleImpact,
  type ShareRule,
  type ShareRuleFields,
} from '@panel/contracts/expert-pay';
import { DialogForm, FormField, JalaliDateField, MultiSelect, PanelDialog, SelectField, SubmitButton, TextField, notify, useContractForm } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

const TAB_OPTIONS = RULE_TABS.map((t) => ({ value: t, label: RULE_TAB_LABELS[t] }));
const SHIFT_OPTIONS = SHIFT_SLOTS.map((s) => ({ value: s, label: toPersianDigits(s) }));
const DAY_OPTIONS = WEEK_DAYS.map((d, i) => ({ value: String(i), label: d }));
const CITY_OPTIONS = CITIES.map((c) => ({ value: String(c.id), label: c.name }));
const CONDITION_OPTIONS = (Object.keys(PRICING_CONDITION_LABELS) as PricingCondition[]).map((c) => ({ value: c, label: PRICING_CONDITION_LABELS[c] }));

const ratioText = (n: number) => toPersianDigits(n.toFixed(2)).replace('.', '٫');
const BLANK = {
  tab: 'shift', allTimeShift: true, days: [], cities: [], condition: '', inspectionType: '', shift: '', shiftDate: '', startDate: '', endDate: '',
  inspectionPriceRatio: ratioText(1), expertShareRatio: ratioText(1), mechanicShareRatio: ratioText(1),
};

function defaultsOf(rule: ShareRule | null) {
  if (!rule) return BLANK;
  const f = fieldsOf(rule);
  return {
    ...f,
    days: f.days.map(String),
    cities: f.cities.map(String),
    condition: f.condition ?? '',
    inspectionType: f.inspectionType ?? '',
    shift: f.shift ?? '',
    shiftDate: f.shiftDate ?? '',
    startDate: f.startDate ?? '',
    endDate: f.endDate ?? '',
    inspectionPriceRatio: ratioText(f.inspectionPriceRatio),
    expertShareRatio: ratioText(f.expertShareRatio),
    mechanicShareRatio: ratioText(f.mechanicShareRatio),
  };
}

/** Per expert, what saving would change: shown before the save, as the issue asks for a past range. */
function ImpactStep({ impact, onBack, onSave, saving }: { impact: RuleImpact; onBack: () => void; onSave: () => void; saving: boolean }) {
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>اثر این قاعده بر پرداخت‌ها</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {impact.experts.length === 0 ? (
          <Text>هیچ ردیف پرداختی از این تغییر عوض نمی‌شود.</Text>
        ) : (
          <>
          <Text mb="3" role="status">
            {formatNumber(impact.experts.length)} کارشناس، {formatNumber(impact.experts.reduce((s, e) => s + e.lines, 0))} ردیف؛ جمع تغییر{' '}
            {formatNumber(impact.experts.reduce((s, e) => s + e.delta, 0))} تومان
          </Text>
          <Box maxH="50vh" overflowY="auto" tabIndex={0} aria-label="فهرست اثر بر کارشناسان" role="region">
          <Table.Root size="sm" stickyHeader aria-label="اثر تغییر بر هر کارشناس">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>کارشناس</Table.ColumnHeader>
                <Table.ColumnHeader>ردیف‌های تغییرکرده</Table.ColumnHeader>
                <Table.ColumnHeader>تغییر مبلغ (تومان)</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {impact.experts.map((e) => (
                <Table.Row key={e.expert_id}>
                  <Table.Cell>{e.name}</Table.Cell>
                  <Table.Cell>{formatNumber(e.lines)}</Table.Cell>
                  <Table.Cell dir="ltr" textAlign="end">{formatNumber(e.delta)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          </Box>
          </>
        )}
        <Text mt="3" color="fg.muted" fontSize="sm">
          ردیف‌های دوره‌های تسویه‌شده تغییر نمی‌کنند؛ اختلاف آن‌ها در دوره بعد به‌صورت اصلاحیه می‌آید.
        </Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onBack}>بازگشت به فرم</Button>
        <Button colorPalette="blue" loading={saving} onClick={onSave}>تأیید و ذخیره</Button>
      </Dialog.Footer>
    </>
  );
}

function RuleForm({ rule, onClose }: { rule: ShareRule | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<{ fields: ShareRuleFields; impact: RuleImpact } | null>(null);
  const target = rule ? { ruleId: rule.rule_id, version: rule.version } : {};
  const save = useMutation(
    trpc.expertPay.saveRule.mutationOptions({
      onSuccess: () => {
        notify('قاعده سهم ذخیره شد.', 'success');
        void queryClient.invalidateQueries({ queryKey: trpc.expertPay.pathKey() });
        onClose();
      },
    }),
  );
  const form = useContractForm(ShareRuleFieldsSchema, {
    defaultValues: defaultsOf(rule) as never,
    onSubmit: async (fields) => {
      const impact = await queryClient.fetchQuery(trpc.expertPay.ruleImpact.queryOptions({ ...target, fields }, { staleTime: 0 }));
      setPending({ fields, impact });
    },
  });
  const tab = form.watch('tab');
  const allTimeShift = form.watch('allTimeShift');
  const title = rule ? `ویرایش قاعده ${toPersianDigits(String(rule.rule_id))}` : 'قاعده سهم تازه';
  // A refusal (an overlapping range) goes back to the form with the message beside its field.
  const onRefused = (error: unknown) => {
    setPending(null);
    const fields = (error as { data?: { fields?: { path?: unknown; message?: unknown }[] } } | null)?.data?.fields ?? [];
    for (const f of fields) if (typeof f.path === 'string' && typeof f.message === 'string') form.setError(f.path.replace(/^fields\./, '') as 'startDate', { message: f.message });
  };
  if (pending) return <ImpactStep impact={pending.impact} onBack={() => setPending(null)} saving={save.isPending} onSave={() => save.mutate({ ...target, fields: pending.fields }, { onError: onRefused })} />;
  return (
    <DialogForm title={title} onSubmit={form.submit} onCancel={onClose} submit={<SubmitButton control={form.control}>بررسی اثر و ذخیره</SubmitButton>}>
      <SelectField control={form.control} name="tab" label="نوع تنظیم" required options={TAB_OPTIONS} portalled={false} />
      {tab === 'shift' ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField control={form.control} name="shiftDate" label="تاریخ شیفت" required>
            {(field) => <JalaliDateField label="تاریخ شیفت" value={(field.value as string) || undefined} onChange={(d) => field.onChange(d ?? '')} width="100%" />}
          </FormField>
          <Stack gap="2">
            <FormField control={form.control} name="allTimeShift" label="شیفت">
              {(field) => (
                <Checkbox.Root checked={Boolean(field.value)} onCheckedChange={(e) => field.onChange(Boolean(e.checked))}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>همه شیفت‌ها</Checkbox.Label>
                </Checkbox.Root>
              )}
            </FormField>
            {!allTimeShift && <SelectField control={form.control} name="shift" label="شیفت" required options={SHIFT_OPTIONS} emptyOption="انتخاب شیفت" portalled={false} />}
          </Stack>
        </SimpleGrid>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField control={form.control} name="startDate" label="تاریخ شروع" required>
            {(field) => <JalaliDateField label="تاریخ شروع" value={(field.value as string) || undefined} onChange={(d) => field.onChange(d ?? '')} width="100%" />}
          </FormField>
          <FormField control={form.control} name="endDate" label="تاریخ پایان" required>
            {(field) => <JalaliDateField label="تاریخ پایان" value={(field.value as string) || undefined} onChange={(d) => field.onChange(d ?? '')} width="100%" />}
          </FormField>
          <FormField control={form.control} name="days" label="روزهای هفته">
            {(field) => <MultiSelect label="روزهای هفته" options={DAY_OPTIONS} value={(field.value as string[]) ?? []} onChange={field.onChange} placeholder="همه روزها" width="100%" portalled={false} />}
          </FormField>
        </SimpleGrid>
      )}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <FormField control={form.control} name="cities" label="شهرها">
          {(field) => <MultiSelect label="شهرها" options={CITY_OPTIONS} value={(field.value as string[]) ?? []} onChange={field.onChange} placeholder="همه شهرها" width="100%" portalled={false} />}
        </FormField>
        <SelectField control={form.control} name="condition" label="شرایط" options={CONDITION_OPTIONS} emptyOption="همه شرایط" portalled={false} />
        <TextField control={form.control} name="inspectionType" label="نوع کارشناسی (بسته)" placeholder="همه" autoComplete="off" />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <TextField control={form.control} name="inspectionPriceRatio" label="ضریب قیمت کارشناسی" required inputMode="decimal" dir="ltr" />
        <TextField control={form.control} name="expertShareRatio" label="ضریب سهم کارشناس" required inputMode="decimal" dir="ltr" />
        <TextField control={form.control} name="mechanicShareRatio" label="ضریب سهم مکانیک" required inputMode="decimal" dir="ltr" />
      </SimpleGrid>
    </DialogForm>
  );
}

/** A new share rule, or a new version of one (`rule`); the impact on payments is shown before it is saved. */
export function RuleDialog({ open, rule, onClose }: { open: boolean; rule: ShareRule | null; onClose: () => void }) {
  return (
    <PanelDialog open={open} onClose={onClose} size="lg">
      {open && <RuleForm rule={rule} onClose={onClose} />}
    </PanelDialog>
  );
}
