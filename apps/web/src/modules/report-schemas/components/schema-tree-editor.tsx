import { Box, Button, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { toPersianDigits } from '@panel/contracts/common';
import { move, newField, newSection, type EditorField, type EditorSection } from './editor-model';
import { DragHandle, FieldEditor } from './field-editor';

/** The Persian words of dnd-kit's live region: what a screen reader hears while a row moves by keyboard. */
const SCREEN_READER = { draggable: 'برای جابجایی، فاصله را بزنید؛ با کلیدهای جهت جابجا کنید؛ فاصله دوباره جا می‌اندازد و Escape لغو می‌کند.' };
const position = (id: unknown, ids: readonly string[]) => toPersianDigits(ids.indexOf(String(id)) + 1);
const announcements = (ids: readonly string[]): Announcements => ({
  onDragStart: ({ active }) => `ردیف ${position(active.id, ids)} برداشته شد.`,
  onDragOver: ({ over }) => (over ? `روی جای ${position(over.id, ids)}.` : 'بیرون از فهرست.'),
  onDragEnd: ({ over }) => (over ? `در جای ${position(over.id, ids)} گذاشته شد.` : 'جابجایی لغو شد.'),
  onDragCancel: () => 'جابجایی لغو شد.',
});

function useRowSensors() {
  return useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
}

/** Reorders `list` when a row of it was dropped on another. */
function reorder<T extends { uid: string }>(list: readonly T[], event: DragEndEvent): T[] | null {
  const { active, over } = event;
  if (!over || active.id === over.id) return null;
  const from = list.findIndex((x) => x.uid === active.id);
  const to = list.findIndex((x) => x.uid === over.id);
  return from < 0 || to < 0 ? null : move(list, from, to);
}

interface SectionProps {
  section: EditorSection;
  index: number;
  all: readonly EditorSection[];
  onChange: (section: EditorSection) => void;
  onRemove: () => void;
  errorOf: (path: (string | number)[]) => string | undefined;
}

function SectionEditor({ section, index, all, onChange, onRemove, errorOf }: SectionProps) {
  const sortable = useSortable({ id: section.uid });
  const sensors = useRowSensors();
  const ids = section.fields.map((f) => f.uid);
  const name = section.title || `بخش ${toPersianDigits(index + 1)}`;
  const setField = (i: number, field: EditorField) => onChange({ ...section, fields: section.fields.map((f, j) => (j === i ? field : f)) });
  return (
    <Box
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition }}
      as="section"
      aria-label={`بخش ${name}`}
      borderWidth="1px"
      borderRadius="lg"
      p="3"
      bg="bg.subtle"
      data-testid="schema-section"
    >
      <HStack gap="2" mb="3" align="end" wrap="wrap">
        <DragHandle label={`جابجایی بخش ${name}`} attributes={sortable.attributes} listeners={sortable.listeners} />
        <Field.Root invalid={!!errorOf([index, 'title'])} maxW="18rem">
          <Field.Label>عنوان بخش</Field.Label>
          <Input size="sm" value={section.title} onChange={(e) => onChange({ ...section, title: e.target.value })} />
          <Field.ErrorText>{errorOf([index, 'title'])}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errorOf([index, 'key'])} maxW="10rem">
          <Field.Label>کلید بخش</Field.Label>
          <Input size="sm" dir="ltr" data-ltr="" value={section.key} disabled={section.published} onChange={(e) => onChange({ ...section, key: e.target.value })} />
          <Field.ErrorText>{errorOf([index, 'key'])}</Field.ErrorText>
        </Field.Root>
        <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`حذف بخش ${name}`} onClick={onRemove}>
          <LuTrash2 />
        </IconButton>
      </HStack>
      <DndContext sensors={sensors} collisionDetection={closestCenter} accessibility={{ announcements: announcements(ids), screenReaderInstructions: SCREEN_READER }} onDragEnd={(e) => {
        const fields = reorder(section.fields, e);
        if (fields) onChange({ ...section, fields });
      }}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Stack gap="2">
            {section.fields.map((field, i) => (
              <FieldEditor
                key={field.uid}
                field={field}
                index={i}
                onChange={(f) => setField(i, f)}
                onRemove={() => onChange({ ...section, fields: section.fields.filter((_, j) => j !== i) })}
                errorOf={(property) => errorOf([index, 'fields', i, property])}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      {errorOf([index, 'fields']) && (
        <Text textStyle="sm" color="fg.error" role="alert" mt="2">
          {errorOf([index, 'fields'])}
        </Text>
      )}
      <Button size="xs" variant="outline" mt="3" onClick={() => onChange({ ...section, fields: [...section.fields, newField(all)] })}>
        <LuPlus /> افزودن فیلد به {name}
      </Button>
    </Box>
  );
}

export interface SchemaTreeEditorProps {
  sections: EditorSection[];
  onChange: (sections: EditorSection[]) => void;
  /** The refusal at a path of the tree (`[0, 'fields', 1, 'photo_slot']`), from the contract's check. */
  errorOf: (path: (string | number)[]) => string | undefined;
}

/** Sections → fields: add, remove, reorder by dragging or by keyboard (Space, arrows, Space), edit every property. */
export function SchemaTreeEditor({ sections, onChange, errorOf }: SchemaTreeEditorProps) {
  const sensors = useRowSensors();
  const ids = sections.map((s) => s.uid);
  return (
    <Stack gap="3">
      <DndContext sensors={sensors} collisionDetection={closestCenter} accessibility={{ announcements: announcements(ids), screenReaderInstructions: SCREEN_READER }} onDragEnd={(e) => {
        const next = reorder(sections, e);
        if (next) onChange(next);
      }}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          {sections.map((section, i) => (
            <SectionEditor
              key={section.uid}
              section={section}
              index={i}
              all={sections}
              onChange={(s) => onChange(sections.map((x, j) => (j === i ? s : x)))}
              onRemove={() => onChange(sections.filter((_, j) => j !== i))}
              errorOf={errorOf}
            />
          ))}
        </SortableContext>
      </DndContext>
      <Box>
        <Button size="sm" variant="outline" onClick={() => onChange([...sections, newSection(sections)])}>
          <LuPlus /> افزودن بخش
        </Button>
      </Box>
    </Stack>
  );
}
