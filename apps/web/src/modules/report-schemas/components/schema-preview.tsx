import { Box, Heading, HStack, Input, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { LuCamera } from 'react-icons/lu';
import { PHOTO_SLOT_LABELS, toPersianDigits } from '@panel/contracts/common';
import type { SchemaField, SchemaTree } from '@panel/contracts/report-schemas';

const Fieldset = chakra('fieldset');
const Legend = chakra('legend');

function Required({ on }: { on: boolean }) {
  return on ? (
    <Text as="span" color="fg.error" aria-label="الزامی">
      {' *'}
    </Text>
  ) : null;
}

function PreviewField({ field, name }: { field: SchemaField; name: string }) {
  const id = `${name}-${field.key}`;
  if (field.kind === 'choice' || field.kind === 'multi_choice') {
    return (
      <Fieldset borderWidth="0" p="0" m="0">
        <Legend textStyle="sm" fontWeight="medium" mb="1">
          {field.label}
          <Required on={field.required} />
          {field.kind === 'multi_choice' && <Text as="span" color="fg.muted" textStyle="xs">{' (چند گزینه)'}</Text>}
        </Legend>
        <HStack gap="4" wrap="wrap">
          {field.options.map((o) => (
            <chakra.label key={o.value} display="inline-flex" alignItems="center" gap="1.5" textStyle="sm">
              <input type={field.kind === 'choice' ? 'radio' : 'checkbox'} name={id} value={o.value} />
              {o.label}
            </chakra.label>
          ))}
        </HStack>
      </Fieldset>
    );
  }
  if (field.kind === 'photo') {
    return (
      <Box>
        <Text textStyle="sm" fontWeight="medium" mb="1">
          {field.label}
          <Required on={field.required} />
        </Text>
        <HStack borderWidth="1px" borderStyle="dashed" borderRadius="md" p="3" gap="2" color="fg.muted" maxW="20rem">
          <LuCamera aria-hidden />
          <Text textStyle="sm">{`عکس «${field.photo_slot ? PHOTO_SLOT_LABELS[field.photo_slot] : 'بدون جایگاه'}»`}</Text>
        </HStack>
      </Box>
    );
  }
  return (
    <Box>
      <chakra.label htmlFor={id} textStyle="sm" fontWeight="medium" display="block" mb="1">
        {field.label}
        <Required on={field.required} />
      </chakra.label>
      {field.kind === 'number' ? <Input id={id} size="sm" inputMode="numeric" maxW="14rem" /> : <Textarea id={id} size="sm" rows={2} maxW="32rem" />}
    </Box>
  );
}

/** The form an expert fills for `tree`, right to left, section by section (nothing is sent). */
export function SchemaPreview({ tree, name = 'preview', title = 'پیش‌نمایش فرم کارشناس' }: { tree: SchemaTree; name?: string; title?: string }) {
  const count = tree.reduce((n, s) => n + s.fields.length, 0);
  return (
    <Box as="form" dir="rtl" aria-label={title} onSubmit={(e: React.FormEvent) => e.preventDefault()}>
      <Heading as="h2" size="md" mb="1">
        {title}
      </Heading>
      <Text textStyle="sm" color="fg.muted" mb="3">
        {`${toPersianDigits(tree.length)} بخش، ${toPersianDigits(count)} فیلد`}
      </Text>
      <Stack gap="4">
        {tree.map((section) => (
          <Box key={section.key} borderWidth="1px" borderRadius="lg" p="4">
            <Heading as="h3" size="sm" mb="3">
              {section.title}
            </Heading>
            <Stack gap="3">
              {section.fields.length === 0 ? <Text color="fg.muted">این بخش فیلدی ندارد.</Text> : section.fields.map((f) => <PreviewField key={f.key} field={f} name={name} />)}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
