import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { MESSAGES, formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { CMS_ACCESS, CMS_CONTENT_STATES, CMS_CONTENT_WORKFLOW, CMS_MESSAGES, CmsContentIdInputSchema, type CmsContent } from '@panel/contracts/cms';
import { DetailGroups, DetailPage, HistoryTimeline, TitledPage, actionLogEntries, notify, type DetailGroup } from '@panel/ui';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { ContentActions } from '../components/content-actions';
import { ContentForm } from '../components/content-form';
import { OtherEditorsNotice, useOtherEditors } from '../components/content-presence';
import { CmsStateBadge } from '../components/cms-columns';

const GROUPS: DetailGroup<CmsContent>[] = [
  {
    title: 'محتوا',
    fields: [
      { label: 'شماره', value: (c) => toPersianDigits(c.id) },
      { label: 'وضعیت', value: (c) => CMS_CONTENT_STATES[c.state] },
      { label: 'دسته‌بندی', value: (c) => c.category_name },
      { label: 'زمان انتشار', value: (c) => c.published_at && formatJalaliDateTime(c.published_at), hidden: (c) => c.published_at === null },
    ],
  },
  {
    title: 'ثبت و تغییر',
    fields: [
      { label: 'ثبت‌کننده', value: (c) => c.created_by },
      { label: 'زمان ثبت', value: (c) => formatJalaliDateTime(c.created_at) },
      { label: 'آخرین ویرایشگر', value: (c) => c.updated_by },
      { label: 'آخرین تغییر', value: (c) => formatJalaliDateTime(c.updated_at) },
    ],
  },
];
const HISTORY_LABELS = { workflow: CMS_CONTENT_WORKFLOW, extra: { add: 'ثبت محتوا' } };

/** The open item: who else edits it, its moves, its form (saved against the version it was opened at), its history. */
const isStale = (error: unknown) => (error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus === 409;

function ContentEditor({ item, canWrite, back, reopen }: { item: CmsContent; canWrite: boolean; back: () => void; reopen: () => void }) {
  const others = useOtherEditors(item.id);
  // The version this editor's form stands on: a save against an older one is the gateway's 409.
  const [base, setBase] = useState(item.version);
  const history = useQuery(trpc.cms.history.queryOptions({ id: item.id }));
  const update = useMutation(trpc.cms.update.mutationOptions({ onSuccess: (outcome) => (notify(outcome.message, 'success'), setBase(outcome.version)) }));
  // Someone else saved or moved it since this editor opened: the text here is not saved over theirs.
  const stale = isStale(update.error) && item.version !== base;
  const editable = canWrite && CMS_CONTENT_WORKFLOW.can('save', item.state);
  return (
    <DetailPage
      back={{ label: 'بازگشت به فهرست محتواها', onClick: back }}
      status="ready"
      loadingText={MESSAGES.loading}
      missingText={CMS_MESSAGES.notFound}
      title={`محتوا ${toPersianDigits(item.id)} — ${toPersianDigits(item.title)}`}
      badge={<CmsStateBadge state={item.state} size="lg" />}
      actions={canWrite && <ContentActions key={item.version} item={item} onDone={(outcome) => setBase(outcome.version)} />}
    >
      <Stack gap="5">
        <OtherEditorsNotice editors={others} />
        {stale && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{CMS_MESSAGES.staleContent}</Alert.Title>
            </Alert.Content>
            <Button size="sm" variant="outline" onClick={reopen}>
              باز کردن نسخه تازه
            </Button>
          </Alert.Root>
        )}
        <DetailGroups item={item} groups={GROUPS} />
        {editable ? (
          <ContentForm key={item.id} item={item} label="ویرایش محتوا" submitLabel="ذخیره تغییرات" onSubmit={(fields) => update.mutateAsync({ id: item.id, version: base, fields })} />
        ) : (
          <Text>{canWrite ? CMS_MESSAGES.archivedReadOnly : ''}</Text>
        )}
        <HistoryTimeline entries={actionLogEntries(history.data ?? [], HISTORY_LABELS)} emptyText="هنوز رویدادی ثبت نشده است." />
      </Stack>
    </DetailPage>
  );
}

/** /panel/cms/:id: one content item in the editor (right to left first), its publish moves and history. */
export function CmsContentScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const canWrite = useCan(CMS_ACCESS.write);
  const parsed = CmsContentIdInputSchema.safeParse({ id });
  const detail = useQuery({ ...trpc.cms.content.queryOptions({ id: parsed.success ? parsed.data.id : 0 }), enabled: parsed.success });
  // Reopening after a refused stale save draws the editor anew on the version just read.
  const [opened, setOpened] = useState(0);
  const back = () => navigate(`/panel/cms${location.search}`);
  if (detail.data) return <ContentEditor key={opened} item={detail.data} canWrite={canWrite} back={back} reopen={() => setOpened((n) => n + 1)} />;
  return (
    <DetailPage
      back={{ label: 'بازگشت به فهرست محتواها', onClick: back }}
      status={!parsed.success || detail.isError ? 'missing' : 'loading'}
      loadingText={MESSAGES.loading}
      missingText="محتوا یافت نشد."
    />
  );
}

/** /panel/cms/add: a new item, saved as a draft, then opened in the editor. */
export function CmsContentAddScreen() {
  const navigate = useNavigate();
  const add = useMutation(
    trpc.cms.add.mutationOptions({
      onSuccess: (outcome) => {
        notify(outcome.message, 'success');
        navigate(`/panel/cms/${outcome.id}`);
      },
    }),
  );
  return (
    <TitledPage title="محتوای جدید" maxW="80rem">
      <ContentForm label="محتوای جدید" submitLabel="ذخیره پیش‌نویس" onSubmit={(fields) => add.mutateAsync(fields)} />
    </TitledPage>
  );
}
