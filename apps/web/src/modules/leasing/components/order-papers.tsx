import { useState } from 'react';
import { Box, Button, HStack, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { AddOrderNoteInputSchema, LEASING_FILE_KINDS, type LeasingFileKind } from '@panel/contracts/leasing';
import { ContractForm, NativeSelectField, SubmitButton, TextareaField, notify, useContractForm } from '@panel/ui';
import { MediaFileField } from '../../../lib/media-file-field';
import { uploadToMediaStore } from '../../../lib/media-upload';
import { trpc } from '../../../lib/trpc';

const KIND_OPTIONS = Object.entries(LEASING_FILE_KINDS).map(([value, label]) => ({ value, label }));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" borderRadius="md" p="4" bg="bg">
      <Heading as="h2" size="sm" mb="3" color="fg.muted">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** The order's documents (kept by the media store): the list, each opened in a new tab, and an upload of a named kind. */
export function OrderFiles({ id, canAct }: { id: number; canAct: boolean }) {
  const queryClient = useQueryClient();
  const files = useQuery(trpc.leasing.orderFiles.queryOptions({ id }));
  const [kind, setKind] = useState<LeasingFileKind | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const attach = useMutation(trpc.leasing.attachFile.mutationOptions());
  const upload = useMutation({
    mutationFn: async () => {
      if (!kind) throw new Error('نوع مدرک را انتخاب کنید.');
      if (!file) throw new Error('فایل مدرک را انتخاب کنید.');
      const media = await uploadToMediaStore(file);
      return attach.mutateAsync({ id, media_id: media, kind });
    },
    meta: { silent: true },
    onMutate: () => setProblem(null),
    onError: (error) => setProblem(error.message),
    onSuccess: async (created) => {
      notify(created.message, 'success');
      setFile(null);
      setKind('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.leasing.orderFiles.queryKey({ id }) }),
        queryClient.invalidateQueries({ queryKey: trpc.leasing.orderActions.queryKey({ id }) }),
        queryClient.invalidateQueries({ queryKey: trpc.leasing.orderHistory.queryKey({ id }) }),
      ]);
    },
  });
  return (
    <Section title="مدارک">
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
                  <Link href={`/media/${f.media_id}`} target="_blank" rel="noreferrer" colorPalette="green" aria-label={`باز کردن ${f.name}`}>
                    {toPersianDigits(f.name)}
                  </Link>
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
        <Stack gap="2" as="form" aria-label="بارگذاری مدرک" onSubmit={(e) => (e.preventDefault(), upload.mutate())}>
          <HStack gap="3" align="end" wrap="wrap">
            <Box width="11rem">
              <NativeSelectField label="نوع مدرک" placeholder="انتخاب نوع" value={kind} options={KIND_OPTIONS} onChange={(v) => setKind(v as LeasingFileKind | '')} />
            </Box>
            <MediaFileField file={file} onChange={setFile} />
            <Button type="submit" size="sm" loading={upload.isPending}>
              بارگذاری مدرک
            </Button>
          </HStack>
          {problem && (
            <Text color="fg.error" textStyle="sm" role="alert">
              {problem}
            </Text>
          )}
        </Stack>
      )}
    </Section>
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
    <Section title="یادداشت‌های کارشناس">
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
    </Section>
  );
}
