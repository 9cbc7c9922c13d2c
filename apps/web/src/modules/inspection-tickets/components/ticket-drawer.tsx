import { useState } from 'react';
import { Button, CloseButton, DataList, Drawer, Field, Portal, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { MESSAGES, formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { ResolveTicketInputSchema, TICKET_CATEGORY_LABELS, TICKET_MESSAGES } from '@panel/contracts/inspection-tickets';
import { notify, specSpacing } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

/** One ticket: its fields and, while open, a note and the resolve button. */
export function TicketDrawer({ pk, onClose }: { pk: number | null; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const detail = useQuery({ ...trpc.inspectionTickets.detail.queryOptions({ pk: pk ?? 0 }), enabled: pk !== null });
  const resolve = useMutation(
    trpc.inspectionTickets.resolve.mutationOptions({
      onSuccess: () => {
        notify(TICKET_MESSAGES.resolved, 'success');
        setNote('');
      },
    }),
  );
  const ticket = detail.data;

  const submit = () => {
    const parsed = ResolveTicketInputSchema.safeParse({ pk, note });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message);
      return;
    }
    resolve.mutate(parsed.data);
  };

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
                  <DataList.Root orientation="horizontal" size="sm">
                    {[
                      ['دسته', TICKET_CATEGORY_LABELS[ticket.category]],
                      ['کد سفارش', ticket.order_code ? toPersianDigits(ticket.order_code) : '—'],
                      ['کارشناس', ticket.expert_id === null ? '—' : toPersianDigits(ticket.expert_id)],
                      ['پشتیبان', ticket.assistant ?? '—'],
                      ['زمان ثبت', formatJalaliDateTime(ticket.created_at)],
                      ['وضعیت', ticket.resolved ? 'بسته‌شده' : 'باز'],
                      ...(ticket.resolved
                        ? [
                            ['بسته‌شده توسط', ticket.resolved_by ?? '—'],
                            ['زمان بستن', ticket.resolved_at ? formatJalaliDateTime(ticket.resolved_at) : '—'],
                            ['یادداشت', ticket.resolution_note || '—'],
                          ]
                        : []),
                    ].map(([label, value]) => (
                      <DataList.Item key={label}>
                        <DataList.ItemLabel>{label}</DataList.ItemLabel>
                        <DataList.ItemValue>{value}</DataList.ItemValue>
                      </DataList.Item>
                    ))}
                  </DataList.Root>
                  {!ticket.resolved && (
                    <Field.Root invalid={noteError !== undefined}>
                      <Field.Label>یادداشت رسیدگی</Field.Label>
                      <Textarea
                        value={note}
                        onChange={(e) => {
                          setNote(e.target.value);
                          setNoteError(undefined);
                        }}
                      />
                      {noteError && <Field.ErrorText>{noteError}</Field.ErrorText>}
                    </Field.Root>
                  )}
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.Footer>
              {ticket && !ticket.resolved && (
                <Button onClick={submit} loading={resolve.isPending}>
                  بستن تیکت
                </Button>
              )}
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="بستن" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
