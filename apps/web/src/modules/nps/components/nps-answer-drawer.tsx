import { useState } from 'react';
import { Field, HStack, NativeSelect } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { formatJalaliDate, formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import {
  NPS_ACCESS,
  NPS_CHANNELS,
  NPS_GROUPS,
  NPS_ROOT_CAUSE_LIST,
  NPS_ROOT_CAUSES,
  NPS_WORKFLOW,
  type NpsAction,
  type NpsAnswerDetail,
  type NpsOutcome,
  type NpsRootCause,
} from '@panel/contracts/nps';
import { DetailGroups, HistoryTimeline, EntityDrawer, WorkflowActions, actionLogEntries, notify, type DetailGroup } from '@panel/ui';
import { useCan, useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { actionCall, useActionCalls } from '../../../lib/workflow-calls';
import { NpsStateBadge, ScoreBadge, targetOf } from './nps-columns';

const GROUPS: DetailGroup<NpsAnswerDetail>[] = [
  {
    title: 'پاسخ',
    fields: [
      { label: 'امتیاز', value: (a) => <HStack gap="2"><ScoreBadge answer={a} />{NPS_GROUPS[a.group]}</HStack> },
      { label: 'نظر مشتری', value: (a) => a.comment },
      { label: 'زمان پاسخ', value: (a) => formatJalaliDateTime(a.answered_at) },
      { label: 'کانال', value: (a) => NPS_CHANNELS[a.channel] },
    ],
  },
  {
    title: 'مشتری و سفارش',
    fields: [
      { label: 'مشتری', value: (a) => a.customer_name },
      { label: 'تلفن همراه', value: (a) => toPersianDigits(a.customer_phone), ltr: true },
      { label: 'سفارش کارشناسی', value: (a) => (a.order ? `${toPersianDigits(a.order.code)} — ${toPersianDigits(a.order.brand_model)}` : 'بدون سفارش مرتبط') },
      { label: 'بسته و شهر', value: (a) => a.order && `${a.order.package}، ${a.order.city}`, hidden: (a) => a.order === null },
      { label: 'تاریخ بازدید', value: (a) => a.order?.visit_date && formatJalaliDate(a.order.visit_date), hidden: (a) => !a.order?.visit_date },
      { label: 'مبلغ سفارش', value: (a) => a.order && formatToman(a.order.price), hidden: (a) => a.order === null },
    ],
  },
  {
    title: 'پیگیری',
    fields: [
      { label: 'وضعیت', value: (a) => `${a.state_label} (${a.state})` },
      { label: 'موعد تماس (۴۸ ساعت)', value: (a) => (a.due_at ? `${formatJalaliDateTime(a.due_at)} — ${targetOf(a).text}` : 'ندارد (مروج یا خنثی)') },
      { label: 'نخستین تماس', value: (a) => a.responded_at && formatJalaliDateTime(a.responded_at), hidden: (a) => a.responded_at === null },
      { label: 'علت ریشه‌ای', value: (a) => a.root_cause && NPS_ROOT_CAUSES[a.root_cause], hidden: (a) => a.root_cause === null },
    ],
  },
];

const HISTORY_LABELS = { workflow: NPS_WORKFLOW, extra: { answer: 'دریافت پاسخ' } };
const ROOT_CAUSE_FIELD_ID = 'nps-root-cause';

/** The root cause a close needs, picked from the declared list. */
function RootCausePicker({ value, onChange }: { value: NpsRootCause | ''; onChange: (value: NpsRootCause | '') => void }) {
  return (
    <Field.Root required>
      <Field.Label htmlFor={ROOT_CAUSE_FIELD_ID}>
        علت ریشه‌ای
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field id={ROOT_CAUSE_FIELD_ID} value={value} onChange={(e) => onChange(e.target.value as NpsRootCause | '')}>
          <option value="">انتخاب کنید</option>
          {NPS_ROOT_CAUSE_LIST.map((cause) => (
            <option key={cause} value={cause}>
              {NPS_ROOT_CAUSES[cause]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The follow-up's buttons as the table and the roles allow; a close asks its root cause. */
function NpsActions({ answer }: { answer: NpsAnswerDetail }) {
  const roles = useRoles();
  const { id, version } = answer;
  const [cause, setCause] = useState<NpsRootCause | ''>('');
  const step = (action: NpsAction) => actionCall(trpc.nps.updateState, (reason) => ({ id, version, action, reason, root_cause: action === 'close' ? cause || null : null }));
  const run = useActionCalls<NpsAction, NpsOutcome>(
    Object.fromEntries(NPS_WORKFLOW.actionList.map((action) => [action, step(action)])) as Record<NpsAction, ReturnType<typeof step>>,
    { onSuccess: (outcome) => notify(outcome.message, 'success') },
  );
  return (
    <HStack gap="2" flexWrap="wrap" role="group" aria-label="اقدام‌های پیگیری">
      <WorkflowActions
        workflow={NPS_WORKFLOW}
        state={answer.state}
        roles={roles}
        onRun={run}
        destructive={['exclude']}
        fields={{ close: <RootCausePicker value={cause} onChange={setCause} /> }}
        reasonLabels={{ call_back: 'خلاصه تماس', no_answer: 'یادداشت', refer: 'واحد مسئول و شرح ارجاع', resolve: 'شرح رسیدگی', close: 'یادداشت بستن', exclude: 'دلیل کنار گذاشتن', reopen: 'دلیل بازگشایی' }}
      />
    </HStack>
  );
}

/** One answer: its fields, its order, the follow-up actions and the history of its moves. */
export function NpsAnswerDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const canAct = useCan(NPS_ACCESS.act);
  const detail = useQuery({ ...trpc.nps.detail.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const history = useQuery({ ...trpc.nps.history.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const answer = detail.data;
  return (
    <EntityDrawer
      open={id !== null}
      onClose={onClose}
      entity={answer}
      noun="پاسخ نظرسنجی"
      code={(a) => `${toPersianDigits(a.id)} — ${a.customer_name}`}
      state={(a) => <NpsStateBadge state={a.state} />}
      width={72}
      gap="4"
    >
      {(answer) => (
        <>
          {canAct && <NpsActions key={`${answer.id}:${answer.version}`} answer={answer} />}
          <DetailGroups item={answer} groups={GROUPS} columns={1} size="sm" />
          <HistoryTimeline title="تاریخچه پیگیری" entries={actionLogEntries(history.data ?? [], HISTORY_LABELS)} emptyText="هنوز رویدادی ثبت نشده است." />
        </>
      )}
    </EntityDrawer>
  );
}
