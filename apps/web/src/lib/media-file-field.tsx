import { useEffect, useRef, useState } from 'react';
import { Button, Field, HStack, Image, Input, Stack, Text } from '@chakra-ui/react';
import { toPersianDigits } from '@panel/contracts/common';
import { notify } from '@panel/ui';
import { IMAGE_ACCEPT, MEDIA_ACCEPT, uploadToMediaStore } from './media-upload';

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

/**
 * An image of the media store as a form value (a cover, a logo): chosen, sent to the store,
 * shown; `value` is its id, or null. Uploading is the user's step, so a failed upload shows the
 * store's Persian refusal and keeps the rest of the form. A logo is shown whole; a `cover` fills
 * its frame as it will on the page.
 */
export function MediaImageField({
  value,
  onChange,
  label,
  alt,
  removeLabel,
  uploadLabel,
  cover = false,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  label: string;
  alt: string;
  removeLabel: string;
  uploadLabel: string;
  cover?: boolean;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    try {
      onChange(await uploadToMediaStore(file));
      setFile(null);
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="2">
      {value !== null && (
        <HStack gap="3">
          <Image src={`/media/${value}`} alt={alt} borderRadius="md" {...(cover ? { width: '40', height: '24', objectFit: 'cover' } : { maxW: '40', maxH: '24', objectFit: 'contain' })} />
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => onChange(null)}>
            {removeLabel}
          </Button>
        </HStack>
      )}
      <HStack gap="2" align="end" wrap="wrap">
        <MediaFileField file={file} onChange={setFile} label={label} accept={IMAGE_ACCEPT} />
        <Button size="sm" disabled={!file} loading={busy} onClick={() => void upload()}>
          {uploadLabel}
        </Button>
      </HStack>
    </Stack>
  );
}
