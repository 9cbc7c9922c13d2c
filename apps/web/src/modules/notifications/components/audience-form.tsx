import { useState } from 'react';
import { Badge, Box, CloseButton, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CITIES, EXPERT_LEVELS, EXPERT_LEVEL_LABELS, EXPERT_TYPES, EXPERT_TYPE_LABELS, TEHRAN_CITY_ID, toPersianDigits, type ExpertType } from '@panel/contracts/common';
import { NOTIFICATION_MESSAGES, SendExpertMessageInputSchema, describeAudience, isEmptyAudience, type ExpertAudience } from '@panel/contracts/notifications';
import { ConfirmDialog, MultiSelect, SearchPicker, SubmitButton, TextareaField, notify, useContractForm, type SelectOption } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

const CITY_OPTIONS: SelectOption[] = CITIES.map((c) => ({ value: String(c.id), label: c.name, group: c.id === TEHRAN_CITY_ID ? 'تهران' : 'سایر شهرها' }));
const LEVEL_OPTIONS: SelectOption[] = EXPERT_LEVELS.map((l) => ({ value: String(l), label: EXPERT_LEVEL_LABELS[l] }));
const TYPE_OPTIONS: SelectOption[] = EXPERT_TYPES.map((t) => ({ value: t, label: EXPERT_TYPE_LABELS[t] }));
const TextSchema = z.object({ text: SendExpertMessageInputSchema.shape.text });
const NONE: ExpertAudience = { cities: [], levels: [], types: [], experts: [] };

/** Picks experts by name, one at a time; the picked ones are listed as removable tags. */
function ExpertPicker({ picked, onChange }: { picked: { pk: number; name: string }[]; onChange: (next: { pk: number; name: string }[]) => void }) {
  const [search, setSearch] = useState('');
  const found = useQuery({ ...trpc.notifications.experts.queryOptions({ q: search }), placeholderData: keepPreviousData });
  const options = (found.data ?? []).filter((e) => !picked.some((p) => p.pk === e.pk)).map((e) => ({ value: String(e.pk), label: `${e.report_name} · ${e.city} · ${EXPERT_LEVEL_LABELS[e.level as 0] ?? ''}` }));
  return (
    <Stack gap="2">
      <SearchPicker
        label="افزودن کارشناس"
        placeholder="نام کارشناس"
        options={options}
        value={null}
        loading={found.isFetching}
        emptyText="کارشناسی یافت نشد."
        onSearch={setSearch}
        onChange={(value) => {
          const expert = found.data?.find((e) => String(e.pk) === value);
          if (expert) onChange([...picked, { pk: expert.pk, name: expert.report_name }]);
        }}
        width="18rem"
      />
      {picked.length > 0 && (
        <HStack gap="1" wrap="wrap" aria-label="کارشناسان انتخابی">
          {picked.map((p) => (
            <Badge key={p.pk} variant="subtle" colorPalette="green" size="lg" gap="1">
              {p.name}
              <CloseButton size="2xs" aria-label={`حذف ${p.name}`} onClick={() => onChange(picked.filter((x) => x.pk !== p.pk))} />
            </Badge>
          ))}
        </HStack>
      )}
    </Stack>
  );
}

/** The audience (cities, levels, types, picked experts) with the live recipient count, the text, and a confirmation naming the count. */
export function AudienceForm() {
  const queryClient = useQueryClient();
  const [audience, setAudience] = useState<ExpertAudience>(NONE);
  const [picked, setPicked] = useState<{ pk: number; name: string }[]>([]);
  const [audienceError, setAudienceError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ text: string; count: number } | null>(null);
  const full: ExpertAudience = { ...audience, experts: picked.map((p) => p.pk) };
  const empty = isEmptyAudience(full);
  const count = useQuery({ ...trpc.notifications.audienceCount.queryOptions(full), enabled: !empty, placeholderData: keepPreviousData });
  const recipients = empty ? 0 : count.data?.count;
  const send = useMutation(trpc.notifications.sendExpertMessage.mutationOptions({ onSettled: () => void queryClient.invalidateQueries() }));
  const form = useContractForm(TextSchema, {
    defaultValues: { text: '' },
    onSubmit: ({ text }) => {
      if (empty) return setAudienceError(NOTIFICATION_MESSAGES.emptyAudience);
      if (!recipients) return setAudienceError(NOTIFICATION_MESSAGES.noRecipients);
      setConfirming({ text, count: recipients });
    },
  });
  const change = (patch: Partial<ExpertAudience>) => {
    setAudienceError(null);
    setAudience({ ...audience, ...patch });
  };
  return (
    <Box as="section" aria-labelledby="expert-message-form" borderWidth="1px" borderRadius="md" p="4" mb="6">
      <Heading as="h2" size="md" id="expert-message-form" mb="3">
        پیام تازه
      </Heading>
      <form onSubmit={form.submit} noValidate aria-label="پیام به کارشناسان">
        <Stack gap="4">
          <Box as="fieldset" aria-describedby="audience-help">
            <Text as="legend" fontWeight="medium" fontSize="sm" mb="1.5">
              مخاطبان
            </Text>
            <HStack gap="3" wrap="wrap" align="start">
              <MultiSelect label="شهر" placeholder="همه شهرها" options={CITY_OPTIONS} groupOrder={['تهران', 'سایر شهرها']} value={audience.cities.map(String)} onChange={(v) => change({ cities: v.map(Number) })} />
              <MultiSelect label="سطح کارشناس" placeholder="همه سطح‌ها" options={LEVEL_OPTIONS} value={audience.levels.map(String)} onChange={(v) => change({ levels: v.map(Number) })} width="11rem" />
              <MultiSelect label="نوع کارشناس" placeholder="همه نوع‌ها" options={TYPE_OPTIONS} value={audience.types} onChange={(v) => change({ types: v as ExpertType[] })} />
              <ExpertPicker
                picked={picked}
                onChange={(next) => {
                  setAudienceError(null);
                  setPicked(next);
                }}
              />
            </HStack>
            <Text id="audience-help" fontSize="xs" color="fg.muted" mt="1.5">
              کارشناسانی که همه شرط‌های انتخاب‌شده را دارند، به‌اضافه کارشناسان انتخابی. بدون هیچ انتخابی پیامی فرستاده نمی‌شود.
            </Text>
            {audienceError && (
              <Text role="alert" fontSize="sm" color="fg.error" mt="1">
                {audienceError}
              </Text>
            )}
          </Box>
          <Text role="status" aria-live="polite" fontWeight="bold" data-testid="recipient-count">
            {empty ? 'هنوز مخاطبی انتخاب نشده است.' : recipients === undefined ? 'در حال شمارش گیرندگان...' : `گیرندگان: ${toPersianDigits(recipients)} کارشناس`}
          </Text>
          {!empty && <Text fontSize="sm" color="fg.muted">{describeAudience(full)}</Text>}
          <TextareaField control={form.control} name="text" label="متن پیام" required rows={4} />
          <HStack>
            <SubmitButton control={form.control}>ارسال پیام</SubmitButton>
          </HStack>
        </Stack>
      </form>
      {confirming && (
        <ConfirmDialog
          open
          onClose={() => setConfirming(null)}
          title="ارسال پیام به کارشناسان"
          message={`پیام برای ${toPersianDigits(confirming.count)} کارشناس فرستاده شود؟`}
          confirmLabel={`ارسال به ${toPersianDigits(confirming.count)} کارشناس`}
          onConfirm={async () => {
            const result = await send.mutateAsync({ text: confirming.text, audience: full, count: confirming.count });
            notify(result.message, 'success');
            setConfirming(null);
            form.reset({ text: '' });
            setAudience(NONE);
            setPicked([]);
          }}
        />
      )}
    </Box>
  );
}
