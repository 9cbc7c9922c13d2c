import { useState } from 'react';
import { CloseButton, SimpleGrid, Stack, Tag, Text, Wrap } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { CMS_MAX_TAGS, CmsContentFieldsSchema, type CmsContent, type CmsContentFields, type CmsTag } from '@panel/contracts/cms';
import { toPersianDigits } from '@panel/contracts/common';
import { FormField, SelectField, SubmitForm, TextField, useContractForm } from '@panel/ui';
import { BrandModelPicker } from '../../../lib/brand-model-picker';
import { MediaImageField } from '../../../lib/media-file-field';
import { trpc } from '../../../lib/trpc';
import { categoryLabels } from './category-tree';
import { RichTextEditor } from './rich-text-editor';

/** The body a new item starts with: one empty right-to-left paragraph. */
const EMPTY_BODY = '<p dir="rtl"></p>';

/** The brand-model tags: picked one at a time from the catalogue, removed by their ×. */
function TagsField({ tags, onChange }: { tags: CmsTag[]; onChange: (tags: CmsTag[]) => void }) {
  return (
    <Stack gap="2">
      <BrandModelPicker
        label="برچسب برند و مدل"
        value={null}
        disabled={tags.length >= CMS_MAX_TAGS}
        onChange={(model) => model && !tags.some((t) => t.model_id === model.model_id) && onChange([...tags, { model_id: model.model_id, full_name: model.full_name }])}
      />
      <Wrap gap="2" aria-label="برچسب‌های خودرو" role="list">
        {tags.length === 0 && (
          <Text textStyle="sm" color="fg.muted">
            برچسبی انتخاب نشده است.
          </Text>
        )}
        {tags.map((t) => (
          <Tag.Root key={t.model_id} role="listitem" size="lg" variant="subtle">
            <Tag.Label>{toPersianDigits(t.full_name)}</Tag.Label>
            <Tag.EndElement>
              <CloseButton size="2xs" aria-label={`برداشتن برچسب ${t.full_name}`} onClick={() => onChange(tags.filter((x) => x.model_id !== t.model_id))} />
            </Tag.EndElement>
          </Tag.Root>
        ))}
      </Wrap>
    </Stack>
  );
}

/**
 * A content item's fields: title, category, cover, brand-model tags and the rich-text body. The
 * contract schema checks them here and the gateway again (normalising and sanitising them).
 */
export function ContentForm({ item, label, submitLabel, onSubmit }: { item?: CmsContent; label: string; submitLabel: string; onSubmit: (fields: CmsContentFields) => Promise<unknown> }) {
  const tree = useQuery(trpc.cms.categories.queryOptions());
  const [tags, setTags] = useState<CmsTag[]>(item?.tags ?? []);
  const form = useContractForm(CmsContentFieldsSchema, {
    defaultValues: {
      title: item?.title ?? '',
      body: item?.body ?? EMPTY_BODY,
      category_id: item ? String(item.category_id) : '',
      cover_media_id: item?.cover_media_id ?? null,
      model_ids: item?.tags.map((t) => t.model_id) ?? [],
    },
    onSubmit,
  });
  const { control, setValue, watch } = form;
  const options = categoryLabels(tree.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.label }));
  const changeTags = (next: CmsTag[]) => {
    setTags(next);
    setValue('model_ids', next.map((t) => t.model_id), { shouldDirty: true });
  };
  return (
    <SubmitForm form={form} label={label} submit={submitLabel}>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
        <TextField control={control} name="title" label="عنوان" required autoComplete="off" />
        <SelectField control={control} name="category_id" label="دسته‌بندی" placeholder="انتخاب دسته‌بندی" options={options} required />
        <MediaImageField
          cover
          value={(watch('cover_media_id') as number | null) ?? null}
          onChange={(id) => setValue('cover_media_id', id, { shouldDirty: true })}
          label="تصویر کاور (JPEG، PNG یا WebP تا ۵ مگابایت)"
          alt="تصویر کاور"
          removeLabel="برداشتن کاور"
          uploadLabel="بارگذاری کاور"
        />
        <TagsField tags={tags} onChange={changeTags} />
      </SimpleGrid>
      <FormField control={control} name="body" label="متن محتوا" required>
        {(field) => <RichTextEditor initial={String(field.value ?? EMPTY_BODY)} onChange={field.onChange} onBlur={field.onBlur} label="متن محتوا" />}
      </FormField>
    </SubmitForm>
  );
}
