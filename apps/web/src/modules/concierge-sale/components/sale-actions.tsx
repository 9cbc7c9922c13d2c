import { useState } from 'react';
import { Box, Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatNumber, optionsOf, toLatinDigits, toPersianDigits } from '@panel/contracts/common';
import {
  CANCEL_REASON_TYPES,
  CancelReasonTypeValueSchema,
  DEFAULT_COMMISSION,
  SALE_MESSAGES,
  SALE_WORKFLOW,
  SubmitDealInputSchema,
  dealCommission,
  type CancelReasonType,
  type ConciergeSaleDetail,
  type SaleAction,
  type SaleActionResult,
} from '@panel/contracts/concierge-sale';
import { ConfirmDialog, JalaliDateField, MoneyInput, NativeSelectField, WorkflowActions, notify } from '@panel/ui';
import { useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { actionCall, useActionCalls } from '../../../lib/workflow-calls';

const todayKey = () => new Date(Date.now() + 3.5 * 3_600_000).toISOString().slice(0, 10);

/** Tomans typed in any digits, separators allowed; NaN when it is not a number yet. */
export const typedNumber = (text: string) => {
  const digits = toLatinDigits(text).replace(/[,،٬\s]/g, '');
  return digits === '' ? Number.NaN : Number(digits);
};

export interface DealTerms {
  buyer_name: string;
  buyer_phone_number: string;
  price: string;
  deal_date: string | undefined;
  sale_commission_percent: string;
  buy_commission_percent: string;
  description: string;
}

export const initialTerms = (price: number | null): DealTerms => ({
  buyer_name: '',
  buyer_phone_number: '',
  price: price === null ? '' : String(price),
  deal_date: todayKey(),
  sale_commission_percent: toPersianDigits(DEFAULT_COMMISSION.sale),
  buy_commission_percent: toPersianDigits(DEFAULT_COMMISSION.buy),
  description: '',
});

/** The commission of the terms typed so far, shown before the deal is saved. */
export function CommissionPreview({ price, sale, buy }: { price: number; sale: string; buy: string }) {
  const s = typedNumber(sale);
  const b = typedNumber(buy);
  if (!Number.isFinite(price) || price <= 0 || !Number.isFinite(s) || !Number.isFinite(b)) return <Text color="fg.muted">کمیسیون پس از وارد کردن مبلغ و درصدها محاسبه می‌شود.</Text>;
  const c = dealCommission(price, s, b);
  return (
    <Box borderWidth="1px" rounded="md" p="3" bg="bg.subtle" data-testid="commission-preview" aria-live="polite">
      <Text>کمیسیون فروش همراه: {formatNumber(c.sale)} تومان</Text>
      <Text>کمیسیون خرید همراه: {formatNumber(c.buy)} تومان</Text>
      <Text fontWeight="bold">کمیسیون کل (محصول): {formatNumber(c.product)} تومان</Text>
    </Box>
  );
}

export function TextInput({ label, value, onChange, ltr, inputMode }: { label: string; value: string; onChange: (v: string) => void; ltr?: boolean; inputMode?: 'numeric' | 'tel' | 'decimal' }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input size="sm" value={value} onChange={(e) => onChange(e.target.value)} dir={ltr ? 'ltr' : undefined} textAlign={ltr ? 'right' : undefined} inputMode={inputMode} data-ltr={ltr ? '' : undefined} />
    </Field.Root>
  );
}

/** The deal's terms in the submit dialog, with the commission computed as they are typed. */
function DealFields({ terms, onChange, error }: { terms: DealTerms; onChange: (t: DealTerms) => void; error: string | null }) {
  const set = (key: keyof DealTerms) => (value: string | undefined) => onChange({ ...terms, [key]: value ?? '' });
  return (
    <Stack gap="3">
      <SimpleGrid columns={2} gap="3">
        <TextInput label="نام خریدار" value={terms.buyer_name} onChange={set('buyer_name')} />
        <TextInput label="تلفن خریدار" value={terms.buyer_phone_number} onChange={set('buyer_phone_number')} ltr inputMode="tel" />
        <Field.Root>
          <Field.Label>مبلغ معامله (تومان)</Field.Label>
          <MoneyInput size="sm" value={terms.price} onChange={set('price')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>تاریخ معامله</Field.Label>
          <JalaliDateField label="تاریخ معامله" value={terms.deal_date} onChange={(d) => onChange({ ...terms, deal_date: d })} width="100%" />
        </Field.Root>
        <TextInput label="درصد کمیسیون فروش" value={terms.sale_commission_percent} onChange={set('sale_commission_percent')} inputMode="decimal" />
        <TextInput label="درصد کمیسیون خرید" value={terms.buy_commission_percent} onChange={set('buy_commission_percent')} inputMode="decimal" />
      </SimpleGrid>
      <TextInput label="توضیحات معامله" value={terms.description} onChange={set('description')} />
      <CommissionPreview price={typedNumber(terms.price)} sale={terms.sale_commission_percent} buy={terms.buy_commission_percent} />
      {error && (
        <Text color="fg.error" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

const percentOf = (text: string) => {
  const n = typedNumber(text);
  return Number.isFinite(n) ? n : text;
};

/**
 * The sale's actions (decision 070): a button for each move `SALE_WORKFLOW` allows from the
 * sale's state to the session's roles (assign and approve are a supervisor's, decision 094).
 * Buyer, price, percents, supervisor and cancel reason are asked in the action's dialog.
 */
export function SaleActions({ sale }: { sale: ConciergeSaleDetail }) {
  const roles = useRoles();
  const people = useQuery(trpc.conciergeSale.people.queryOptions());
  const [supervisor, setSupervisor] = useState<string>(sale.supervisor ? String(sale.supervisor.id) : '');
  const [reasonType, setReasonType] = useState<CancelReasonType>('customer_regret');
  const [terms, setTerms] = useState<DealTerms>(() => initialTerms(sale.price));
  const [termsError, setTermsError] = useState<string | null>(null);
  const [noting, setNoting] = useState(false);

  const onSuccess = (result: SaleActionResult) => notify(result.message, 'success');
  const addNote = useMutation(trpc.conciergeSale.addNote.mutationOptions({ onSuccess }));

  const { id, version } = sale;
  const chosenSupervisor = () => {
    if (!supervisor) {
      notify('ناظر را انتخاب کنید', 'error');
      throw new Error('no supervisor');
    }
    return Number(supervisor);
  };
  const dealTerms = () => {
    const parsed = SubmitDealInputSchema.safeParse({
      id,
      version,
      ...terms,
      price: terms.price,
      sale_commission_percent: percentOf(terms.sale_commission_percent),
      buy_commission_percent: percentOf(terms.buy_commission_percent),
    });
    setTermsError(parsed.success ? null : (parsed.error.issues[0]?.message ?? SALE_MESSAGES.price));
    if (!parsed.success) throw parsed.error;
    return parsed.data;
  };
  const sales = trpc.conciergeSale;
  const run = useActionCalls<SaleAction, SaleActionResult>(
    {
      assign_supervisor: actionCall(sales.assignSupervisor, () => ({ id, version, supervisor_id: chosenSupervisor() })),
      send_to_offer: actionCall(sales.sendToOffer, () => ({ id, version })),
      remove_from_offer: actionCall(sales.removeFromOffer, () => ({ id, version })),
      submit_deal: actionCall(sales.submitDeal, dealTerms),
      approve_deal: actionCall(sales.approveDeal, () => ({ id, version })),
      cancel_deal: actionCall(sales.cancelDeal, (reason) => ({ id, version, reason })),
      revert_order: actionCall(sales.revert, (reason) => ({ id, version, reason })),
      cancel_sale: actionCall(sales.cancel, (reason) => ({ id, version, reason_type: reasonType, reason })),
      // Accepting an offer is done on offer monitoring, beside the offers; a note has its own dialog.
      accept_offer: null,
      add_note: null,
    },
    { onSuccess },
  );

  return (
    <>
      <WorkflowActions
        workflow={SALE_WORKFLOW}
        state={sale.status}
        roles={roles}
        onRun={run}
        except={['accept_offer', 'add_note']}
        destructive={['cancel_sale', 'cancel_deal']}
        fields={{
          assign_supervisor: (
            <NativeSelectField
              label="ناظر فروش"
              placeholder="انتخاب ناظر"
              value={supervisor}
              onChange={setSupervisor}
              options={(people.data?.supervisors ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            />
          ),
          submit_deal: <DealFields terms={terms} onChange={setTerms} error={termsError} />,
          cancel_sale: (
            <NativeSelectField
              label="دلیل لغو"
              value={reasonType}
              onChange={(value) => setReasonType(CancelReasonTypeValueSchema.parse(value))}
              options={optionsOf(CANCEL_REASON_TYPES)}
            />
          ),
        }}
      />
      <Button size="sm" variant="outline" onClick={() => setNoting(true)}>
        {SALE_WORKFLOW.actions.add_note.label}
      </Button>
      {noting && (
        <ConfirmDialog
          open
          onClose={() => setNoting(false)}
          title={SALE_WORKFLOW.actions.add_note.label}
          confirmLabel="ثبت یادداشت"
          reason="required"
          reasonLabel="متن یادداشت"
          reasonRequiredText={SALE_MESSAGES.note}
          onConfirm={(content) => addNote.mutateAsync({ id, content })}
        />
      )}
    </>
  );
}
