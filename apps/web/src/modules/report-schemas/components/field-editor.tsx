import { Box, Button, Checkbox, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { LuGripVertical, LuPlus, LuTrash2 } from 'react-icons/lu';
import { PHOTO_SLOT_LABELS, type PhotoSlot } from '@panel/contracts/common';
import { FIELD_KINDS, FIELD_KIND_LABELS, type FieldKind, type FieldOption } from '@panel/contracts/report-schemas';
import { NativeSelectField } from '@panel/ui';
import { retype, type EditorField } from './editor-model';

const KIND_OPTIONS = FIELD_KINDS.map((k) => ({ value: k, label: FIELD_KIND_LABELS[k] }));
const SLOT_OPTIONS = (Object.keys(PHOTO_SLOT_LABELS) as PhotoSlot[]).map((s) => ({ value: s, label: PHOTO_SLOT_LABELS[s] }));

/** The drag handle of a sortable row: a real button, so Space picks it up and the arrows move it (dnd-kit's keyboard sensor). */
export function DragHandle({ label, attributes, listeners }: { label: string; attributes: object; listeners: object | undefined }) {
  return (
    <IconButton aria-label={label} size="xs" variant="ghost" cursor="grab" {...attributes} {...listeners}>
      <LuGripVertical />
    </IconButton>
  );
}

function OptionsEditor({ options, onChange, error, fieldLabel }: { options: FieldOption[]; onChange: (o: FieldOption[]) => void; error?: string; fieldLabel: string }) {
  const set = (i: number, patch: Partial<FieldOption>) => onChange(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  const nextValue = () => {
    let n = options.length + 1;
    while (options.some((o) => o.value === `option_${n}`)) n += 1;
    return `option_${n}`;
  };
  return (
    <Stack gap="1" ps="2" borderStartWidth="2px" borderColor="border.muted">
      <Text textStyle="xs" color="fg.muted">
        گزینه‌ها
      </Text>
      {options.map((o, i) => (
        <HStack key={i} gap="2">
          <Input size="xs" value={o.label} onChange={(e) => set(i, { label: e.target.value })} aria-label={`عنوان گزینه ${i + 1} ${fieldLabel}`} placeholder="عنوان گزینه" maxW="14rem" />
          <Input size="xs" dir="ltr" data-ltr="" value={o.value} onChange={(e) => set(i, { value: e.target.value })} aria-label={`مقدار گزینه ${i + 1} ${fieldLabel}`} maxW="9rem" />
          <IconButton size="xs" variant="ghost" aria-label={`حذف گزینه ${i + 1} ${fieldLabel}`} onClick={() => onChange(options.filter((_, j) => j !== i))}>
            <LuTrash2 />
          </IconButton>
        </HStack>
      ))}
      <Box>
        <Button size="xs" variant="outline" onClick={() => onChange([...options, { value: nextValue(), label: '' }])}>
          <LuPlus /> افزودن گزینه
        </Button>
      </Box>
      {error && (
        <Text textStyle="xs" color="fg.error" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

export interface FieldEditorProps {
  field: EditorField;
  index: number;
  onChange: (field: EditorField) => void;
  onRemove: () => void;
  /** The Persian refusal of a property of this field (from the contract's check), if any. */
  errorOf: (property: string) => string | undefined;
}

/** One field of a section: sortable by its handle, its label, stable key, kind, requiredness, options or photo slot. */
export function FieldEditor({ field, index, onChange, onRemove, errorOf }: FieldEditorProps) {
  const sortable = useSortable({ id: field.uid });
  const name = field.label || `فیلد ${index + 1}`;
  return (
    <Box
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition }}
      borderWidth="1px"
      borderRadius="md"
      p="2"
      bg={sortable.isDragging ? 'bg.muted' : 'bg'}
      data-testid="schema-field"
    >
      <HStack align="start" gap="2" wrap="wrap">
        <DragHandle label={`جابجایی فیلد ${name}`} attributes={sortable.attributes} listeners={sortable.listeners} />
        <Field.Root invalid={!!errorOf('label')} maxW="16rem">
          <Field.Label textStyle="xs">عنوان فیلد</Field.Label>
          <Input size="sm" value={field.label} onChange={(e) => onChange({ ...field, label: e.target.value })} />
          <Field.ErrorText>{errorOf('label')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errorOf('key')} maxW="10rem">
          <Field.Label textStyle="xs">کلید (ثابت)</Field.Label>
          <Input size="sm" dir="ltr" data-ltr="" value={field.key} disabled={field.published} onChange={(e) => onChange({ ...field, key: e.target.value })} />
          <Field.ErrorText>{errorOf('key')}</Field.ErrorText>
        </Field.Root>
        <Box minW="9rem">
          <NativeSelectField label={`نوع فیلد ${name}`} value={field.kind} options={KIND_OPTIONS} onChange={(v) => onChange(retype(field, v as FieldKind))} />
        </Box>
        {field.kind === 'photo' && (
          <Box minW="9rem">
            <NativeSelectField label={`جایگاه عکس ${name}`} value={field.photo_slot ?? ''} placeholder="انتخاب جایگاه" options={SLOT_OPTIONS} onChange={(v) => onChange({ ...field, photo_slot: (v || null) as PhotoSlot | null })} />
            {errorOf('photo_slot') && (
              <Text textStyle="xs" color="fg.error" role="alert">
                {errorOf('photo_slot')}
              </Text>
            )}
          </Box>
        )}
        <Checkbox.Root checked={field.required} onCheckedChange={(e) => onChange({ ...field, required: e.checked === true })} alignSelf="end" pb="2">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>الزامی</Checkbox.Label>
        </Checkbox.Root>
        <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`حذف فیلد ${name}`} onClick={onRemove} alignSelf="end">
          <LuTrash2 />
        </IconButton>
      </HStack>
      {(field.kind === 'choice' || field.kind === 'multi_choice') && (
        <Box mt="2">
          <OptionsEditor options={field.options} onChange={(options) => onChange({ ...field, options })} error={errorOf('options')} fieldLabel={name} />
        </Box>
      )}
    </Box>
  );
}
