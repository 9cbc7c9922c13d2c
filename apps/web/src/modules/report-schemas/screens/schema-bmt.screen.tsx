import { useMemo, useState } from 'react';
import { Alert, Box, Button, Checkbox, Grid, Heading, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { toPersianDigits } from '@panel/contracts/common';
import { applyPatch, FIELD_KIND_LABELS, REPORT_SCHEMAS_ACCESS, type Customisation, type FieldKind, type SchemaPatch } from '@panel/contracts/report-schemas';
import { NativeSelectField, TitledPage, notify } from '@panel/ui';
import { BrandModelPicker } from '../../../lib/brand-model-picker';
import { useCan } from '../../../lib/session';
import { trpc, userMessage } from '../../../lib/trpc';
import { SchemaPreview } from '../components/schema-preview';
import { SyncDialog } from '../components/sync-dialog';

const ADD_KINDS = (['choice', 'multi_choice', 'number', 'text'] as const).map((k) => ({ value: k, label: FIELD_KIND_LABELS[k] }));
const CHOICES = [{ value: 'ok', label: 'سالم' }, { value: 'damaged', label: 'آسیب دیده' }];

function AddField({ section, taken, onAdd }: { section: string; taken: Set<string>; onAdd: (a: SchemaPatch['added'][number]) => void }) {
  const [label, setLabel] = useState('');
  const [kind, setKind] = useState<FieldKind>('choice');
  const add = () => {
    let n = 1;
    while (taken.has(`custom_${n}`)) n += 1;
    const choice = kind === 'choice' || kind === 'multi_choice';
    onAdd({ section, field: { key: `custom_${n}`, label: label.trim(), kind, required: false, options: choice ? CHOICES : [], photo_slot: null } });
    setLabel('');
  };
  return (
    <HStack gap="2" align="end" wrap="wrap">
      <Box>
        <chakra.label textStyle="xs" display="block" htmlFor={`add-${section}`}>
          عنوان فیلد افزوده
        </chakra.label>
        <Input id={`add-${section}`} size="sm" value={label} onChange={(e) => setLabel(e.target.value)} maxW="14rem" />
      </Box>
      <Box minW="9rem">
        <NativeSelectField label="نوع" value={kind} options={ADD_KINDS} onChange={(v) => setKind(v as FieldKind)} />
      </Box>
      <Button size="sm" variant="outline" onClick={add} disabled={!label.trim()}>
        افزودن به این بخش
      </Button>
    </HStack>
  );
}

/** Hide or add fields over the master version; the effective schema beside it; save and sync. */
function Customise({ custom }: { custom: Customisation }) {
  const canChange = useCan(REPORT_SCHEMAS_ACCESS.change);
  const [patch, setPatch] = useState<SchemaPatch>(custom.patch);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);
  const save = useMutation(trpc.reportSchemas.saveCustomisation.mutationOptions({ meta: { silent: true } }));
  const effective = useMemo(() => applyPatch(custom.master, patch), [custom.master, patch]);
  const taken = new Set([...custom.master.flatMap((s) => s.fields.map((f) => f.key)), ...patch.added.map((a) => a.field.key)]);
  const hide = (key: string, hidden: boolean) => setPatch((p) => ({ ...p, hidden: hidden ? [...p.hidden, key] : p.hidden.filter((k) => k !== key) }));
  const behind = custom.base_version !== null && custom.base_version < custom.master_version;
  const submit = async () => {
    setRefusal(null);
    try {
      notify((await save.mutateAsync({ id: custom.schema_id, model_id: custom.model_id, row_version: custom.row_version, patch })).message, 'success');
    } catch (error) {
      setRefusal(userMessage(error));
    }
  };
  return (
    <Stack gap="4">
      <Text>{custom.base_version === null ? `هنوز سفارشی نشده؛ روی نسخه ${toPersianDigits(custom.master_version)} اسکیمای اصلی ساخته می‌شود.` : `سفارشی‌سازی روی نسخه ${toPersianDigits(custom.base_version)} اسکیمای اصلی.`}</Text>
      {behind && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{`اسکیمای اصلی به نسخه ${toPersianDigits(custom.master_version)} رسیده است.`}</Alert.Title>
          {canChange && (
            <Button size="xs" ms="auto" onClick={() => setSyncing(true)}>
              هم‌گامی با اسکیمای اصلی
            </Button>
          )}
        </Alert.Root>
      )}
      {refusal && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{refusal}</Alert.Title>
        </Alert.Root>
      )}
      <Grid templateColumns={{ base: '1fr', xl: '1fr 1fr' }} gap="6" alignItems="start">
        <Stack gap="4" as="section" aria-label="سفارشی‌سازی">
          {custom.master.map((section) => (
            <Box key={section.key} borderWidth="1px" borderRadius="lg" p="3">
              <Heading as="h3" size="sm" mb="2">
                {section.title}
              </Heading>
              <Stack gap="1" mb="3">
                {section.fields.map((f) => (
                  <Checkbox.Root key={f.key} checked={!patch.hidden.includes(f.key)} onCheckedChange={(e) => hide(f.key, e.checked !== true)} disabled={!canChange}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{`${f.label} (${FIELD_KIND_LABELS[f.kind]})`}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
                {patch.added.filter((a) => a.section === section.key).map((a) => (
                  <HStack key={a.field.key} gap="2">
                    <Text textStyle="sm">{`افزوده: ${a.field.label} (${FIELD_KIND_LABELS[a.field.kind]})`}</Text>
                    <Button size="2xs" variant="ghost" colorPalette="red" onClick={() => setPatch((p) => ({ ...p, added: p.added.filter((x) => x.field.key !== a.field.key) }))}>
                      {`حذف ${a.field.label}`}
                    </Button>
                  </HStack>
                ))}
              </Stack>
              {canChange && <AddField section={section.key} taken={taken} onAdd={(a) => setPatch((p) => ({ ...p, added: [...p.added, a] }))} />}
            </Box>
          ))}
          {canChange && (
            <Box>
              <Button colorPalette="green" onClick={submit} loading={save.isPending}>
                ذخیره سفارشی‌سازی
              </Button>
            </Box>
          )}
        </Stack>
        <SchemaPreview tree={effective} name="effective" title={`اسکیمای نهایی برای ${custom.model_name}`} />
      </Grid>
      {syncing && <SyncDialog custom={custom} onClose={() => setSyncing(false)} />}
    </Stack>
  );
}

/** /panel/inspection/schema/bmt (issue 32): a schema customised for one brand-model (§3 brand-model selection), its effective form shown. */
export function SchemaBmtScreen() {
  const [params, setParams] = useSearchParams();
  const schemaId = Number(params.get('schema')) || null;
  const modelId = Number(params.get('model')) || null;
  const [modelName, setModelName] = useState<string | null>(null);
  const schemas = useQuery(trpc.reportSchemas.list.queryOptions({ search: undefined, active: null, vehicleType: undefined, sort: 'name', isAscending: true, page: 1, pageSize: 100 }));
  const ready = schemaId !== null && modelId !== null;
  const custom = useQuery({ ...trpc.reportSchemas.customisation.queryOptions({ id: schemaId ?? 0, model_id: modelId ?? 0 }), enabled: ready });
  const modelLabel = modelName ?? custom.data?.model_name ?? '';
  const set = (key: string, value: string | null) => setParams((p) => {
    const next = new URLSearchParams(p);
    if (value) next.set(key, value);
    else next.delete(key);
    return next;
  });
  return (
    <TitledPage title="اسکیمای برند و مدل" maxW="90rem">
      <HStack gap="4" align="end" wrap="wrap" mb="5">
        <Box minW="18rem">
          <NativeSelectField
            label="اسکیمای اصلی"
            value={schemaId === null ? '' : String(schemaId)}
            placeholder="انتخاب اسکیما"
            options={(schemas.data?.results ?? []).map((s) => ({ value: String(s.id), label: `${s.name} (نسخه ${toPersianDigits(s.version)})` }))}
            onChange={(v) => set('schema', v || null)}
          />
        </Box>
        {/* Keyed by the name shown: a model read from the address shows its name once it is loaded. */}
        <BrandModelPicker
          key={modelLabel}
          label="برند و مدل خودرو"
          value={modelId === null ? null : { model_id: modelId, full_name: modelLabel }}
          onChange={(m) => {
            setModelName(m?.full_name ?? null);
            set('model', m ? String(m.model_id) : null);
          }}
          width="22rem"
        />
      </HStack>
      {!ready && <Text color="fg.muted">اسکیما و برند و مدل خودرو را انتخاب کنید.</Text>}
      {ready && custom.isPending && <Text>در حال بارگذاری…</Text>}
      {ready && custom.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{userMessage(custom.error)}</Alert.Title>
        </Alert.Root>
      )}
      {custom.data && <Customise key={`${custom.data.schema_id}-${custom.data.model_id}-${custom.data.row_version}-${custom.data.master_version}`} custom={custom.data} />}
    </TitledPage>
  );
}
