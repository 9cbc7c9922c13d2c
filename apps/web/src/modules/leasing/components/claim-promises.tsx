import { useState } from 'react';
import { Badge, Button, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { formatJalaliDate, formatJalaliDateTime, formatToman, tehranDateKey } from '@panel/contracts/common';
import { AddPromiseInputSchema, PROMISE_STATES, type ClaimOfferedAction, type LeasingClaimDetail } from '@panel/contracts/leasing';
import { DayField, DialogForm, MoneyField, SubmitButton, notify, useContractForm } from '@panel/ui';
import { trpc, userMessage } from '../../../lib/trpc';
import { ClaimDialog, fieldRefusal, statusOf } from './claim-dialog';
import { offerReasonId } from './offered-actions';

const PromiseFieldsSchema = AddPromiseInputSchema.pick({ promised_on: true, amount: true });
const PROMISE_COLORS = { pending: 'blue', kept: 'green', broken: 'red' } as const;

function PromiseForm({ claim, onClose }: { claim: LeasingClaimDetail; onClose: () => void }) {
  const add = useMutation(trpc.leasing.addPromise.mutationOptions({ meta: { silent: true } }));
  const form = useContractForm(PromiseFieldsSchema, {
    defaultValues: { promised_on: tehranDateKey(new Date()), amount: '' },
    onSubmit: async (values) => {
      try {
        notify((await add.mutateAsync({ id: claim.id, ...values })).message, 'success');
        onClose();
      } catch (error) {
        // The gateway's refusals name the field (a past day, more than the balance).
        const refused = fieldRefusal(error, userMessage);
        if (statusOf(error) === 400) form.setError(refused.field === 'promised_on' ? 'promised_on' : 'amount', { message: refused.message });
        else notify(userMessage(error));
      }
    },
  });
  return (
    <DialogForm title="ثبت قول پرداخت" onSubmit={form.submit} onCancel={onClose} submit={<SubmitButton control={form.control}>ثبت قول</SubmitButton>}>
      <Text fontSize="sm" color="fg.muted">
        پس از روز قول، سامانه خودش آن را «عمل شد» یا «عمل نشد» می‌کند؛ قول عمل‌نشده مطالبه را به مرحله اخطار کتبی می‌برد.
      </Text>
      <DayField control={form.control} name="promised_on" label="روز قول پرداخت" required />
      <MoneyField control={form.control} name="amount" label="مبلغ قول (تومان)" required />
    </DialogForm>
  );
}

/**
 * The claim's promises to pay, each kept, broken or pending, and «ثبت قول پرداخت» as the gateway
 * offers it (`offer`; absent for someone who may not act): disabled with its reason when the claim
 * has nothing left to pay.
 */
export function ClaimPromises({ claim, offer }: { claim: LeasingClaimDetail; offer?: ClaimOfferedAction }) {
  const [adding, setAdding] = useState(false);
  return (
    <Stack as="section" gap="2" aria-labelledby="claim-promises">
      <HStack justify="space-between">
        <Heading as="h2" size="md" id="claim-promises">
          قول‌های پرداخت
        </Heading>
        {offer && (
          <Button
            size="sm"
            variant="outline"
            disabled={!offer.available}
            aria-describedby={offer.available ? undefined : offerReasonId('claim', offer.id)}
            title={offer.available ? undefined : offer.reason}
            onClick={() => setAdding(true)}
          >
            {offer.label}
          </Button>
        )}
      </HStack>
      {claim.promises.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">قول پرداختی ثبت نشده است.</Text>
      ) : (
        <Table.Root size="sm" aria-label="قول‌های پرداخت">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>روز قول</Table.ColumnHeader>
              <Table.ColumnHeader>مبلغ</Table.ColumnHeader>
              <Table.ColumnHeader>وضعیت</Table.ColumnHeader>
              <Table.ColumnHeader>ثبت</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {claim.promises.map((p) => (
              <Table.Row key={p.id}>
                <Table.Cell>{formatJalaliDate(p.promised_on)}</Table.Cell>
                <Table.Cell>{formatToman(p.amount)}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={PROMISE_COLORS[p.state]} variant="subtle">
                    {PROMISE_STATES[p.state]}
                  </Badge>
                </Table.Cell>
                <Table.Cell>{formatJalaliDateTime(p.created_at)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <ClaimDialog open={adding} onClose={() => setAdding(false)}>
        <PromiseForm claim={claim} onClose={() => setAdding(false)} />
      </ClaimDialog>
    </Stack>
  );
}
