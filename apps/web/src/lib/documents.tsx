import { useState, type ReactNode } from 'react';
import { Box, Button, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { toPersianDigits } from '@panel/contracts/common';
import { NativeSelectField, notify } from '@panel/ui';
import { MediaFileField } from './media-file-field';
import { uploadToMediaStore } from './media-upload';

/** A titled part of a detail page (documents, links, notes): a framed section named by its heading. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" borderRadius="md" p="4" bg="bg">
      <Heading as="h2" size="sm" mb="3" color="fg.muted">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** A stored document by its name, opened from the media store in a new tab. */
export function MediaLink({ mediaId, name }: { mediaId: number; name: string }) {
  return (
    <Link href={`/media/${mediaId}`} target="_blank" rel="noreferrer" colorPalette="green" aria-label={`باز کردن ${name}`}>
      {toPersianDigits(name)}
    </Link>
  );
}

export interface DocumentUploadProps<K extends string> {
  /** The kinds a document may be, with their Persian names. */
  kinds: Record<K, string>;
  /** Links the stored file to its owner; answers the gateway's message. */
  attach: (input: { media_id: number; kind: K }) => Promise<{ message: string }>;
  /** After a document is attached: refresh what shows it. */
  onAttached: () => Promise<unknown>;
}

/**
 * The upload of a document of a named kind: the kind, the file, «بارگذاری مدرک», and what was
 * refused beside them. The file goes to the media store first, then `attach` links it.
 */
export function DocumentUpload<K extends string>({ kinds, attach, onAttached }: DocumentUploadProps<K>) {
  const [kind, setKind] = useState<K | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async () => {
      if (!kind) throw new Error('نوع مدرک را انتخاب کنید.');
      if (!file) throw new Error('فایل مدرک را انتخاب کنید.');
      return attach({ media_id: await uploadToMediaStore(file), kind });
    },
    meta: { silent: true },
    onMutate: () => setProblem(null),
    onError: (error) => setProblem(error.message),
    onSuccess: async (created) => {
      notify(created.message, 'success');
      setFile(null);
      setKind('');
      await onAttached();
    },
  });
  const options = Object.entries<string>(kinds).map(([value, label]) => ({ value, label }));
  return (
    <Stack gap="2" as="form" aria-label="بارگذاری مدرک" onSubmit={(e) => (e.preventDefault(), upload.mutate())}>
      <HStack gap="3" align="end" wrap="wrap">
        <Box width="11rem">
          <NativeSelectField label="نوع مدرک" placeholder="انتخاب نوع" value={kind} options={options} onChange={(v) => setKind(v as K | '')} />
        </Box>
        <MediaFileField file={file} onChange={setFile} />
        <Button type="submit" size="sm" loading={upload.isPending}>
          بارگذاری مدرک
        </Button>
      </HStack>
      {problem && (
        <Text color="fg.error" textStyle="sm" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
