import type { FieldKind, SchemaField, SchemaSection, SchemaTree } from '@panel/contracts/report-schemas';

// The editor's working copy of a tree: each section and field carries a `uid` (its identity while
// dragged, whatever its key is while typed) and whether its key was published already (a
// published key never changes: decision 110).

export interface EditorField extends SchemaField {
  uid: string;
  published: boolean;
}
export interface EditorSection extends Omit<SchemaSection, 'fields'> {
  uid: string;
  published: boolean;
  fields: EditorField[];
}

let counter = 0;
const uid = (prefix: string) => `${prefix}-${++counter}`;

export function toEditor(tree: SchemaTree, published = true): EditorSection[] {
  return tree.map((s) => ({ ...s, uid: uid('s'), published, fields: s.fields.map((f) => ({ ...f, uid: uid('f'), published })) }));
}

export function fromEditor(sections: readonly EditorSection[]): SchemaTree {
  return sections.map(({ uid: _u, published: _p, fields, ...s }) => ({ ...s, fields: fields.map(({ uid: _fu, published: _fp, ...f }) => f) }));
}

/** A key no other section or field of the tree has: `field_3`, `section_2`. */
export function freshKey(sections: readonly EditorSection[], prefix: 'field' | 'section'): string {
  const taken = new Set(sections.flatMap((s) => [s.key, ...s.fields.map((f) => f.key)]));
  let n = 1;
  while (taken.has(`${prefix}_${n}`)) n += 1;
  return `${prefix}_${n}`;
}

export function newField(sections: readonly EditorSection[], kind: FieldKind = 'choice'): EditorField {
  return {
    uid: uid('f'),
    published: false,
    key: freshKey(sections, 'field'),
    label: '',
    kind,
    required: true,
    options: kind === 'choice' || kind === 'multi_choice' ? [{ value: 'ok', label: 'سالم' }, { value: 'damaged', label: 'آسیب دیده' }] : [],
    photo_slot: null,
  };
}

export function newSection(sections: readonly EditorSection[]): EditorSection {
  return { uid: uid('s'), published: false, key: freshKey(sections, 'section'), title: '', fields: [] };
}

/** A field turned to another kind: options kept only for choices, the photo slot only for photos. */
export function retype(field: EditorField, kind: FieldKind): EditorField {
  const choice = kind === 'choice' || kind === 'multi_choice';
  return { ...field, kind, options: choice ? (field.options.length ? field.options : [{ value: 'ok', label: 'سالم' }, { value: 'damaged', label: 'آسیب دیده' }]) : [], photo_slot: kind === 'photo' ? field.photo_slot : null };
}

export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
