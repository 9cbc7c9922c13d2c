import { z } from 'zod';
import { PhotoSlotSchema, type PhotoSlot } from '../common/photos';
import { toLatinDigits, toPersianText } from '../common/digits';
import { textField } from '../common/fields';

// The tree an expert's report is made of (issue 32): sections → fields. A field's `key` is its
// stable identity: a rename changes the label, never the key, so reports, customisations and the
// merge of a master change follow a field by its key (decision 110).

export const FIELD_KINDS = ['choice', 'multi_choice', 'number', 'text', 'photo'] as const;
export const FieldKindSchema = z.enum(FIELD_KINDS, { error: 'نوع فیلد نامعتبر است' });
export type FieldKind = z.infer<typeof FieldKindSchema>;
export const FIELD_KIND_LABELS: Record<FieldKind, string> = {
  choice: 'تک‌گزینه‌ای',
  multi_choice: 'چندگزینه‌ای',
  number: 'عدد',
  text: 'متن',
  photo: 'عکس',
};

export const KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
const keyField = (what: string) => z.string({ error: `کلید ${what} نامعتبر است` }).regex(KEY_PATTERN, { error: `کلید ${what} با حرف لاتین کوچک شروع شود و فقط حرف، رقم و _ داشته باشد` });
const label = (what: string) => textField({ max: 120, message: `عنوان ${what} نامعتبر است` }).refine((t) => t.trim().length > 0, { error: `عنوان ${what} را بنویسید` });

export const FieldOptionSchema = z.object({ value: keyField('گزینه'), label: label('گزینه') });
export type FieldOption = z.infer<typeof FieldOptionSchema>;

export const SchemaFieldSchema = z.object({
  key: keyField('فیلد'),
  label: label('فیلد'),
  kind: FieldKindSchema,
  required: z.boolean(),
  options: z.array(FieldOptionSchema).max(30, { error: 'حداکثر ۳۰ گزینه' }).default([]),
  photo_slot: PhotoSlotSchema.nullable().default(null),
});
export type SchemaField = z.infer<typeof SchemaFieldSchema>;

export const SchemaSectionSchema = z.object({
  key: keyField('بخش'),
  title: label('بخش'),
  fields: z.array(SchemaFieldSchema).max(60, { error: 'حداکثر ۶۰ فیلد در هر بخش' }),
});
export type SchemaSection = z.infer<typeof SchemaSectionSchema>;

/** Where a tree is wrong, named as a person reads it: «بخش «بدنه»، فیلد «رنگ»: ...». */
export interface TreeProblem {
  path: (string | number)[];
  message: string;
}

const isChoice = (kind: FieldKind) => kind === 'choice' || kind === 'multi_choice';

/** The rules a shape alone cannot say; every message names the section and field. */
export function treeProblems(sections: readonly SchemaSection[]): TreeProblem[] {
  const problems: TreeProblem[] = [];
  if (sections.length === 0) problems.push({ path: [], message: 'اسکیما دست‌کم یک بخش لازم دارد' });
  const sectionKeys = new Set<string>();
  const fieldKeys = new Map<string, string>();
  const slots = new Map<PhotoSlot, string>();
  sections.forEach((section, s) => {
    const where = `بخش «${section.title}»`;
    if (sectionKeys.has(section.key)) problems.push({ path: [s, 'key'], message: `${where}: کلید «${section.key}» تکراری است` });
    sectionKeys.add(section.key);
    if (section.fields.length === 0) problems.push({ path: [s, 'fields'], message: `${where}: دست‌کم یک فیلد لازم است` });
    section.fields.forEach((field, f) => {
      const at = `${where}، فیلد «${field.label}»`;
      const other = fieldKeys.get(field.key);
      if (other !== undefined) problems.push({ path: [s, 'fields', f, 'key'], message: `${at}: کلید «${field.key}» را فیلد «${other}» هم دارد` });
      fieldKeys.set(field.key, field.label);
      if (isChoice(field.kind)) {
        if (field.options.length < 2) problems.push({ path: [s, 'fields', f, 'options'], message: `${at}: دست‌کم دو گزینه لازم است` });
        const values = field.options.map((o) => o.value);
        if (new Set(values).size !== values.length) problems.push({ path: [s, 'fields', f, 'options'], message: `${at}: مقدار گزینه‌ها تکراری است` });
      } else if (field.options.length > 0) problems.push({ path: [s, 'fields', f, 'options'], message: `${at}: فیلد ${FIELD_KIND_LABELS[field.kind]} گزینه ندارد` });
      if (field.kind === 'photo') {
        if (!field.photo_slot) problems.push({ path: [s, 'fields', f, 'photo_slot'], message: `${at}: جایگاه عکس را انتخاب کنید` });
        else if (slots.has(field.photo_slot)) problems.push({ path: [s, 'fields', f, 'photo_slot'], message: `${at}: این جایگاه عکس را فیلد «${slots.get(field.photo_slot)}» دارد` });
        else slots.set(field.photo_slot, field.label);
      } else if (field.photo_slot) problems.push({ path: [s, 'fields', f, 'photo_slot'], message: `${at}: فقط فیلد عکس جایگاه عکس دارد` });
    });
  });
  return problems;
}

export const SchemaTreeSchema = z.array(SchemaSectionSchema).superRefine((sections, ctx) => {
  for (const p of treeProblems(sections)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
});
export type SchemaTree = z.infer<typeof SchemaTreeSchema>;

/**
 * Persian written one way on save (issue 32): Arabic ي/ى/ك as Persian ی/ک, Arabic-Indic and Latin
 * digits as Persian ones, except inside a Latin code (a model name such as X22 keeps its digits).
 */
export function normalisePersian(text: string): string {
  return toPersianText(toLatinDigits(text.replace(/ي/g, 'ی').replace(/ى/g, 'ی').replace(/ك/g, 'ک').replace(/\u200c{2,}/g, '\u200c'))).trim();
}

export const normaliseField = (field: SchemaField): SchemaField => ({ ...field, label: normalisePersian(field.label), options: field.options.map((o) => ({ ...o, label: normalisePersian(o.label) })) });

export function normaliseTree(tree: SchemaTree): SchemaTree {
  return tree.map((section) => ({ ...section, title: normalisePersian(section.title), fields: section.fields.map(normaliseField) }));
}

/** Every field of a tree by key, with its section. */
export function fieldsByKey(tree: readonly SchemaSection[]): Map<string, { section: string; field: SchemaField }> {
  const map = new Map<string, { section: string; field: SchemaField }>();
  for (const section of tree) for (const field of section.fields) map.set(field.key, { section: section.key, field });
  return map;
}

/** Whether two fields say the same (whatever order their properties came back from the database in). */
export function sameField(a: SchemaField, b: SchemaField): boolean {
  const options = (f: SchemaField) => f.options.map((o) => `${o.value}=${o.label}`).join('|');
  return a.key === b.key && a.label === b.label && a.kind === b.kind && a.required === b.required && (a.photo_slot ?? null) === (b.photo_slot ?? null) && options(a) === options(b);
}

export type FieldChange = 'added' | 'removed' | 'renamed' | 'retyped' | 'changed';
export const FIELD_CHANGE_LABELS: Record<FieldChange, string> = {
  added: 'افزوده',
  removed: 'حذف',
  renamed: 'تغییر نام',
  retyped: 'تغییر نوع',
  changed: 'تغییر گزینه‌ها یا الزام',
};

export interface FieldDiff {
  key: string;
  label: string;
  change: FieldChange;
  before: SchemaField | null;
  after: SchemaField | null;
}

/** What changed field by field from `before` to `after` (by stable key; order alone is no change). */
export function diffTrees(before: readonly SchemaSection[], after: readonly SchemaSection[]): FieldDiff[] {
  const a = fieldsByKey(before);
  const b = fieldsByKey(after);
  const diffs: FieldDiff[] = [];
  for (const [key, { field }] of a) {
    const next = b.get(key)?.field;
    if (!next) diffs.push({ key, label: field.label, change: 'removed', before: field, after: null });
    else if (next.kind !== field.kind) diffs.push({ key, label: next.label, change: 'retyped', before: field, after: next });
    else if (next.label !== field.label) diffs.push({ key, label: next.label, change: 'renamed', before: field, after: next });
    else if (!sameField(next, field)) diffs.push({ key, label: next.label, change: 'changed', before: field, after: next });
  }
  for (const [key, { field }] of b) if (!a.has(key)) diffs.push({ key, label: field.label, change: 'added', before: null, after: field });
  return diffs;
}
