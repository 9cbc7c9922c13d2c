import { useState, type ReactNode } from 'react';
import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { MESSAGES, formatJalaliDateTime, optionsOf, toPersianDigits, toPersianText } from '@panel/contracts/common';
import {
  AI_QC_MESSAGES,
  AI_REJECT_REASONS,
  AI_SUBJECT_LABELS,
  AI_TEXT_WORKFLOW,
  EditApproveAiTextInputSchema,
  RejectAiTextInputSchema,
  type AiText,
  type AiTextAction,
  type AiTextOutcome,
  type NextAiTextInput,
} from '@panel/contracts/ai-qc';
import {
  ContractForm,
  DetailGroups,
  DialogForm,
  HistoryTimeline,
  LatinCode,
  PanelDialog,
  SelectField,
  EntityDrawer,
  SubmitButton,
  TextareaField,
  WorkflowActions,
  actionLogEntries,
  notify,
  useContractForm,
  type DetailGroup,
} from '@panel/ui';
import { useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { actionCall, useActionCalls } from '../../../lib/workflow-calls';
import { AiTextStateBadge, SubjectCode, changeText } from './ai-qc-columns';
import { WordDiff, WordDiffLegend } from './word-diff';

const GROUPS: DetailGroup<AiText>[] = [
  {
    title: 'متن و موضوع',
    fields: [
      { label: 'نوع متن', value: (t) => t.kind_label },
      { label: AI_SUBJECT_LABELS.inspection, value: (t) => <SubjectCode text={t} />, hidden: (t) => t.subject_type !== 'inspection' },
      { label: AI_SUBJECT_LABELS.car_post, value: (t) => <SubjectCode text={t} />, hidden: (t) => t.subject_type !== 'car_post' },
      { label: 'خودرو', value: (t) => toPersianText(t.subject_title) },
      { label: 'مدل تولیدکننده', value: (t) => <LatinCode value={t.model} /> },
      { label: 'نسخه مدل', value: (t) => toPersianDigits(t.revision) },
      { label: 'زمان ثبت', value: (t) => formatJalaliDateTime(t.created_at) },
    ],
  },
  {
    title: 'بررسی',
    fields: [
      { label: 'وضعیت', value: (t) => t.state_label },
      { label: 'تغییر', value: (t) => changeText(t) + (t.edited ? ` (${toPersianDigits(t.changed_words ?? 0)} واژه)` : ''), hidden: (t) => t.state !== 'approved' },
      { label: 'بررسی‌کننده', value: (t) => t.reviewed_by, hidden: (t) => t.reviewed_by === null },
      { label: 'زمان بررسی', value: (t) => t.reviewed_at && formatJalaliDateTime(t.reviewed_at), hidden: (t) => t.reviewed_at === null },
      { label: 'دلیل رد', value: (t) => t.reject_reason && AI_REJECT_REASONS[t.reject_reason], hidden: (t) => t.reject_reason === null },
      { label: 'یادداشت بازبین', value: (t) => toPersianDigits(t.review_note), hidden: (t) => t.review_note === '' },
    ],
  },
];

const HISTORY_LABELS = { workflow: AI_TEXT_WORKFLOW, extra: { submit: 'ثبت متن مدل' } };
const REASON_OPTIONS = optionsOf(AI_REJECT_REASONS);

function TextBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" rounded="md" p="3" bg="bg.muted">
      <Heading as="h3" size="sm" mb="2">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** The reviewer's edit of the machine's text, in place, with its word diff as it is typed. */
function EditForm({ text, onDone, onCancel }: { text: AiText; onDone: (outcome: AiTextOutcome) => void; onCancel: () => void }) {
  const editApprove = useMutation(trpc.aiQc.editApprove.mutationOptions({ onSuccess: onDone }));
  const form = useContractForm(EditApproveAiTextInputSchema, {
    defaultValues: { id: text.id, version: text.version, text: text.machine_text },
    onSubmit: (values) => editApprove.mutateAsync(values),
  });
  const typed = String(form.watch('text') ?? '');
  return (
    <Box borderWidth="1px" rounded="md" p="3">
      <ContractForm form={form} label="ویرایش و تأیید متن">
        <Stack gap="3">
          <TextareaField control={form.control} name="text" label="متن ویرایش‌شده" required rows={8} autoresize />
          <Stack gap="1">
            <Text fontWeight="medium">پیش‌نمایش تغییرات</Text>
            <WordDiffLegend />
            <WordDiff before={text.machine_text} after={typed.trim()} label="پیش‌نمایش تغییرات" />
          </Stack>
          <HStack justify="flex-end">
            <Button variant="outline" type="button" onClick={onCancel}>
              انصراف
            </Button>
            <SubmitButton control={form.control}>تأیید متن ویرایش‌شده</SubmitButton>
          </HStack>
        </Stack>
      </ContractForm>
    </Box>
  );
}

/** Reject: a reason of the declared list, and a note (required for «سایر»). */
function RejectForm({ text, onDone, onClose }: { text: AiText; onDone: (outcome: AiTextOutcome) => void; onClose: () => void }) {
  const reject = useMutation(trpc.aiQc.reject.mutationOptions({ onSuccess: (outcome) => (onDone(outcome), onClose()) }));
  const form = useContractForm(RejectAiTextInputSchema, {
    defaultValues: { id: text.id, version: text.version, reason_code: '' as never, note: '' },
    onSubmit: (values) => reject.mutateAsync(values),
  });
  return (
    <DialogForm title="رد متن" onSubmit={form.submit} onCancel={onClose} submit={<SubmitButton control={form.control} colorPalette="red">رد متن</SubmitButton>}>
      <SelectField control={form.control} name="reason_code" label="دلیل رد" required options={REASON_OPTIONS} placeholder="انتخاب دلیل" portalled={false} />
      <TextareaField control={form.control} name="note" label="توضیح (برای «سایر» الزامی است)" rows={3} />
    </DialogForm>
  );
}

/** The part of the queue a reviewer works: the list's kind and model. */
export type AiQueue = Pick<NextAiTextInput, 'kind' | 'model'>;

/** After a decision: the queue's next waiting text (of the list's kind and model), to review it here. */
function NextInQueue({ after, queue, onOpen }: { after: number; queue: AiQueue; onOpen: (text: AiText) => void }) {
  const next = useQuery(trpc.aiQc.next.queryOptions({ after, ...queue }));
  return (
    <Box as="section" aria-label="صف بررسی" borderWidth="1px" rounded="md" p="3" bg="blue.subtle">
      {next.isPending ? (
        <Text>{MESSAGES.loading}</Text>
      ) : next.data ? (
        <HStack justify="space-between" gap="3" flexWrap="wrap">
          <Text>{`متن بعدی در صف: شماره ${toPersianDigits(next.data.id)}، ${next.data.kind_label}`}</Text>
          <Button size="sm" onClick={() => onOpen(next.data!)}>
            بررسی متن بعدی
          </Button>
        </HStack>
      ) : (
        <Text>{AI_QC_MESSAGES.queueEmpty}</Text>
      )}
    </Box>
  );
}

/**
 * One machine-made text: what it describes, the machine's text (and, approved after an edit, the
 * word diff and the approved text), the actions its state allows, the queue's next text once it is
 * decided, and its history.
 */
export function AiTextDrawer({ text, queue, onChange, onClose }: { text: AiText | null; queue: AiQueue; onChange: (text: AiText) => void; onClose: () => void }) {
  const id = text?.id ?? 0;
  const roles = useRoles();
  const log = useQuery({ ...trpc.aiQc.history.queryOptions({ id }), enabled: text !== null });
  const [editing, setEditing] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const done = (outcome: AiTextOutcome) => {
    setEditing(false);
    onChange(outcome.text);
    notify(outcome.message, 'success');
  };
  const version = text?.version ?? 0;
  const run = useActionCalls<AiTextAction, AiTextOutcome>(
    {
      approve: actionCall(trpc.aiQc.approve, () => ({ id, version })),
      edit_approve: null,
      reject: null,
      regenerate: actionCall(trpc.aiQc.updateState, (reason) => ({ id, version, action: 'regenerate' as const, reason })),
      reopen: actionCall(trpc.aiQc.updateState, (reason) => ({ id, version, action: 'reopen' as const, reason })),
      resubmit: null,
    },
    { onSuccess: done },
  );
  const offers = (action: AiTextAction) => text !== null && AI_TEXT_WORKFLOW.can(action, text.state) && AI_TEXT_WORKFLOW.permits(action, roles);
  const open = (next: AiText) => {
    setEditing(false);
    onChange(next);
  };

  return (
    <EntityDrawer open={text !== null} onClose={onClose} entity={text} noun="متن" code={(t) => toPersianDigits(t.id)} state={(t) => <AiTextStateBadge state={t.state} />} width={90} gap="4">
      {(text) => (
        <>
          {!editing && (
            <Box role="group" aria-label="کارها" display="flex" gap="2" flexWrap="wrap">
              <WorkflowActions
                workflow={AI_TEXT_WORKFLOW}
                state={text.state}
                roles={roles}
                onRun={run}
                except={['edit_approve', 'reject', 'resubmit']}
                reasonLabels={{ regenerate: 'آنچه مدل باید اصلاح کند', reopen: 'دلیل بازگشت به صف' }}
              />
              {offers('edit_approve') && (
                <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                  {AI_TEXT_WORKFLOW.actions.edit_approve.label}
                </Button>
              )}
              {offers('reject') && (
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setRejecting(true)}>
                  {AI_TEXT_WORKFLOW.actions.reject.label}
                </Button>
              )}
            </Box>
          )}
          {text.state !== 'pending' && <NextInQueue key={`${text.id}:${text.version}`} after={text.id} queue={queue} onOpen={open} />}
          {editing ? (
            <EditForm key={`${text.id}:${text.version}`} text={text} onDone={done} onCancel={() => setEditing(false)} />
          ) : text.edited && text.final_text !== null ? (
            <>
              <TextBox title="تغییرات بازبین">
                <Stack gap="2">
                  <WordDiffLegend />
                  <WordDiff before={text.machine_text} after={text.final_text} label="تغییرات متن مدل تا متن تأییدشده" />
                </Stack>
              </TextBox>
              <TextBox title="متن تأییدشده">
                <Text whiteSpace="pre-wrap">{text.final_text}</Text>
              </TextBox>
            </>
          ) : (
            <TextBox title={text.state === 'approved' ? 'متن تأییدشده (بدون ویرایش)' : 'متن مدل'}>
              <Text whiteSpace="pre-wrap">{text.machine_text}</Text>
            </TextBox>
          )}
          <DetailGroups item={text} groups={GROUPS} columns={2} size="sm" />
          <HistoryTimeline
            title="تاریخچه متن"
            emptyText={log.isPending ? MESSAGES.loading : 'هنوز کاری روی این متن ثبت نشده است.'}
            entries={actionLogEntries(log.data ?? [], HISTORY_LABELS)}
          />
          <PanelDialog open={rejecting} onClose={() => setRejecting(false)}>
            {rejecting && <RejectForm text={text} onDone={done} onClose={() => setRejecting(false)} />}
          </PanelDialog>
        </>
      )}
    </EntityDrawer>
  );
}
