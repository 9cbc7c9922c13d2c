import { useState } from 'react';
import { Box, Button, HStack, Image, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BRAND_STATES, BRAND_WORKFLOW, BrandEditInputSchema, BrandInputSchema, type BrandAction, type ManagedBrand } from '@panel/contracts/brand-models';
import { toPersianDigits } from '@panel/contracts/common';
import { FormField, NativeSelectField, PanelDialog, SubmitForm, TextField, WorkflowActions, notify, useContractForm } from '@panel/ui';
import { MediaImageField } from '../../../lib/media-file-field';
import { useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { actionCall, useActionCalls } from '../../../lib/workflow-calls';
import { mergeActionProps } from './merge-actions';
import { useSaved } from './saved';

/** A brand made or edited: its names and logo. */
function BrandForm({ brand, onDone }: { brand: ManagedBrand | null; onDone: () => void }) {
  const saved = useSaved(onDone);
  const create = trpc.brandModels.createBrand;
  const edit = trpc.brandModels.editBrand;
  const form = useContractForm(brand ? BrandEditInputSchema : BrandInputSchema, {
    defaultValues: (brand
      ? { id: brand.brand_id, version: brand.version, name_fa: brand.brand_name, name_en: brand.brand_name_en, logo_media_id: brand.logo_media_id }
      : { name_fa: '', name_en: '', logo_media_id: null }) as never,
    onSubmit: async (values): Promise<void> => {
      await (brand ? saved(edit, values, form) : saved(create, values, form));
    },
  });
  return (
    <Box borderWidth="1px" borderRadius="md" p="3">
      <SubmitForm form={form} label={brand ? `ویرایش برند ${brand.brand_name}` : 'برند تازه'} submit={brand ? 'ذخیره برند' : 'ثبت برند'}>
        <HStack gap="3" align="start" wrap="wrap">
          <TextField control={form.control} name="name_fa" label="نام فارسی برند" required autoComplete="off" />
          <TextField control={form.control} name="name_en" label="نام لاتین برند" required dir="ltr" autoComplete="off" />
        </HStack>
        <FormField control={form.control} name="logo_media_id" label="لوگوی برند">
          {(field) => (
            <MediaImageField value={(field.value as number | null) ?? null} onChange={field.onChange} label="تصویر لوگو (JPEG، PNG یا WebP تا ۵ مگابایت)" alt="لوگوی برند" removeLabel="برداشتن لوگو" uploadLabel="بارگذاری لوگو" />
          )}
        </FormField>
      </SubmitForm>
    </Box>
  );
}

/** A brand's actions from `BRAND_WORKFLOW`: retire or restore, merge into another brand (a supervisor's, decision 127), undo its merge. */
function BrandActions({ brand, brands }: { brand: ManagedBrand; brands: ManagedBrand[] }) {
  const roles = useRoles();
  const [target, setTarget] = useState('');
  const { brand_id: id, version } = brand;
  const step = (action: 'retire' | 'restore') => actionCall(trpc.brandModels.brandState, (reason) => ({ id, version, action, reason }));
  const run = useActionCalls<BrandAction, { message: string }>(
    {
      retire: step('retire'),
      restore: step('restore'),
      merge: actionCall(trpc.brandModels.mergeBrand, (reason) => ({ id, version, target_id: Number(target), reason })),
      unmerge: actionCall(trpc.brandModels.undoMerge, () => ({ id: brand.open_merge_id ?? 0 })),
    },
    { onSuccess: (outcome) => notify(outcome.message, 'success') },
  );
  const targets = brands.filter((b) => b.state === 'active' && b.brand_id !== id).map((b) => ({ value: String(b.brand_id), label: toPersianDigits(b.brand_name) }));
  const keptName = brands.find((b) => b.brand_id === brand.merged_into)?.brand_name ?? '';
  return (
    <WorkflowActions
      workflow={BRAND_WORKFLOW}
      state={brand.state}
      roles={roles}
      {...mergeActionProps(run, Boolean(target), 'برند مقصد را انتخاب کنید.')}
      fields={{
        merge: (
          <Stack gap="2">
            <Text>
              {`«${toPersianDigits(brand.brand_name)}» در برند مقصد ادغام می‌شود و ${toPersianDigits(brand.model_count.toLocaleString('fa-IR'))} مدل آن به برند مقصد می‌رود. مدلی که در هر دو برند هست ادغام را بازمی‌دارد؛ ادغام برگشت‌پذیر است.`}
            </Text>
            <NativeSelectField label="برند مقصد (برندی که می‌ماند)" value={target} onChange={setTarget} options={targets} placeholder="انتخاب برند مقصد" />
          </Stack>
        ),
        unmerge: <Text>{`مدل‌ها و رکوردهایی که با ادغام به «${toPersianDigits(keptName)}» رفتند به این برند برمی‌گردند.`}</Text>,
      }}
    />
  );
}

/** The brands: each with its logo, models and state; a new brand, an edit, retire or restore. */
export function BrandsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const brands = useQuery({ ...trpc.brandModels.managedBrands.queryOptions(), enabled: open });
  const [editing, setEditing] = useState<ManagedBrand | null>(null);
  const queryClient = useQueryClient();
  const rows = brands.data ?? [];
  return (
    <PanelDialog open={open} onClose={onClose} size="xl" title="برندها">
      <Stack gap="4">
        <BrandForm key={editing ? `${editing.brand_id}:${editing.version}` : 'new'} brand={editing} onDone={() => { setEditing(null); void queryClient.invalidateQueries(); }} />
        {editing && (
          <Button size="sm" variant="ghost" alignSelf="start" onClick={() => setEditing(null)}>
            انصراف از ویرایش و ثبت برند تازه
          </Button>
        )}
        <Box maxH="26rem" overflowY="auto" tabIndex={0} role="region" aria-label="فهرست برندها">
          <Table.Root size="sm" aria-label="برندها" stickyHeader>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>لوگو</Table.ColumnHeader>
                <Table.ColumnHeader>برند</Table.ColumnHeader>
                <Table.ColumnHeader>مدل‌ها</Table.ColumnHeader>
                <Table.ColumnHeader>وضعیت</Table.ColumnHeader>
                <Table.ColumnHeader>اقدام‌ها</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((b) => (
                <Table.Row key={b.brand_id}>
                  <Table.Cell>{b.logo_url ? <Image src={b.logo_url} alt={`لوگوی ${b.brand_name}`} maxH="8" maxW="12" objectFit="contain" /> : '—'}</Table.Cell>
                  <Table.Cell>
                    <Text>{toPersianDigits(b.brand_name)}</Text>
                    <Text textStyle="xs" color="fg.muted" dir="ltr" textAlign="right">{b.brand_name_en}</Text>
                  </Table.Cell>
                  <Table.Cell>{toPersianDigits(b.model_count)}</Table.Cell>
                  <Table.Cell>{b.state === 'merged' ? `${BRAND_STATES.merged} در «${toPersianDigits(rows.find((k) => k.brand_id === b.merged_into)?.brand_name ?? '')}»` : BRAND_STATES[b.state]}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="2" wrap="wrap">
                      {b.state !== 'merged' && <Button size="sm" variant="outline" onClick={() => setEditing(b)} aria-label={`ویرایش برند ${b.brand_name}`}>ویرایش</Button>}
                      <BrandActions key={`${b.brand_id}:${b.version}`} brand={b} brands={rows} />
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Stack>
    </PanelDialog>
  );
}
