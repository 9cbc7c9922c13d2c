import { useState } from 'react';
import { Box, Button, Dialog, List, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { formatJalaliDate, formatToman, tehranDateKey, toPersianDigits } from '@panel/contracts/common';
import { SubmitPaymentInputSchema, type Instalment, type LeasingClaimDetail } from '@panel/contracts/leasing';
import { DayField, DialogActions, DialogForm, MoneyField, SubmitButton, TextField, notify, useContractForm } from '@panel/ui';
import { trpc, userMessage } from '../../../lib/trpc';
import { ClaimDialog, fieldRefusal, statusOf } from './claim-dialog';

const PaymentFieldsSchema = SubmitPaymentInputSchema.pick({ amount: true, paid_on: true, receipt: true });
type Payment = z.output<typeof PaymentFieldsSchema>;

/** How the gateway will allocate an amount (decision 102): the oldest unpaid instalment first. */
export function waterfallOf(instalments: readonly Instalment[], amount: number) {
  const parts: { seq: number; amount: number }[] = [];
  let left = amount;
  for (const i of instalments) {
    if (left <= 0) break;
    const take = Math.min(left, i.remaining);
    if (take > 0) parts.push({ seq: i.seq, amount: take });
    left -= take;
  }
  return parts;
}

function PaymentForm({ claim, onClose }: { claim: LeasingClaimDetail; onClose: () => void }) {
  // One request id per payment typed: a repeated submit of it records one payment (decision 102).
  const [requestId] = useState(() => crypto.randomUUID());
  const [asking, setAsking] = useState<Payment | null>(null);
  // Its refusals are shown here, the overpayment beside the amount.
  const pay = useMutation(trpc.leasing.pay.mutationOptions({ meta: { silent: true } }));
  const form = useContractForm(PaymentFieldsSchema, {
    defaultValues: { amount: '', paid_on: tehranDateKey(new Date()), receipt: '' },
    onSubmit: (values) => setAsking(values),
  });
  const confirm = async () => {
    if (!asking) return;
    try {
      const outcome = await pay.mutateAsync({ id: claim.id, request_id: requestId, ...asking });
      notify(outcome.message, 'success');
      onClose();
    } catch (error) {
      setAsking(null);
      if (statusOf(error) === 400) form.setError('amount', { message: fieldRefusal(error, userMessage).message }, { shouldFocus: true });
      else notify(userMessage(error));
    }
  };

  if (asking) {
    const parts = waterfallOf(claim.instalments, asking.amount);
    const after = claim.balance - asking.amount;
    return (
      <>
        <Dialog.Header>
          <Dialog.Title>تأیید پرداخت</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="3">
            <Text>
              پرداخت <strong>{formatToman(asking.amount)}</strong> در {formatJalaliDate(asking.paid_on)} با رسید{' '}
              <Text as="span" dir="ltr" data-ltr="" unicodeBidi="isolate">
                {asking.receipt}
              </Text>{' '}
              ثبت شود؟
            </Text>
            {after >= 0 && <Text>مانده بدهی پس از این پرداخت: {formatToman(after)}</Text>}
            {parts.length > 0 && (
              <Box>
                <Text mb="1">تقسیم روی اقساط (قدیمی‌ترین قسط اول):</Text>
                <List.Root ps="5" gap="1" aria-label="تقسیم پرداخت روی اقساط">
                  {parts.map((p) => (
                    <List.Item key={p.seq}>
                      قسط {toPersianDigits(p.seq)}: {formatToman(p.amount)}
                    </List.Item>
                  ))}
                </List.Root>
              </Box>
            )}
          </Stack>
        </Dialog.Body>
        <DialogActions onCancel={() => setAsking(null)} cancelLabel="بازگشت" cancelDisabled={pay.isPending}>
          <Button colorPalette="green" loading={pay.isPending} onClick={() => void confirm()}>
            تأیید و ثبت پرداخت
          </Button>
        </DialogActions>
      </>
    );
  }
  return (
    <DialogForm title="ثبت پرداخت" onSubmit={form.submit} onCancel={onClose} submit={<SubmitButton control={form.control}>ادامه</SubmitButton>}>
      <Text>مانده بدهی: {formatToman(claim.balance)}؛ پرداخت بخشی از آن هم پذیرفته است.</Text>
      <MoneyField control={form.control} name="amount" label="مبلغ پرداخت (تومان)" required />
      <DayField control={form.control} name="paid_on" label="تاریخ پرداخت" required />
      <TextField control={form.control} name="receipt" label="شماره رسید" required latinDigits dir="ltr" textAlign="right" autoComplete="off" data-ltr="" />
    </DialogForm>
  );
}

/** Submit a payment (amount, date, receipt; partial allowed), confirmed with its waterfall before it is sent. */
export function PaymentDialog({ claim, open, onClose }: { claim: LeasingClaimDetail; open: boolean; onClose: () => void }) {
  return (
    <ClaimDialog open={open} onClose={onClose}>
      <PaymentForm claim={claim} onClose={onClose} />
    </ClaimDialog>
  );
}
