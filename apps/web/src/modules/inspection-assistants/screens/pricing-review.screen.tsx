import { Box, Heading, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PriceBandInputSchema, type QcReport } from '@panel/contracts/inspection-assistants';
import { ORDER_WORKFLOW } from '@panel/contracts/inspection-orders';
import { ContractForm, MoneyField, SubmitButton, TextareaField, notify, useContractForm } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { ReviewPage } from '../components/review-page';

/** The estimated price band of the order, in tomans (Persian digits typed are read). */
function PriceBandForm({ report }: { report: QcReport }) {
  const queryClient = useQueryClient();
  const price = useMutation(trpc.inspectionAssistants.price.mutationOptions({ onSuccess: (r) => notify(r.message, 'success'), onSettled: () => void queryClient.invalidateQueries() }));
  const form = useContractForm(PriceBandInputSchema, {
    defaultValues: { pk: report.pk, low: '', high: '', note: '' },
    onSubmit: (values) => price.mutateAsync(values),
  });
  return (
    <Box as="section" aria-labelledby="price-band" borderWidth="1px" borderRadius="md" p="4" maxW="xl">
      <Heading as="h2" size="md" mb="3" id="price-band">
        بازه قیمت تخمینی
      </Heading>
      <ContractForm form={form} label="بازه قیمت تخمینی">
        <Stack gap="3">
          <MoneyField control={form.control} name="low" label="کمترین قیمت (تومان)" required />
          <MoneyField control={form.control} name="high" label="بیشترین قیمت (تومان)" required />
          <TextareaField control={form.control} name="note" label="یادداشت" />
          <SubmitButton control={form.control} alignSelf="start">
            {ORDER_WORKFLOW.actions.price_estimate.label}
          </SubmitButton>
        </Stack>
      </ContractForm>
    </Box>
  );
}

/** An order in state W at the pricing desk (`/panel/inspection/pricing-assistants/:pk`). */
export function PricingReviewScreen() {
  return <ReviewPage kind="pricing" actions={() => null}>{(report) => <PriceBandForm key={report.pk} report={report} />}</ReviewPage>;
}
