import { Box, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { AddOrderNoteInputSchema, LEASING_FILE_KINDS } from '@panel/contracts/leasing';
import { ContractForm, SubmitButton, TextareaField, notify, useContractForm } from '@panel/ui';
import { DetailSection, DocumentUpload, MediaLink } from '../../../lib/documents';
import { trpc } from '../../../lib/trpc';

/** The order's documents (kept by the media store): the list, each opened in a new tab, and an upload of a named kind. */
export function OrderFiles({ id, canAct }: { id: number; canAct: boolean }) {
  const queryClient = useQueryClient();
  const files = useQuery(trpc.leasing.orderFiles.queryOptions({ id }));
  const attach = useMutation(trpc.leasing.attachFile.mutationOptions());
  return (
    <DetailSection title="مدارک">
      {files.data && files.data.length === 0 && <Text color="fg.muted">هنوز مدرکی بارگذاری نشده است.</Text>}
      {files.data && files.data.length > 0 && (
        <Table.Root size="sm" aria-label="مدارک سفارش" mb="3">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>نوع</Table.ColumnHeader>
              <Table.ColumnHeader>فایل</Table.ColumnHeader>
              <Table.ColumnHeader>بارگذاری</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {files.data.map((f) => (
              <Table.Row key={f.id}>
                <Table.Cell>{LEASING_FILE_KINDS[f.kind]}</Table.Cell>
                <Table.Cell>
                  <MediaLink mediaId={f.media_id} name={f.name} />
                </Table.Cell>
                <Table.Cell whiteSpace="normal">
                  {f.created_by}، {formatJalaliDateTime(f.created_at)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {canAct && (
        <DocumentUpload
          kinds={LEASING_FILE_KINDS}
          attach={(input) => attach.mutateAsync({ id, ...input })}
          onAttached={() =>
            Promise.all([
              queryClient.invalidateQueries({ queryKey: trpc.leasing.orderFiles.queryKey({ id }) }),
              queryClient.invalidateQueries({ queryKey: trpc.leasing.orderActions.queryKey({ id }) }),
              queryClient.invalidateQueries({ queryKey: trpc.leasing.orderHistory.queryKey({ id }) }),
            ])
          }
        />
      )}
    </DetailSection>
  );
}

const NoteSchema = AddOrderNoteInputSchema.pick({ text: true });

/** Operator notes on the order: newest first, and one more. */
export function OrderNotes({ id, canAct }: { id: number; canAct: boolean }) {
  const queryClient = useQueryClient();
  const notes = useQuery(trpc.leasing.orderNotes.queryOptions({ id }));
  const add = useMutation(
    trpc.leasing.addOrderNote.mutationOptions({
      onSuccess: async (created) => {
        notify(created.message, 'success');
        form.reset({ text: '' });
        await Promise.all([queryClient.invalidateQueries({ queryKey: trpc.leasing.orderNotes.queryKey({ id }) }), queryClient.invalidateQueries({ queryKey: trpc.leasing.orderHistory.queryKey({ id }) })]);
      },
    }),
  );
  const form = useContractForm(NoteSchema, { defaultValues: { text: '' }, onSubmit: (values) => add.mutateAsync({ id, text: values.text }) });
  return (
    <DetailSection title="یادداشت‌های کارشناس">
      {canAct && (
        <ContractForm form={form} label="ثبت یادداشت">
          <Stack gap="2" mb="3">
            <TextareaField control={form.control} name="text" label="یادداشت تازه" />
            <Box>
              <SubmitButton control={form.control} size="sm">
                ثبت یادداشت
              </SubmitButton>
            </Box>
          </Stack>
        </ContractForm>
      )}
      {notes.data && notes.data.length === 0 && <Text color="fg.muted">یادداشتی ثبت نشده است.</Text>}
      <Stack gap="2" as="ul" listStyleType="none" aria-label="یادداشت‌ها">
        {notes.data?.map((note) => (
          <Box as="li" key={note.id} borderWidth="1px" borderRadius="sm" p="2">
            <Text whiteSpace="pre-wrap">{toPersianDigits(note.text)}</Text>
            <Text textStyle="xs" color="fg.muted">
              {note.author}، {formatJalaliDateTime(note.created_at)}
            </Text>
          </Box>
        ))}
      </Stack>
    </DetailSection>
  );
}
