import { CloseButton, Drawer, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { MESSAGES, formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { ResolveTicketInputSchema, TICKET_CATEGORY_LABELS, TICKET_MESSAGES, type Ticket } from '@panel/contracts/inspection-tickets';
import { ContractForm, DetailGroups, SubmitButton, TextareaField, notify, specSpacing, useContractForm, type DetailGroup } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

const TICKET_GROUPS: DetailGroup<Ticket>[] = [
  {
    fields: [
      { label: 'دسته', value: (t) => TICKET_CATEGORY_LABELS[t.category] },
      { label: 'کد سفارش', value: (t) => t.order_code && toPersianDigits(t.order_code) },
      { label: 'کارشناس', value: (t) => t.expert_name ?? (t.expert_id !== null && toPersianDigits(t.expert_id)) },
      { label: 'پشتیبان', value: (t) => t.assistant_name ?? t.assistant },
      { label: 'زمان ثبت', value: (t) => formatJalaliDateTime(t.created_at) },
      { label: 'وضعیت', value: (t) => (t.resolved ? 'بسته‌شده' : 'باز') },
      { label: 'بسته‌شده توسط', value: (t) => t.resolved_by, hidden: (t) => !t.resolved },
      { label: 'زمان بستن', value: (t) => t.resolved_at && formatJalaliDateTime(t.resolved_at), hidden: (t) => !t.resolved },
      { label: 'یادداشت', value: (t) => t.resolution_note, hidden: (t) => !t.resolved },
    ],
  },
];

/** Resolving an open ticket: an optional note, checked by the contract schema. */
function ResolveForm({ pk }: { pk: number }) {
  const resolve = useMutation(trpc.inspectionTickets.resolve.mutationOptions({ onSuccess: () => notify(TICKET_MESSAGES.resolved, 'success') }));
  const form = useContractForm(ResolveTicketInputSchema, { defaultValues: { pk, note: '' }, onSubmit: (values) => resolve.mutateAsync(values) });
  return (
    <ContractForm form={form} label="بستن تیکت">
      <Stack gap="3">
        <TextareaField control={form.control} name="note" label="یادداشت رسیدگی" />
        <SubmitButton control={form.control} alignSelf="start">
          بستن تیکت
        </SubmitButton>
      </Stack>
    </ContractForm>
  );
}

/** One ticket: its fields and, while it is open, the resolve form. */
export function TicketDrawer({ pk, onClose }: { pk: number | null; onClose: () => void }) {
  const detail = useQuery({ ...trpc.inspectionTickets.detail.queryOptions({ pk: pk ?? 0 }), enabled: pk !== null });
  const ticket = detail.data;

  return (
    <Drawer.Root open={pk !== null} onOpenChange={(e) => !e.open && onClose()} placement="end" size="md">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={specSpacing(48)}>
            <Drawer.Header>
              <Drawer.Title>{ticket ? `تیکت ${toPersianDigits(ticket.pk)}` : 'تیکت'}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {!ticket ? (
                <Stack align="center" py="8" role="status">
                  <Spinner />
                  <Text>{MESSAGES.loading}</Text>
                </Stack>
              ) : (
                <Stack gap="5">
                  <Text fontWeight="bold">{ticket.title}</Text>
                  <Text>{ticket.description}</Text>
                  <DetailGroups item={ticket} groups={TICKET_GROUPS} columns={1} size="sm" />
                  {!ticket.resolved && <ResolveForm key={ticket.pk} pk={ticket.pk} />}
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="بستن" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
