import { useState } from 'react';
import { Button, Dialog, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { formatJalaliDate, formatToman, toPersianDigits } from '@panel/contracts/common';
import { ScheduleChangeInputSchema, type Instalment, type LeasingClaimDetail, type ScheduleChange, type SchedulePreview } from '@panel/contracts/leasing';
import { DialogActions, JalaliDateField, MoneyInput, NativeSelectField, notify } from '@panel/ui';
import { trpc, userMessage } from '../../../lib/trpc';
import { ClaimDialog, fieldRefusal, statusOf } from './claim-dialog';
import { SchedulePreviewTable } from './claim-instalments';

type Kind = ScheduleChange['kind'];
const KINDS: { value: Kind; label: string }[] = [
  { value: 'postpone', label: 'تعویق (این قسط و اقساط بعدی)' },
  { value: 'due_date', label: 'تغییر سررسید همین قسط' },
  { value: 'amount', label: 'تغییر مبلغ قسط' },
];
const isKind = (value: string): value is Kind => KINDS.some((k) => k.value === value);

interface Typed {
  kind: Kind;
  due_date: string | undefined;
  amount: string;
  reason: string;
}

/**
 * Postpone an instalment, change its due date or its amount (decision 102): the gateway's
 * preview of the old and new instalments first, nothing written until «تأیید و ثبت تغییر».
 */
function ScheduleChangeForm({ claim, instalment, onClose }: { claim: LeasingClaimDetail; instalment: Instalment; onClose: () => void }) {
  const [typed, setTyped] = useState<Typed>({ kind: 'postpone', due_date: undefined, amount: '', reason: '' });
  const [errors, setErrors] = useState<Partial<Record<'due_date' | 'amount' | 'reason', string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ change: ScheduleChange; answer: SchedulePreview } | null>(null);
  // The preview writes nothing, so it leaves the screen's queries alone; the failures are shown here.
  const ask = useMutation(trpc.leasing.changeSchedule.mutationOptions({ meta: { silent: true, invalidatesAll: false } }));
  const write = useMutation(trpc.leasing.changeSchedule.mutationOptions({ meta: { silent: true } }));

  const set = (patch: Partial<Typed>) => {
    setTyped((t) => ({ ...t, ...patch }));
    setErrors({});
    setRefusal(null);
    setPreview(null);
  };
  const failed = (error: unknown) => {
    const { field, message } = fieldRefusal(error, userMessage);
    if (statusOf(error) === 400 && (field === 'amount' || field === 'due_date')) setErrors({ [field]: message });
    else setRefusal(message);
    if (statusOf(error) === 409) notify(message);
  };

  const showPreview = async () => {
    const base = { instalment_id: instalment.id, reason: typed.reason };
    const parsed = ScheduleChangeInputSchema.safeParse(typed.kind === 'amount' ? { ...base, kind: 'amount', amount: typed.amount } : { ...base, kind: typed.kind, due_date: typed.due_date ?? '' });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof typeof errors;
        if (['due_date', 'amount', 'reason'].includes(key)) found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    try {
      const answer = await ask.mutateAsync({ id: claim.id, version: claim.version, change: parsed.data, confirm: false });
      setPreview({ change: parsed.data, answer });
    } catch (error) {
      failed(error);
    }
  };
  const confirm = async () => {
    if (!preview) return;
    try {
      const answer = await write.mutateAsync({ id: claim.id, version: preview.answer.version, change: preview.change, confirm: true });
      notify(answer.message, 'success');
      onClose();
    } catch (error) {
      setPreview(null);
      failed(error);
    }
  };

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>تغییر قسط {toPersianDigits(instalment.seq)}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            سررسید فعلی {formatJalaliDate(instalment.due_date)}، مبلغ {formatToman(instalment.amount)}، مانده {formatToman(instalment.remaining)}
          </Text>
          <NativeSelectField label="نوع تغییر" value={typed.kind} onChange={(value) => isKind(value) && set({ kind: value })} options={KINDS} />
          {typed.kind === 'amount' ? (
            <Field.Root invalid={!!errors.amount} required>
              <Field.Label>
                مبلغ جدید قسط (تومان)
                <Field.RequiredIndicator />
              </Field.Label>
              <MoneyInput size="sm" value={typed.amount} onChange={(amount) => set({ amount })} />
              {errors.amount ? <Field.ErrorText>{errors.amount}</Field.ErrorText> : <Field.HelperText>تفاوت مبلغ را قسط آخر جبران می‌کند.</Field.HelperText>}
            </Field.Root>
          ) : (
            <Field.Root invalid={!!errors.due_date} required>
              <Field.Label>
                {typed.kind === 'postpone' ? 'سررسید جدید (اقساط بعدی هم به همان اندازه جابه‌جا می‌شوند)' : 'سررسید جدید'}
                <Field.RequiredIndicator />
              </Field.Label>
              <JalaliDateField label="سررسید جدید" value={typed.due_date} onChange={(due_date) => set({ due_date })} width="100%" />
              {errors.due_date && <Field.ErrorText>{errors.due_date}</Field.ErrorText>}
            </Field.Root>
          )}
          <Field.Root invalid={!!errors.reason} required={typed.kind === 'postpone'}>
            <Field.Label>
              {typed.kind === 'postpone' ? 'دلیل تعویق' : 'دلیل (اختیاری)'}
              {typed.kind === 'postpone' && <Field.RequiredIndicator />}
            </Field.Label>
            <Textarea value={typed.reason} onChange={(e) => set({ reason: e.target.value })} rows={2} />
            {errors.reason && <Field.ErrorText>{errors.reason}</Field.ErrorText>}
          </Field.Root>
          {refusal && (
            <Text role="alert" color="fg.error">
              {refusal}
            </Text>
          )}
          {preview && (
            <Stack gap="2" aria-live="polite">
              <Text fontWeight="bold">پیش‌نمایش: هنوز چیزی ثبت نشده است.</Text>
              <SchedulePreviewTable before={preview.answer.before} after={preview.answer.after} />
            </Stack>
          )}
        </Stack>
      </Dialog.Body>
      <DialogActions onCancel={onClose}>
        {preview ? (
          <Button colorPalette="orange" loading={write.isPending} onClick={() => void confirm()}>
            تأیید و ثبت تغییر
          </Button>
        ) : (
          <Button loading={ask.isPending} onClick={() => void showPreview()}>
            پیش‌نمایش تغییر
          </Button>
        )}
      </DialogActions>
    </>
  );
}

export function ScheduleChangeDialog({ claim, instalment, onClose }: { claim: LeasingClaimDetail; instalment: Instalment | null; onClose: () => void }) {
  return (
    <ClaimDialog open={instalment !== null} onClose={onClose} size="lg">
      {instalment && <ScheduleChangeForm claim={claim} instalment={instalment} onClose={onClose} />}
    </ClaimDialog>
  );
}
