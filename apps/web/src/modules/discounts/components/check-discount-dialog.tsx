import { useState } from 'react';
import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { formatToman, toPersianDigits } from '@panel/contracts/common';
import { CheckDiscountInputSchema, type CheckAnswer } from '@panel/contracts/discounts';
import { DialogForm, MoneyField, PanelDialog, SelectField, SubmitButton, TextField, useContractForm } from '@panel/ui';
import { MOBILE_INPUT } from '../../../lib/callee-phone';
import { trpc } from '../../../lib/trpc';
import { discountValueText } from './discounts-columns';
import { CITY_OPTIONS, SERVICE_OPTIONS } from './discount-rules-fields';

/** The answer of a check: applies with the discount it gives, or the declared reason it does not. */
function Answer({ answer }: { answer: CheckAnswer }) {
  return (
    <Box role="status" aria-label="نتیجه بررسی" borderWidth="1px" borderRadius="md" p="3" borderColor={answer.applies ? 'green.600' : 'red.600'} bg={answer.applies ? 'green.50' : 'red.50'} color="gray.900">
      <Text fontWeight="bold">{answer.message}</Text>
      {answer.order_code && <Text textStyle="sm">{`سفارش ${toPersianDigits(answer.order_code)} — مبلغ ${formatToman(answer.amount)}`}</Text>}
      {answer.applies && answer.code && (
        <Text textStyle="sm">{`تخفیف ${discountValueText(answer.code)}: ${formatToman(answer.discount)} — مبلغ قابل پرداخت ${formatToman(answer.payable)}`}</Text>
      )}
    </Box>
  );
}

function CheckForm({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState<CheckAnswer | null>(null);
  const form = useContractForm(CheckDiscountInputSchema, {
    defaultValues: { code: '', inspection_id: '', amount: '', service: 'inspection', city_id: '', phone: '' } as never,
    onSubmit: async (values) => {
      setAnswer(await queryClient.fetchQuery(trpc.discounts.check.queryOptions(values, { staleTime: 0 })));
    },
  });
  return (
    <DialogForm title="بررسی کد تخفیف برای یک سفارش" onSubmit={form.submit} onCancel={onClose} submit={<SubmitButton control={form.control}>بررسی</SubmitButton>}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <TextField control={form.control} name="code" label="کد تخفیف" required dir="ltr" latinDigits autoComplete="off" />
        <TextField control={form.control} name="inspection_id" label="شناسه سفارش کارشناسی" inputMode="numeric" autoComplete="off" helperText="یا مشخصات سفارش را در زیر بنویسید" />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <MoneyField control={form.control} name="amount" label="مبلغ سفارش (تومان)" />
        <SelectField control={form.control} name="service" label="خدمت" options={SERVICE_OPTIONS} portalled={false} />
        <SelectField control={form.control} name="city_id" label="شهر" options={CITY_OPTIONS} emptyOption="نامشخص" portalled={false} />
        <TextField control={form.control} name="phone" label="تلفن همراه مشتری" {...MOBILE_INPUT} />
      </SimpleGrid>
      {answer && <Answer answer={answer} />}
    </DialogForm>
  );
}

/** Whether a code applies to an order (an inspection order by id, or the order's facts), and why not. */
export function CheckDiscountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <PanelDialog open={open} onClose={onClose} size="lg">
      {open && <CheckForm onClose={onClose} />}
    </PanelDialog>
  );
}
