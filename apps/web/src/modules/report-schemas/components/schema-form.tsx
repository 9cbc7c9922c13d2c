import { useMemo, useState } from 'react';
import { Alert, Box, Button, Checkbox, Field, HStack, Input, List, Stack, Tabs, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toPersianDigits, VEHICLE_TYPE_LABELS, VehicleTypeSchema, type VehicleType } from '@panel/contracts/common';
import { CreateReportSchemaInputSchema, FIELD_CHANGE_LABELS, type FieldImpact, type ReportSchemaDetail } from '@panel/contracts/report-schemas';
import { ConfirmDialog, notify } from '@panel/ui';
import { trpc, userMessage } from '../../../lib/trpc';
import { fromEditor, newField, newSection, toEditor, type EditorSection } from './editor-model';
import { SchemaPreview } from './schema-preview';
import { SchemaTreeEditor } from './schema-tree-editor';

const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('.');

function starter(): EditorSection[] {
  const first = newSection([]);
  return [{ ...first, fields: [newField([first])] }];
}

function ImpactList({ impact }: { impact: FieldImpact[] }) {
  if (impact.length === 0) return <Text>هیچ فیلدی حذف، جابجا یا دگرگون نشده است؛ گزارش‌های پیشین دست نمی‌خورند.</Text>;
  return (
    <Stack gap="2">
      <Text>گزارش‌های پر شده روی نسخه خود می‌مانند. این تغییرها در نسخه تازه اثر دارند:</Text>
      <List.Root ps="4" gap="1">
        {impact.map((i) => (
          <List.Item key={i.key}>{`«${i.label}» (${FIELD_CHANGE_LABELS[i.change]}): ${toPersianDigits(i.in_progress)} کارشناسی در جریان، ${toPersianDigits(i.done)} گزارش پر شده`}</List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}

/** The schema's name, slug, vehicle types and tree, with the expert's form previewed; saving makes a new version. */
export function SchemaForm({ schema }: { schema?: ReportSchemaDetail }) {
  const navigate = useNavigate();
  const [name, setName] = useState(schema?.name ?? '');
  const [slug, setSlug] = useState(schema?.slug ?? '');
  const [types, setTypes] = useState<VehicleType[]>(schema?.vehicle_types ?? ['light_car']);
  const [sections, setSections] = useState<EditorSection[]>(() => (schema ? toEditor(schema.tree) : starter()));
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [refusal, setRefusal] = useState<string | null>(null);
  const [impact, setImpact] = useState<FieldImpact[] | null>(null);
  const tree = useMemo(() => fromEditor(sections), [sections]);
  const meta = { meta: { silent: true } };
  const create = useMutation(trpc.reportSchemas.create.mutationOptions(meta));
  const update = useMutation(trpc.reportSchemas.update.mutationOptions(meta));
  const measure = useMutation(trpc.reportSchemas.impact.mutationOptions(meta));

  const errorOf = (path: (string | number)[]) => errors.get(pathKey(['tree', ...path]));
  const input = { name, slug: slug.trim(), vehicle_types: types, tree };

  const check = () => {
    const parsed = CreateReportSchemaInputSchema.safeParse(input);
    setRefusal(null);
    if (parsed.success) {
      setErrors(new Map());
      return parsed.data;
    }
    setErrors(new Map(parsed.error.issues.map((i) => [pathKey(i.path), i.message])));
    return null;
  };

  const save = async () => {
    const valid = check();
    if (!valid) return;
    try {
      if (!schema) {
        const created = await create.mutateAsync(valid);
        notify(created.message, 'success');
        navigate(`/panel/inspection/schema/${created.id}`);
      } else setImpact(await measure.mutateAsync({ id: schema.id, tree: valid.tree }));
    } catch (error) {
      setRefusal(userMessage(error));
    }
  };

  const publish = async (note: string) => {
    try {
      const saved = await update.mutateAsync({ ...input, id: schema!.id, base_version: schema!.version, note });
      notify(saved.message, 'success');
    } catch (error) {
      setRefusal(userMessage(error));
      throw error;
    }
  };

  const messages = [...errors.values()];
  return (
    <Stack gap="4">
      <HStack gap="4" align="start" wrap="wrap">
        <Field.Root invalid={errors.has('name')} required maxW="22rem">
          <Field.Label>نام اسکیما</Field.Label>
          <Input value={name} onChange={(e) => setName(e.target.value)} />
          <Field.ErrorText>{errors.get('name')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={errors.has('slug')} required maxW="16rem">
          <Field.Label>شناسه (slug)</Field.Label>
          <Input dir="ltr" data-ltr="" value={slug} onChange={(e) => setSlug(e.target.value)} placeholder="light-car-basic" />
          <Field.ErrorText>{errors.get('slug')}</Field.ErrorText>
        </Field.Root>
        <Box as="fieldset" aria-invalid={errors.has('vehicle_types') || undefined}>
          <Text as="legend" textStyle="sm" fontWeight="medium" mb="2">
            انواع خودرو
          </Text>
          <HStack gap="4">
            {VehicleTypeSchema.options.map((t) => (
              <Checkbox.Root key={t} checked={types.includes(t)} onCheckedChange={(e) => setTypes((list) => (e.checked === true ? [...list, t] : list.filter((x) => x !== t)))}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{VEHICLE_TYPE_LABELS[t]}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
          {errors.get('vehicle_types') && (
            <Text textStyle="xs" color="fg.error">
              {errors.get('vehicle_types')}
            </Text>
          )}
        </Box>
      </HStack>

      {(messages.length > 0 || refusal) && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{refusal ?? 'اسکیما ذخیره نشد؛ این موارد را درست کنید:'}</Alert.Title>
            {messages.length > 0 && (
              <Alert.Description>
                <List.Root ps="4">
                  {messages.map((m) => (
                    <List.Item key={m}>{m}</List.Item>
                  ))}
                </List.Root>
              </Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
      )}

      <Tabs.Root defaultValue="edit" variant="enclosed">
        <Tabs.List>
          <Tabs.Trigger value="edit">ویرایش بخش‌ها و فیلدها</Tabs.Trigger>
          <Tabs.Trigger value="preview">پیش‌نمایش</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="edit">
          <SchemaTreeEditor sections={sections} onChange={setSections} errorOf={errorOf} />
        </Tabs.Content>
        <Tabs.Content value="preview">
          <SchemaPreview tree={tree} />
        </Tabs.Content>
      </Tabs.Root>

      <Box>
        <Button colorPalette="green" onClick={save} loading={create.isPending || measure.isPending}>
          {schema ? 'ذخیره نسخه تازه' : 'ساخت اسکیما'}
        </Button>
      </Box>
      <ConfirmDialog
        open={impact !== null}
        onClose={() => setImpact(null)}
        title={`انتشار نسخه ${toPersianDigits((schema?.version ?? 0) + 1)}`}
        message={impact && <ImpactList impact={impact} />}
        confirmLabel="انتشار نسخه تازه"
        reason="optional"
        reasonLabel="یادداشت نسخه"
        onConfirm={publish}
      />
    </Stack>
  );
}
