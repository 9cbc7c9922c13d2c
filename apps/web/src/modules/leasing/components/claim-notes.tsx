import { Box, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { formatJalaliDateTime, optionsOf, toPersianDigits } from '@panel/contracts/common';
import { AddClaimNoteInputSchema, LEASING_NOTE_CATEGORIES, type LeasingClaimDetail } from '@panel/contracts/leasing';
import { SelectField, SubmitButton, TextareaField, notify, useContractForm } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

const NoteFieldsSchema = AddClaimNoteInputSchema.pick({ category: true, text: true });
const CATEGORY_OPTIONS = optionsOf(LEASING_NOTE_CATEGORIES);

/** The claim's notes with their categories, newest first, and the form for a new one. */
export function ClaimNotes({ claim }: { claim: LeasingClaimDetail }) {
  const add = useMutation(trpc.leasing.addClaimNote.mutationOptions({ onSuccess: (created) => notify(created.message, 'success') }));
  const form = useContractForm(NoteFieldsSchema, {
    defaultValues: { category: 'call', text: '' },
    onSubmit: async (values) => {
      await add.mutateAsync({ id: claim.id, ...values });
      form.reset({ category: values.category, text: '' });
    },
  });
  return (
    <Stack as="section" gap="3" aria-labelledby="claim-notes">
      <Heading as="h2" size="md" id="claim-notes">
        یادداشت‌ها
      </Heading>
      <form onSubmit={form.submit} noValidate aria-label="یادداشت تازه">
        <HStack align="start" gap="3" wrap="wrap">
          <Box w="11rem">
            <SelectField control={form.control} name="category" label="دسته یادداشت" options={CATEGORY_OPTIONS} />
          </Box>
          <Stack flex="1" minW="16rem">
            <TextareaField control={form.control} name="text" label="متن یادداشت" required rows={2} />
          </Stack>
          <SubmitButton control={form.control} alignSelf="end">
            ثبت یادداشت
          </SubmitButton>
        </HStack>
      </form>
      {claim.notes.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">یادداشتی ثبت نشده است.</Text>
      ) : (
        <Stack gap="2" as="ul" listStyleType="none" aria-label="یادداشت‌های مطالبه">
          {claim.notes.map((n) => (
            <Stack as="li" key={n.id} gap="0" borderWidth="1px" borderRadius="md" p="2">
              <Text>
                <Text as="span" fontWeight="bold">
                  {LEASING_NOTE_CATEGORIES[n.category]}:
                </Text>{' '}
                {toPersianDigits(n.text)}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {n.author}، {formatJalaliDateTime(n.created_at)}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
