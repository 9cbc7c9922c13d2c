import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import {
  CreateTemplateInputSchema,
  EditTemplateInputSchema,
  TEMPLATE_HISTORY_ACTIONS,
  TEMPLATE_WORKFLOW,
  placeholderLabel,
  placeholdersOf,
  type SmsTemplate,
  NOTIFICATIONS_ACCESS,
} from '@panel/contracts/notifications';
import {
  DetailGroups,
  HistoryTimeline,
  EntityDrawer,
  SideDrawer,
  SubmitButton,
  TextField,
  TextareaField,
  WorkflowActions,
  actionLogEntries,
  notify,
  useContractForm,
  type Control,
  type DetailGroup,
  type FieldPath,
  type FieldValues,
} from '@panel/ui';
import { useCan, useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { SmsSize } from './sms-size';
import { TemplateStateBadge, placeholderList } from './template-columns';

const HISTORY_LABELS = { workflow: TEMPLATE_WORKFLOW, extra: TEMPLATE_HISTORY_ACTIONS };
const TEXT_HELP = 'جای خالی را با آکولاد و نام انگلیسی بنویسید، مانند {name} یا {code}؛ هنگام ارسال پر می‌شود.';

const GROUPS: DetailGroup<SmsTemplate>[] = [
  {
    title: 'قالب',
    fields: [
      { label: 'وضعیت', value: (t) => <TemplateStateBadge state={t.state} /> },
      { label: 'جای‌های خالی', value: placeholderList },
      { label: 'دفعات استفاده', value: (t) => toPersianDigits(t.used) },
      { label: 'ساخته', value: (t) => `${formatJalaliDateTime(t.created_at)}، ${t.created_by}` },
      { label: 'آخرین تغییر', value: (t) => `${formatJalaliDateTime(t.updated_at)}، ${t.updated_by}` },
      { label: 'نسخه', value: (t) => toPersianDigits(t.version) },
    ],
  },
];

function Placeholders({ text }: { text: string }) {
  const names = placeholdersOf(text);
  return (
    <Text fontSize="sm" color="fg.muted">
      جای‌های خالی: {names.length ? names.map((n) => `${placeholderLabel(n)} {${n}}`).join('، ') : 'ندارد'}
    </Text>
  );
}

/** A template's name and text, with the text's placeholders and size as it is typed (the create and the edit form alike). */
function TemplateFields<T extends FieldValues, TT>({ control, text }: { control: Control<T, unknown, TT>; text: string }) {
  return (
    <>
      <TextField control={control} name={'name' as FieldPath<T>} label="نام قالب" required autoComplete="off" />
      <TextareaField control={control} name={'text' as FieldPath<T>} label="متن قالب" required rows={5} helperText={TEXT_HELP} />
      <Placeholders text={text} />
      <SmsSize text={text} />
    </>
  );
}

/** Name and text of a new template; the text's placeholders and size update as it is typed. */
function CreateForm({ onCreated }: { onCreated: (id: number) => void }) {
  const queryClient = useQueryClient();
  const create = useMutation(
    trpc.notifications.createTemplate.mutationOptions({
      onSuccess: (result) => {
        notify(result.message, 'success');
        void queryClient.invalidateQueries();
        onCreated(result.id);
      },
    }),
  );
  const form = useContractForm(CreateTemplateInputSchema, { defaultValues: { name: '', text: '' }, onSubmit: (values) => create.mutateAsync(values) });
  const text = String(form.watch('text') ?? '');
  return (
    <form onSubmit={form.submit} noValidate aria-label="ساخت قالب پیامک">
      <Stack gap="4">
        <TemplateFields control={form.control} text={text} />
        <HStack>
          <SubmitButton control={form.control}>ساخت قالب</SubmitButton>
        </HStack>
      </Stack>
    </form>
  );
}

/** Edit name and text against the version the form started from: a colleague's save in between is the Persian 409. */
function EditForm({ template }: { template: SmsTemplate }) {
  const queryClient = useQueryClient();
  const edit = useMutation(trpc.notifications.editTemplate.mutationOptions({ onSettled: () => void queryClient.invalidateQueries() }));
  const form = useContractForm(EditTemplateInputSchema, {
    defaultValues: { id: template.id, version: template.version, name: template.name, text: template.text },
    onSubmit: async (values) => {
      const result = await edit.mutateAsync(values);
      notify(result.message, 'success');
      form.reset({ ...values, version: result.version });
    },
  });
  const text = String(form.watch('text') ?? '');
  const version = form.watch('version');
  const behind = version !== template.version;
  return (
    <form onSubmit={form.submit} noValidate aria-label="ویرایش قالب پیامک">
      <Stack gap="4">
        <TemplateFields control={form.control} text={text} />
        {behind && (
          <HStack role="status" gap="3" bg="orange.subtle" p="2" borderRadius="md">
            <Text fontSize="sm">این قالب پس از باز شدن فرم تغییر کرده است.</Text>
            <Button size="xs" variant="outline" onClick={() => form.reset({ id: template.id, version: template.version, name: template.name, text: template.text })}>
              بارگذاری نسخه تازه
            </Button>
          </HStack>
        )}
        <HStack>
          <SubmitButton control={form.control}>ذخیره قالب</SubmitButton>
        </HStack>
      </Stack>
    </form>
  );
}

/** A template: its details, the moves its state allows (with confirmation), its form and its history. `id` 'new' creates one. */
export function TemplateDrawer({ id, onClose, onOpen, onSend }: { id: number | 'new' | null; onClose: () => void; onOpen: (id: number) => void; onSend: (template: SmsTemplate) => void }) {
  if (id === 'new') {
    return (
      <SideDrawer open onClose={onClose} title="قالب پیامک تازه" width={64}>
        <CreateForm onCreated={onOpen} />
      </SideDrawer>
    );
  }
  return <ExistingTemplateDrawer id={id} onClose={onClose} onSend={onSend} />;
}

function ExistingTemplateDrawer({ id, onClose, onSend }: { id: number | null; onClose: () => void; onSend: (template: SmsTemplate) => void }) {
  const queryClient = useQueryClient();
  const roles = useRoles();
  const isStaff = useCan(NOTIFICATIONS_ACCESS.manage);
  const detail = useQuery({ ...trpc.notifications.template.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const history = useQuery({ ...trpc.notifications.templateHistory.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const move = useMutation(
    trpc.notifications.moveTemplate.mutationOptions({
      onSuccess: (result) => notify(result.message, 'success'),
      onSettled: () => void queryClient.invalidateQueries(),
    }),
  );
  return (
    <EntityDrawer open={id !== null} onClose={onClose} entity={detail.data} noun="قالب پیامک" title={(t) => `قالب ${toPersianDigits(t.name)}`} width={64}>
      {(template) => (
        <>
          {isStaff && (
            <HStack gap="2" wrap="wrap">
              {template.state === 'active' && (
                <Button size="sm" onClick={() => onSend(template)}>
                  ارسال پیامک با این قالب
                </Button>
              )}
              <WorkflowActions
                workflow={TEMPLATE_WORKFLOW}
                state={template.state}
                roles={roles}
                except={['edit']}
                destructive={['deactivate']}
                onRun={(action, reason) => move.mutateAsync({ id: template.id, version: template.version, action: action as 'activate' | 'deactivate', reason })}
              />
            </HStack>
          )}
          <DetailGroups item={template} groups={GROUPS} columns={1} size="sm" />
          {isStaff ? (
            <Box borderWidth="1px" borderRadius="md" p="3">
              <EditForm key={template.id} template={template} />
            </Box>
          ) : (
            <Text as="blockquote" whiteSpace="pre-wrap" bg="bg.subtle" p="3" borderRadius="md">
              {toPersianDigits(template.text)}
            </Text>
          )}
          <HistoryTimeline entries={actionLogEntries(history.data ?? [], HISTORY_LABELS)} emptyText={history.isPending ? MESSAGES.loading : 'سابقه‌ای ثبت نشده است.'} />
        </>
      )}
    </EntityDrawer>
  );
}
