import { useEffect, useRef } from 'react';
import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { toPersianDigits } from '@panel/contracts/common';
import { MEDIA_ACCEPT } from './media-upload';

/**
 * A file for the media store: the native input (for keyboards and screen readers) hidden behind a
 * Persian button and the chosen name, since the browser's own button speaks its own language.
 * Cleared when `file` goes back to null (after an upload). `label` and `accept` narrow it where
 * only images make sense (a cover); the media store checks the type and size again.
 */
export function MediaFileField({
  file,
  onChange,
  label = 'فایل (JPEG، PNG، WebP یا PDF تا ۵ مگابایت)',
  accept = MEDIA_ACCEPT,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  label?: string;
  accept?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (file === null && input.current) input.current.value = '';
  }, [file]);
  return (
    <Field.Root width="auto">
      <Field.Label>{label}</Field.Label>
      <Input ref={input} type="file" accept={accept} srOnly onChange={(e) => onChange(e.target.files?.[0] ?? null)} />
      <HStack gap="2">
        <Button size="sm" variant="outline" aria-hidden tabIndex={-1} onClick={() => input.current?.click()}>
          انتخاب فایل
        </Button>
        <Text textStyle="sm" color={file ? undefined : 'fg.muted'} maxW="14rem" truncate>
          {file ? toPersianDigits(file.name) : 'فایلی انتخاب نشده است.'}
        </Text>
      </HStack>
    </Field.Root>
  );
}
