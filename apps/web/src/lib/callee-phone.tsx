import { Button, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { toPersianDigits } from '@panel/contracts/common';
import { TextField, type Control, type FieldPath, type FieldValues, type PathValue, type UseFormSetValue } from '@panel/ui';
import { trpc } from './trpc';

/**
 * How a mobile number field of a form reads (spread onto `TextField`): typed and shown as dialled,
 * Latin digits kept, so the Persian digit walker of the e2e specs leaves it alone.
 */
export const MOBILE_INPUT = {
  latinDigits: true,
  dir: 'ltr',
  textAlign: 'right',
  inputMode: 'tel',
  placeholder: 'یازده رقم، با ۰۹ آغاز می‌شود',
  'data-ltr': '',
} as const;

/**
 * On a call (spec §7's caller dialog), the caller is most likely the customer of the form being
 * filled: one click puts their number in. Never filled in by itself, so it cannot land on top of
 * what the staff member is typing. Nothing shows when they are not on a call.
 */
export function CalleePhoneButton({ onUse }: { onUse: (phone: string) => void }) {
  const callee = useQuery({ ...trpc.auth.callerHistory.queryOptions(), staleTime: 0, meta: { silent: true } });
  const phone = callee.data?.callee_phone_number ?? null;
  if (!phone) return null;
  return (
    <Button size="xs" variant="outline" alignSelf="start" onClick={() => onUse(phone)}>
      استفاده از شماره تماس جاری ({toPersianDigits(phone)})
    </Button>
  );
}

/** A form's customer mobile: typed as dialled, with the current caller's number one click away. */
export function CustomerPhoneField<T extends FieldValues, N extends FieldPath<T>, TT>({
  control,
  setValue,
  name,
  label = 'شماره تلفن همراه',
}: {
  control: Control<T, unknown, TT>;
  setValue: UseFormSetValue<T>;
  name: N;
  label?: string;
}) {
  return (
    <Stack gap="2">
      <TextField control={control} name={name} label={label} required {...MOBILE_INPUT} />
      <CalleePhoneButton onUse={(phone) => setValue(name, phone as PathValue<T, N>, { shouldValidate: true })} />
    </Stack>
  );
}
