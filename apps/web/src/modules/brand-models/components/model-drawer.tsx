import { useState } from 'react';
import { Box, Button, Field, HStack, Image, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import {
  BRAND_MODELS_ACCESS,
  CAR_BODY_TYPE_LABELS,
  ENTRY_STATES,
  FILE_KINDS,
  MODEL_WORKFLOW,
  MappingInputSchema,
  NAME_SOURCES,
  TYPE_WORKFLOW,
  TypeEditInputSchema,
  TypeInputSchema,
  type CatalogueModel,
  type CarType,
  type EntryAction,
  type ModelAction,
  type ModelDetail,
} from '@panel/contracts/brand-models';
import { VEHICLE_TYPE_LABELS, formatJalaliDateTime, optionsOf, toPersianDigits } from '@panel/contracts/common';
import {
  ConfirmDialog,
  DetailGroups,
  DialogForm,
  HistoryTimeline,
  NativeSelectField,
  PanelDialog,
  SelectField,
  EntityDrawer,
  SubmitButton,
  SubmitForm,
  TextField,
  WorkflowActions,
  actionLogEntries,
  notify,
  useContractForm,
  type DetailGroup,
} from '@panel/ui';
import { BrandModelPicker } from '../../../lib/brand-model-picker';
import { MediaFileField } from '../../../lib/media-file-field';
import { uploadToMediaStore } from '../../../lib/media-upload';
import { useCan, useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { actionCall, useActionCalls } from '../../../lib/workflow-calls';
import { modelStateText, yearsText } from './catalogue-columns';
import { ModelFormDialog } from './model-form-dialog';
import { mergeActionProps } from './merge-actions';
import { useSaved } from './saved';

const GROUPS: DetailGroup<ModelDetail>[] = [
  {
    title: 'شناسه',
    fields: [
      { label: 'برند', value: (m) => toPersianDigits(m.brand_name) },
      { label: 'مدل', value: (m) => toPersianDigits(m.model_name) },
      { label: 'نام لاتین', value: (m) => m.model_name_en, ltr: true },
      { label: 'لوگو', value: (m) => m.logo_url && <Image src={m.logo_url} alt={`لوگوی ${m.full_name}`} maxH="12" maxW="24" objectFit="contain" /> },
    ],
  },
  {
    title: 'مشخصات',
    fields: [
      { label: 'بدنه', value: (m) => CAR_BODY_TYPE_LABELS[m.body_type] },
      { label: 'نوع وسیله', value: (m) => VEHICLE_TYPE_LABELS[m.vehicle_type] },
      { label: 'سال‌های تولید', value: yearsText },
      { label: 'وارداتی', value: (m) => (m.is_imported ? 'بله' : 'خیر') },
    ],
  },
  {
    title: 'وضعیت',
    fields: [
      { label: 'وضعیت', value: modelStateText },
      { label: 'آخرین تغییر', value: (m) => formatJalaliDateTime(m.updated_at) },
    ],
  },
];

const HISTORY_LABELS = {
  workflow: MODEL_WORKFLOW,
  extra: {
    create: 'ثبت مدل',
    edit: 'ویرایش',
    absorb: 'ادغام مدل دیگر در این مدل',
    release: 'برگرداندن ادغام مدل دیگر',
    add_type: 'افزودن تیپ',
    edit_type: 'ویرایش تیپ',
    retire_type: 'بایگانی تیپ',
    restore_type: 'فعال‌سازی دوباره تیپ',
    add_mapping: 'افزودن نام بیرونی',
    remove_mapping: 'حذف نام بیرونی',
    add_file: 'افزودن فایل',
    remove_file: 'حذف فایل',
  },
};

const SOURCE_OPTIONS = Object.entries(NAME_SOURCES)
  .filter(([value]) => value !== 'catalogue')
  .map(([value, label]) => ({ value, label }));

/** The model's own actions: retire or restore, merge into another (a supervisor's), undo its merge. */
function ModelActions({ model }: { model: ModelDetail }) {
  const roles = useRoles();
  const [target, setTarget] = useState<CatalogueModel | null>(null);
  const { model_id: id, version } = model;
  const step = (action: 'retire' | 'restore') => actionCall(trpc.brandModels.modelState, (reason) => ({ id, version, action, reason }));
  const run = useActionCalls<ModelAction, { message: string }>(
    {
      retire: step('retire'),
      restore: step('restore'),
      merge: actionCall(trpc.brandModels.merge, (reason) => {
        if (!target) throw new Error('مدل مقصد را انتخاب کنید.');
        return { id, version, target_id: target.model_id, reason };
      }),
      unmerge: actionCall(trpc.brandModels.undoMerge, () => ({ id: model.open_merge?.id ?? 0 })),
    },
    { onSuccess: (outcome) => notify(outcome.message, 'success') },
  );
  const moving = model.usage.reduce((sum, u) => sum + u.count, 0);
  return (
    <WorkflowActions
      workflow={MODEL_WORKFLOW}
      state={model.state}
      roles={roles}
      {...mergeActionProps(run, Boolean(target), 'مدل مقصد را انتخاب کنید.')}
      fields={{
        merge: (
          <Stack gap="2">
            <Text>
              {`«${toPersianDigits(model.full_name)}» در مدل مقصد ادغام می‌شود و ${toPersianDigits(moving.toLocaleString('fa-IR'))} رکورد وابسته به آن می‌رود. رکوردها نام ثبت‌شده خود را نگه می‌دارند و ادغام برگشت‌پذیر است.`}
            </Text>
            {/* A visible label, tied to the picker's input by the field's ids. */}
            <Field.Root>
              <Field.Label>مدل مقصد (مدلی که می‌ماند)</Field.Label>
              <BrandModelPicker label="مدل مقصد (مدلی که می‌ماند)" value={target} onChange={setTarget} portalled={false} />
            </Field.Root>
          </Stack>
        ),
        unmerge: <Text>{`رکوردهایی که با ادغام به «${toPersianDigits(model.merged_into_name ?? '')}» رفتند به این مدل برمی‌گردند.`}</Text>,
      }}
    />
  );
}

/** A type renamed (its names and years), version-checked by the gateway; a refusal stays beside the field. */
function TypeRenameForm({ type, onClose }: { type: CarType; onClose: () => void }) {
  const saved = useSaved(onClose);
  const form = useContractForm(TypeEditInputSchema, {
    defaultValues: { id: type.id, version: type.version, name_fa: type.name_fa, name_en: type.name_en, year_from: type.year_from ?? '', year_to: type.year_to ?? '' } as never,
    onSubmit: async (values): Promise<void> => {
      await saved(trpc.brandModels.editType, values, form);
    },
  });
  return (
    <DialogForm title={`تغییر نام تیپ «${toPersianDigits(type.name_fa)}»`} onSubmit={form.submit} onCancel={onClose} submit={<SubmitButton control={form.control}>ذخیره نام</SubmitButton>}>
      <Stack gap="3">
        <TextField control={form.control} name="name_fa" label="نام تازه تیپ" required autoComplete="off" />
        <TextField control={form.control} name="name_en" label="نام لاتین تیپ" dir="ltr" autoComplete="off" />
        <HStack gap="3" align="start">
          <TextField control={form.control} name="year_from" label="از سال" inputMode="numeric" autoComplete="off" width="7rem" />
          <TextField control={form.control} name="year_to" label="تا سال" inputMode="numeric" autoComplete="off" width="7rem" />
        </HStack>
      </Stack>
    </DialogForm>
  );
}

function TypeActions({ type }: { type: CarType }) {
  const roles = useRoles();
  const [renaming, setRenaming] = useState(false);
  const step = (action: EntryAction) => actionCall(trpc.brandModels.typeState, (reason) => ({ id: type.id, version: type.version, action, reason }));
  const run = useActionCalls<EntryAction, { message: string }>({ retire: step('retire'), restore: step('restore') }, { onSuccess: (outcome) => notify(outcome.message, 'success') });
  return (
    <HStack gap="2" wrap="wrap">
      <Button size="sm" variant="outline" onClick={() => setRenaming(true)} aria-label={`تغییر نام تیپ ${toPersianDigits(type.name_fa)}`}>
        تغییر نام
      </Button>
      <WorkflowActions workflow={TYPE_WORKFLOW} state={type.state} roles={roles} onRun={run} destructive={['retire']} />
      <PanelDialog open={renaming} onClose={() => setRenaming(false)} size="md">
        {renaming && <TypeRenameForm type={type} onClose={() => setRenaming(false)} />}
      </PanelDialog>
    </HStack>
  );
}

function Types({ model, canManage }: { model: ModelDetail; canManage: boolean }) {
  const saved = useSaved(() => form.reset());
  const form = useContractForm(TypeInputSchema, {
    defaultValues: { model_id: model.model_id, name_fa: '', name_en: '', year_from: '', year_to: '' } as never,
    onSubmit: async (values): Promise<void> => {
      await saved(trpc.brandModels.createType, values, form);
    },
  });
  return (
    <Stack gap="2" as="section" aria-label="تیپ‌ها">
      <Text fontWeight="bold">تیپ‌ها</Text>
      {model.types.length === 0 ? (
        <Text color="fg.muted">هنوز تیپی ثبت نشده است.</Text>
      ) : (
        <Table.Root size="sm" aria-label="تیپ‌های مدل">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>تیپ</Table.ColumnHeader>
              <Table.ColumnHeader>سال‌ها</Table.ColumnHeader>
              <Table.ColumnHeader>وضعیت</Table.ColumnHeader>
              {canManage && <Table.ColumnHeader>اقدام</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {model.types.map((t) => (
              <Table.Row key={t.id}>
                <Table.Cell>{toPersianDigits(t.name_fa)}</Table.Cell>
                <Table.Cell>{yearsText(t)}</Table.Cell>
                <Table.Cell>{ENTRY_STATES[t.state]}</Table.Cell>
                {canManage && (
                  <Table.Cell>
                    <TypeActions key={`${t.id}:${t.version}`} type={t} />
                  </Table.Cell>
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {canManage && model.state === 'active' && (
        <Box borderWidth="1px" borderRadius="md" p="3">
          <SubmitForm form={form} label="افزودن تیپ" submit="افزودن تیپ">
            <HStack gap="3" align="start" wrap="wrap">
              <TextField control={form.control} name="name_fa" label="نام تیپ" required autoComplete="off" placeholder="اتوماتیک" />
              <TextField control={form.control} name="year_from" label="از سال" inputMode="numeric" autoComplete="off" width="7rem" />
              <TextField control={form.control} name="year_to" label="تا سال" inputMode="numeric" autoComplete="off" width="7rem" />
            </HStack>
          </SubmitForm>
        </Box>
      )}
    </Stack>
  );
}

function Mappings({ model, canManage }: { model: ModelDetail; canManage: boolean }) {
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const saved = useSaved(() => form.reset());
  const remove = useSaved();
  const form = useContractForm(MappingInputSchema, {
    defaultValues: { model_id: model.model_id, source: 'divar', external_name: '' } as never,
    onSubmit: async (values): Promise<void> => {
      await saved(trpc.brandModels.addMapping, values, form);
    },
  });
  return (
    <Stack gap="2" as="section" aria-label="نام‌های بیرونی">
      <Text fontWeight="bold">نام‌های بیرونی</Text>
      {model.mappings.length === 0 ? (
        <Text color="fg.muted">نام بیرونی‌ای به این مدل نگاشت نشده است.</Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none">
          {model.mappings.map((m) => (
            <HStack as="li" key={m.id} gap="2" justify="space-between">
              <Text>{`${NAME_SOURCES[m.source]}: «${toPersianDigits(m.external_name)}»`}</Text>
              {canManage && (
                <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRemoving({ id: m.id, name: m.external_name })} aria-label={`حذف نام بیرونی ${m.external_name}`}>
                  حذف
                </Button>
              )}
            </HStack>
          ))}
        </Stack>
      )}
      {canManage && model.state === 'active' && (
        <Box borderWidth="1px" borderRadius="md" p="3">
          <SubmitForm form={form} label="افزودن نام بیرونی" submit="افزودن نام">
            <HStack gap="3" align="start" wrap="wrap">
              <SelectField control={form.control} name="source" label="منبع" options={SOURCE_OPTIONS} required portalled={false} width="10rem" />
              <TextField control={form.control} name="external_name" label="نام در آن منبع" required autoComplete="off" placeholder="پژو ۲۰۶ تیپ ۲" />
            </HStack>
          </SubmitForm>
        </Box>
      )}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="حذف نام بیرونی"
        message={removing && `نام «${toPersianDigits(removing.name)}» دیگر به این مدل نمی‌رسد.`}
        confirmLabel="حذف"
        destructive
        onConfirm={() => remove(trpc.brandModels.removeMapping, { id: removing!.id })}
      />
    </Stack>
  );
}

function Files({ model, canManage }: { model: ModelDetail; canManage: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<'file' | 'other'>('file');
  const [busy, setBusy] = useState(false);
  const saved = useSaved();
  const add = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const mediaId = await uploadToMediaStore(file);
      await saved(trpc.brandModels.addFile, { model_id: model.model_id, media_id: mediaId, kind });
      setFile(null);
    } catch (error) {
      if (error instanceof Error && !('data' in error)) notify(error.message, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="2" as="section" aria-label="فایل‌ها">
      <Text fontWeight="bold">فایل‌ها</Text>
      {model.files.length === 0 ? (
        <Text color="fg.muted">فایلی افزوده نشده است.</Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none">
          {model.files.map((f) => (
            <HStack as="li" key={f.id} gap="2" justify="space-between">
              <Link href={f.url} target="_blank" rel="noreferrer" colorPalette="green">{`${FILE_KINDS[f.kind]}: ${toPersianDigits(f.name)}`}</Link>
              {canManage && (
                <Button size="xs" variant="outline" colorPalette="red" onClick={() => void saved(trpc.brandModels.removeFile, { id: f.id })} aria-label={`حذف فایل ${f.name}`}>
                  حذف
                </Button>
              )}
            </HStack>
          ))}
        </Stack>
      )}
      {canManage && model.state === 'active' && (
        <HStack gap="3" align="end" wrap="wrap" borderWidth="1px" borderRadius="md" p="3">
          <MediaFileField file={file} onChange={setFile} />
          <NativeSelectField label="نوع" value={kind} onChange={(v) => setKind(v as 'file' | 'other')} options={optionsOf(FILE_KINDS)} />
          <Button size="sm" disabled={!file} loading={busy} onClick={() => void add()}>
            افزودن فایل
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

function Usage({ model }: { model: ModelDetail }) {
  const used = model.usage.filter((u) => u.count > 0);
  return (
    <Stack gap="2" as="section" aria-label="رکوردهای وابسته">
      <Text fontWeight="bold">رکوردهای وابسته</Text>
      {used.length === 0 ? (
        <Text color="fg.muted">رکوردی به این مدل اشاره نمی‌کند.</Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none">
          {used.map((u) => (
            <Text as="li" key={`${u.table}.${u.column}`}>{`${u.label}: ${toPersianDigits(u.count.toLocaleString('fa-IR'))}`}</Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One model: its fields, logo, types, external names, files, what points at it, its actions and history. */
export function ModelDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const canManage = useCan(BRAND_MODELS_ACCESS.manage);
  const [editing, setEditing] = useState(false);
  const detail = useQuery({ ...trpc.brandModels.detail.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const history = useQuery({ ...trpc.brandModels.history.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const model = detail.data;
  return (
    <EntityDrawer open={id !== null} onClose={onClose} entity={model} noun="مدل" code={(m) => toPersianDigits(m.full_name)} state={modelStateText} width={80}>
      {(model) => (
        <>
          {canManage && (
            <HStack gap="2" flexWrap="wrap" role="group" aria-label="اقدام‌های مدل">
              {model.state !== 'merged' && (
                <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                  ویرایش مدل
                </Button>
              )}
              <ModelActions key={`${model.model_id}:${model.version}`} model={model} />
            </HStack>
          )}
          <DetailGroups item={model} groups={GROUPS} columns={1} size="sm" />
          <Usage model={model} />
          <Types key={`types:${model.model_id}`} model={model} canManage={canManage} />
          <Mappings key={`names:${model.model_id}`} model={model} canManage={canManage} />
          <Files model={model} canManage={canManage} />
          <HistoryTimeline title="تاریخچه مدل" entries={actionLogEntries(history.data ?? [], HISTORY_LABELS)} emptyText="هنوز رویدادی ثبت نشده است." />
          <ModelFormDialog open={editing} model={model} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />
        </>
      )}
    </EntityDrawer>
  );
}
