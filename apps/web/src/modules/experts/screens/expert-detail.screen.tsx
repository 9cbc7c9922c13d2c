import { useState } from 'react';
import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { EXPERT_LEVEL_LABELS, EXPERT_TYPES, EXPERT_TYPE_LABELS, MESSAGES, formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { EXPERT_WORKFLOW, EXPERTS_ACCESS, ExpertPkInputSchema, expertState, type Expert, type ExpertAction, type ExpertOutcome } from '@panel/contracts/experts';
import { DetailGroups, DetailPage, HistoryTimeline, WorkflowActions, actionLogEntries, notify, type DetailGroup } from '@panel/ui';
import { useCan, useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { actionCall, useActionCalls } from '../../../lib/workflow-calls';
import { ExpertFormDialog } from '../components/expert-form';
import { ExpertInspections, ExpertMessages, ExpertPayments, ExpertTickets, ExpertWeek, Section } from '../components/expert-sections';
import { ExpertStateBadge } from '../components/experts-columns';

const GROUPS: DetailGroup<Expert>[] = [
  {
    title: 'مشخصات',
    fields: [
      { label: 'شناسه', value: (e) => toPersianDigits(e.pk) },
      { label: 'نام', value: (e) => e.report_name },
      { label: 'تلفن همراه', value: (e) => e.phone_number && toPersianDigits(e.phone_number), ltr: true },
      { label: 'حساب اپلیکیشن', value: (e) => e.username },
    ],
  },
  {
    title: 'کارشناسی',
    fields: [
      { label: 'سطح', value: (e) => EXPERT_LEVEL_LABELS[e.level] },
      { label: 'نوع', value: (e) => EXPERT_TYPES.filter((t) => e[t]).map((t) => EXPERT_TYPE_LABELS[t]).join('، ') },
    ],
  },
  {
    title: 'محل کار',
    fields: [
      { label: 'شهر', value: (e) => e.city_name },
      { label: 'منطقه‌ها', value: (e) => toPersianDigits(e.area_names.join('، ')) },
    ],
  },
  {
    title: 'ثبت',
    fields: [
      { label: 'زمان ثبت', value: (e) => formatJalaliDateTime(e.created_at) },
      { label: 'آخرین تغییر', value: (e) => formatJalaliDateTime(e.updated_at) },
    ],
  },
];

const HISTORY_LABELS = { workflow: EXPERT_WORKFLOW, extra: { add: 'ثبت کارشناس', edit: 'ویرایش مشخصات' } };

function ExpertActions({ expert, onEdit }: { expert: Expert; onEdit: () => void }) {
  const roles = useRoles();
  const queryClient = useQueryClient();
  const { pk, version } = expert;
  const run = useActionCalls<ExpertAction, ExpertOutcome>(
    {
      deactivate: actionCall(trpc.experts.updateState, (reason) => ({ pk, version, action: 'deactivate' as const, reason })),
      activate: actionCall(trpc.experts.updateState, (reason) => ({ pk, version, action: 'activate' as const, reason })),
    },
    {
      onSuccess: (outcome) => {
        notify(outcome.message, 'success');
        void queryClient.invalidateQueries();
      },
    },
  );
  return (
    <>
      <Button size="sm" variant="outline" onClick={onEdit}>
        ویرایش
      </Button>
      <WorkflowActions workflow={EXPERT_WORKFLOW} state={expertState(expert)} roles={roles} onRun={run} destructive={['deactivate']} reasonLabels={{ deactivate: 'دلیل غیرفعال کردن' }} />
    </>
  );
}

/**
 * /panel/experts/:id (issue 31): the profile and areas, the week on the dispatch sheet, recent
 * inspections, tickets, the messages sent to the expert, payments (expert-pay's section) and the
 * history; edit, deactivate and activate as the state table allows.
 */
export function ExpertDetailScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const canChange = useCan(EXPERTS_ACCESS.change);
  const [editing, setEditing] = useState(false);
  const parsed = ExpertPkInputSchema.safeParse({ pk: id });
  const pk = parsed.success ? parsed.data.pk : 0;
  const detail = useQuery({ ...trpc.experts.detail.queryOptions({ pk }), enabled: parsed.success });
  const overview = useQuery({ ...trpc.experts.overview.queryOptions({ pk }), enabled: parsed.success });
  const history = useQuery({ ...trpc.experts.history.queryOptions({ pk }), enabled: parsed.success });
  const e = detail.data;
  return (
    <DetailPage
      back={{ label: 'بازگشت به لیست کارشناسان', onClick: () => navigate(`/panel/experts/list${location.search}`) }}
      status={!parsed.success || detail.isError ? 'missing' : e ? 'ready' : 'loading'}
      loadingText={MESSAGES.loading}
      missingText="کارشناس یافت نشد."
      title={e && `${e.report_name} — ${EXPERT_LEVEL_LABELS[e.level]}`}
      badge={e && <ExpertStateBadge expert={e} size="lg" />}
      actions={e && canChange && <ExpertActions key={`${e.pk}:${e.version}`} expert={e} onEdit={() => setEditing(true)} />}
    >
      {e && (
        <Stack gap="4">
          <DetailGroups item={e} groups={GROUPS} />
          <Section title="شیفت‌های هفته در برگه تخصیص">{overview.data ? <ExpertWeek week={overview.data.week} /> : MESSAGES.loading}</Section>
          <Section title="بازدیدهای اخیر">{overview.data ? <ExpertInspections inspections={overview.data.inspections} /> : MESSAGES.loading}</Section>
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4" alignItems="start">
            <ExpertTickets pk={e.pk} />
            <Section title="پیام‌های فرستاده‌شده">{overview.data ? <ExpertMessages messages={overview.data.messages} /> : MESSAGES.loading}</Section>
          </SimpleGrid>
          <ExpertPayments pk={e.pk} />
          <HistoryTimeline entries={actionLogEntries(history.data ?? [], HISTORY_LABELS)} emptyText="هنوز رویدادی ثبت نشده است." />
          <ExpertFormDialog open={editing} expert={e} onClose={() => setEditing(false)} />
        </Stack>
      )}
    </DetailPage>
  );
}
