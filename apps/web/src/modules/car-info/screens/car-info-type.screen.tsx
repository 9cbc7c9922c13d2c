import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Box, Button, Field, HStack, Image, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CAR_INFO_ACCESS,
  CarInfoEditInputSchema,
  CarInfoNoteInputSchema,
  FEEDBACK_STATES,
  FEEDBACK_WORKFLOW,
  NOTE_KINDS,
  type CarInfoDetail,
  type CarInfoNote,
  type FeedbackAction,
} from '@panel/contracts/car-info';
import { MESSAGES, formatJalaliDateTime, optionsOf, toPersianDigits } from '@panel/contracts/common';
import { DetailPage, HistoryTimeline, SelectField, SubmitForm, TextField, TextareaField, WorkflowActions, actionLogEntries, notify, useContractForm } from '@panel/ui';
import { MediaImageField } from '../../../lib/media-file-field';
import { useCan, useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { actionCall, useActionCalls } from '../../../lib/workflow-calls';

const HISTORY_LABELS = {
  workflow: FEEDBACK_WORKFLOW,
  extra: {
    edit: 'ویرایش توضیحات و آپشن‌ها',
    add_image: 'افزودن تصویر',
    remove_image: 'حذف تصویر',
    add_comment: 'ثبت یادداشت',
    add_feedback: 'ثبت بازخورد',
    publish_feedback: 'انتشار بازخورد',
    hide_feedback: 'پنهان کردن بازخورد',
  },
};
const RATINGS = [1, 2, 3, 4, 5].map((r) => ({ value: String(r), label: `${toPersianDigits(r)} از ۵` }));

/** After a change: its message, and every query refreshed (spec §9). */
function useDone() {
  const queryClient = useQueryClient();
  return (outcome: { message: string }) => {
    notify(outcome.message, 'success');
    void queryClient.invalidateQueries();
  };
}

/** The contents and the equipment list (one option a line), saved with the version read. */
function ContentForm({ info, canChange }: { info: CarInfoDetail; canChange: boolean }) {
  const done = useDone();
  const edit = useMutation(trpc.carInfo.edit.mutationOptions({ onSuccess: done }));
  const form = useContractForm(CarInfoEditInputSchema, {
    defaultValues: { id: info.id, version: info.version, content: info.content, options: info.options.join('\n') } as never,
    onSubmit: (values) => edit.mutateAsync(values),
  });
  if (!canChange)
    return (
      <Stack gap="2">
        <Text whiteSpace="pre-wrap">{toPersianDigits(info.content) || 'توضیحی نوشته نشده است.'}</Text>
        <Text>{info.options.length ? `آپشن‌ها: ${toPersianDigits(info.options.join('، '))}` : 'آپشنی ثبت نشده است.'}</Text>
      </Stack>
    );
  return (
    <SubmitForm form={form} label="توضیحات و آپشن‌ها" submit="ذخیره اطلاعات">
      <TextareaField control={form.control} name="content" label="توضیحات" rows={5} />
      <TextareaField control={form.control} name="options" label="آپشن‌ها (هر آپشن در یک سطر)" rows={6} />
    </SubmitForm>
  );
}

function Images({ info, canChange }: { info: CarInfoDetail; canChange: boolean }) {
  const done = useDone();
  const [mediaId, setMediaId] = useState<number | null>(null);
  const [caption, setCaption] = useState('');
  const add = useMutation(trpc.carInfo.addImage.mutationOptions({ onSuccess: (o) => { done(o); setMediaId(null); setCaption(''); } }));
  const remove = useMutation(trpc.carInfo.removeImage.mutationOptions({ onSuccess: done }));
  return (
    <Stack gap="3" as="section" aria-label="تصاویر">
      <Text fontWeight="bold">تصاویر</Text>
      {info.images.length === 0 ? (
        <Text color="fg.muted">تصویری افزوده نشده است.</Text>
      ) : (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          {info.images.map((img) => (
            <Stack key={img.id} gap="1">
              <Image src={img.url} alt={img.caption || `تصویر ${toPersianDigits(info.full_name)}`} borderRadius="md" aspectRatio={4 / 3} objectFit="cover" />
              <HStack justify="space-between">
                <Text textStyle="sm">{toPersianDigits(img.caption) || '—'}</Text>
                {canChange && (
                  <Button size="xs" variant="outline" colorPalette="red" loading={remove.isPending} onClick={() => remove.mutate({ id: img.id })} aria-label={`حذف تصویر ${img.caption}`}>
                    حذف
                  </Button>
                )}
              </HStack>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {canChange && (
        <HStack gap="3" align="end" wrap="wrap" borderWidth="1px" borderRadius="md" p="3">
          <MediaImageField value={mediaId} onChange={setMediaId} label="تصویر (JPEG، PNG یا WebP تا ۵ مگابایت)" alt="تصویر تازه" removeLabel="برداشتن" uploadLabel="بارگذاری تصویر" />
          <Field.Root width="14rem">
            <Field.Label>عنوان تصویر</Field.Label>
            <Input size="sm" value={caption} maxLength={120} onChange={(e) => setCaption(e.target.value)} />
          </Field.Root>
          <Button size="sm" colorPalette="green" disabled={mediaId === null} loading={add.isPending} onClick={() => mediaId !== null && add.mutate({ id: info.id, media_id: mediaId, caption })}>
            افزودن تصویر
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

function FeedbackActions({ note }: { note: CarInfoNote }) {
  const roles = useRoles();
  const step = (action: FeedbackAction) => actionCall(trpc.carInfo.stepFeedback, (reason) => ({ id: note.id, version: note.version, action, reason }));
  const run = useActionCalls<FeedbackAction, { message: string }>({ publish: step('publish'), hide: step('hide') }, { onSuccess: (o) => notify(o.message, 'success') });
  return <WorkflowActions workflow={FEEDBACK_WORKFLOW} state={note.state} roles={roles} onRun={run} destructive={['hide']} reasonLabels={{ hide: 'دلیل پنهان کردن' }} />;
}

function Notes({ info, canChange }: { info: CarInfoDetail; canChange: boolean }) {
  const done = useDone();
  const add = useMutation(trpc.carInfo.addNote.mutationOptions({ onSuccess: (o) => { done(o); form.reset(); } }));
  const form = useContractForm(CarInfoNoteInputSchema, {
    defaultValues: { id: info.id, kind: 'comment', author: '', body: '', rating: '' } as never,
    onSubmit: (values) => add.mutateAsync(values),
  });
  const kind = form.watch('kind');
  return (
    <Stack gap="3" as="section" aria-label="یادداشت‌ها و بازخوردها">
      <Text fontWeight="bold">یادداشت‌ها و بازخوردها</Text>
      {info.notes.length === 0 ? (
        <Text color="fg.muted">هنوز نظری ثبت نشده است.</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {info.notes.map((note) => (
            <Box as="li" key={note.id} borderWidth="1px" borderRadius="md" p="3">
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Text fontWeight="medium">
                  {`${NOTE_KINDS[note.kind]} — ${note.author}${note.rating !== null ? ` — امتیاز ${toPersianDigits(note.rating)} از ۵` : ''}${note.kind === 'feedback' ? ` — ${FEEDBACK_STATES[note.state]}` : ''}`}
                </Text>
                <Text textStyle="sm" color="fg.muted">{formatJalaliDateTime(note.created_at)}</Text>
              </HStack>
              <Text mt="1">{toPersianDigits(note.body)}</Text>
              {canChange && note.kind === 'feedback' && (
                <HStack gap="2" mt="2">
                  <FeedbackActions key={`${note.id}:${note.version}`} note={note} />
                </HStack>
              )}
            </Box>
          ))}
        </Stack>
      )}
      {canChange && (
        <Box borderWidth="1px" borderRadius="md" p="3">
          <SubmitForm form={form} label="ثبت نظر" submit="ثبت">
            <HStack gap="3" align="start" wrap="wrap">
              <SelectField control={form.control} name="kind" label="نوع" options={optionsOf(NOTE_KINDS)} required width="12rem" />
              {kind === 'feedback' && <TextField control={form.control} name="author" label="نام مشتری" required autoComplete="off" />}
              {kind === 'feedback' && <SelectField control={form.control} name="rating" label="امتیاز" options={RATINGS} required width="9rem" />}
            </HStack>
            <TextareaField control={form.control} name="body" label="متن" required rows={3} />
          </SubmitForm>
        </Box>
      )}
    </Stack>
  );
}

/** One type's information (/panel/car-info/types/:id, "car info types"): contents and options, images, comments and feedbacks, history. */
export function CarInfoTypeScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const typeId = Number(id);
  const valid = Number.isInteger(typeId) && typeId > 0;
  const canChange = useCan(CAR_INFO_ACCESS.change);
  const detail = useQuery({ ...trpc.carInfo.detail.queryOptions({ id: valid ? typeId : 1 }), enabled: valid });
  const history = useQuery({ ...trpc.carInfo.history.queryOptions({ id: valid ? typeId : 1 }), enabled: valid });
  const info = detail.data;
  return (
    <DetailPage
      back={{ label: 'بازگشت به فهرست اطلاعات خودرو', onClick: () => void navigate('/panel/car-info') }}
      status={!valid || detail.isError ? 'missing' : info ? 'ready' : 'loading'}
      loadingText={MESSAGES.loading}
      missingText="این تیپ یافت نشد."
      title={info && `اطلاعات خودرو: ${toPersianDigits(info.full_name)} — ${toPersianDigits(info.type_name)}`}
      badge={info && <Text color="fg.muted">{info.updated_at ? `آخرین ویرایش ${formatJalaliDateTime(info.updated_at)}` : 'هنوز اطلاعاتی ثبت نشده'}</Text>}
    >
      {info && (
        <Stack gap="6">
          <Box as="section" aria-label="توضیحات و آپشن‌ها" borderWidth="1px" borderRadius="md" p="4">
            <ContentForm key={`${info.id}:${info.version}`} info={info} canChange={canChange} />
          </Box>
          <Images info={info} canChange={canChange} />
          <Notes info={info} canChange={canChange} />
          <HistoryTimeline title="تاریخچه اطلاعات" entries={actionLogEntries(history.data ?? [], HISTORY_LABELS)} emptyText="هنوز رویدادی ثبت نشده است." />
        </Stack>
      )}
    </DetailPage>
  );
}
