import { useState } from 'react';
import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { formatToman, toPersianDigits } from '@panel/contracts/common';
import { RequestRefundInputSchema, type RequestRefundInput, type TransactionDetail } from '@panel/contracts/transactions';
import { ConfirmDialog, MoneyField, SubmitForm, TextField, notify, useContractForm } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

interface Asking {
  values: RequestRefundInput;
  settle: (outcome: Promise<unknown>) => void;
}

/**
 * A supervisor's refund of (part of) a paid row to the payer's account: the form checks the
 * contract, a confirmation names the money, and a refusal (more than is left) comes back beside
 * its field with what was typed kept.
 */
export function RefundRequest({ row, onRequested }: { row: TransactionDetail; onRequested: (transactionId: number) => void }) {
  const [asking, setAsking] = useState<Asking | null>(null);
  const request = useMutation(trpc.transactions.requestRefund.mutationOptions());
  const form = useContractForm(RequestRefundInputSchema, {
    defaultValues: { transaction_id: row.id, amount: String(row.refundable), sheba: '', reason: '' } as never,
    // The submit waits for the confirmation: a refusal then reaches the form (its field's message).
    onSubmit: (values) => new Promise<unknown>((resolve, reject) => setAsking({ values, settle: (outcome) => void outcome.then(resolve, reject) })),
  });
  const close = () => {
    asking?.settle(Promise.resolve());
    setAsking(null);
  };
  return (
    <Box as="section" aria-label="بازگشت وجه به حساب مشتری" borderWidth="1px" borderRadius="md" p="3">
      <SubmitForm form={form} label="بازگشت وجه به حساب مشتری" submit="درخواست بازگشت وجه">
        <Text fontSize="sm" color="fg.muted" mb="2">
          مانده قابل بازگشت: {formatToman(row.refundable)}
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <MoneyField control={form.control} name="amount" label="مبلغ بازگشت (تومان)" required />
          <TextField control={form.control} name="sheba" label="شماره شبا" required dir="ltr" autoComplete="off" placeholder="IR…" />
        </SimpleGrid>
        <TextField control={form.control} name="reason" label="دلیل بازگشت وجه" required autoComplete="off" />
      </SubmitForm>
      <ConfirmDialog
        open={asking !== null}
        onClose={close}
        title="تأیید بازگشت وجه"
        confirmLabel="ثبت و ارسال برای بانک"
        destructive
        message={
          asking && (
            <Text>
              {formatToman(asking.values.amount)} به حساب{' '}
              <Text as="span" dir="ltr" unicodeBidi="isolate" data-ltr="">
                {asking.values.sheba}
              </Text>{' '}
              ({row.party_name}) برگردانده شود؟ درخواست برای بانک فرستاده می‌شود و وضعیت آن را در همین صفحه پیگیری می‌کنید. ({toPersianDigits(asking.values.reason)})
            </Text>
          )
        }
        onConfirm={async () => {
          if (!asking) return;
          const outcome = request.mutateAsync(asking.values);
          asking.settle(outcome);
          const made = await outcome;
          setAsking(null);
          notify(made.message, 'success');
          onRequested(made.transaction_id);
        }}
      />
    </Box>
  );
}
