import { useMemo } from 'react';
import { Box, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SendSmsInputSchema, emptyPlaceholderMessage, fillTemplate, missingPlaceholders, placeholderLabel, placeholdersOf } from '@panel/contracts/notifications';
import { DialogForm, MessageText, PanelDialog, SelectField, SubmitButton, TextField, TextareaField, notify, useContractForm } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { SmsSize } from './sms-size';

const FREE_TEXT = 'متن آزاد';

function SendForm({ templateId, onClose }: { templateId: number | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const templates = useQuery(trpc.notifications.templates.queryOptions({ state: 'active', pageSize: 100 }));
  const options = useMemo(() => (templates.data?.results ?? []).map((t) => ({ value: String(t.id), label: t.name })), [templates.data]);
  const send = useMutation(
    trpc.notifications.sendSms.mutationOptions({
      onSuccess: (result) => {
        notify(result.message, 'success');
        void queryClient.invalidateQueries();
        onClose();
      },
    }),
  );
  const form = useContractForm(SendSmsInputSchema, {
    defaultValues: { phone_number: '', template_id: templateId === null ? '' : String(templateId), text: '', values: {} },
    onSubmit: async (values) => {
      // A placeholder left empty is refused beside its field, before asking the server (which refuses it too).
      const chosen = templates.data?.results.find((t) => t.id === values.template_id);
      const missing = chosen ? missingPlaceholders(chosen.text, values.values) : [];
      if (missing.length) {
        for (const name of missing) form.setError(`values.${name}`, { message: emptyPlaceholderMessage([name]) });
        return;
      }
      await send.mutateAsync(chosen ? { ...values, values: Object.fromEntries(chosen.placeholders.map((n) => [n, values.values[n] ?? ''])) } : values);
    },
  });
  const [chosenId, text, values] = [form.watch('template_id'), form.watch('text'), form.watch('values')];
  const template = templates.data?.results.find((t) => String(t.id) === String(chosenId ?? ''));
  const preview = template ? fillTemplate(template.text, (values ?? {}) as Record<string, string>) : String(text ?? '');
  return (
    <DialogForm title="ارسال پیامک" onSubmit={form.submit} onCancel={onClose} submit={<SubmitButton control={form.control}>ثبت و ارسال</SubmitButton>}>
      <TextField control={form.control} name="phone_number" label="شماره همراه" required dir="ltr" latinDigits inputMode="tel" autoComplete="off" placeholder="09121234567" data-ltr="" />
      <SelectField control={form.control} name="template_id" label="قالب" options={options} emptyOption={FREE_TEXT} portalled={false} />
      {template ? (
        placeholdersOf(template.text).map((name) => <TextField key={`${template.id}-${name}`} control={form.control} name={`values.${name}`} label={`${placeholderLabel(name)} {${name}}`} required autoComplete="off" {...(name === 'link' ? { dir: 'ltr', 'data-ltr': '' } : {})} />)
      ) : (
        <TextareaField control={form.control} name="text" label="متن پیامک" required rows={4} />
      )}
      <Box as="section" aria-label="پیش‌نمایش پیامک" bg="bg.subtle" borderRadius="md" p="3">
        <Text fontSize="sm" fontWeight="bold" mb="1">
          پیش‌نمایش
        </Text>
        <Text whiteSpace="pre-wrap" data-testid="sms-preview">
          {preview ? <MessageText text={preview} /> : '—'}
        </Text>
        <SmsSize text={preview} />
      </Box>
      <Text fontSize="sm" color="fg.muted">
        پیامک به نام شما در صف ارسال ثبت می‌شود.
      </Text>
    </DialogForm>
  );
}

/** A hand-written SMS to one mobile: a free text or an active template with its placeholders filled, previewed with its size. */
export function SendSmsDialog({ open, templateId, onClose }: { open: boolean; templateId: number | null; onClose: () => void }) {
  return (
    <PanelDialog open={open} onClose={onClose}>
      {open && <SendForm templateId={templateId} onClose={onClose} />}
    </PanelDialog>
  );
}
