import { z } from 'zod';
import { fieldsByKey, sameField, SchemaFieldSchema, treeProblems, type SchemaField, type SchemaTree } from './report-schemas.tree';

// A brand-model customisation is a patch over one master version (decision 110): fields hidden
// by key and fields added into a section by its key. "Sync with master" is a three-way merge of
// the master's base version, the master's latest version and the patch; it lists what changes
// and the conflicts, field by field, and nothing is applied until every conflict is resolved.

export const SchemaPatchSchema = z.object({
  hidden: z.array(z.string()).max(200).default([]),
  added: z.array(z.object({ section: z.string(), field: SchemaFieldSchema })).max(60, { error: 'حداکثر ۶۰ فیلد افزوده' }).default([]),
});
export type SchemaPatch = z.infer<typeof SchemaPatchSchema>;

/** The master tree with the patch applied: what an expert fills for that brand-model. */
export function applyPatch(master: SchemaTree, patch: SchemaPatch): SchemaTree {
  const hidden = new Set(patch.hidden);
  return master.map((section) => ({
    ...section,
    fields: [...section.fields.filter((f) => !hidden.has(f.key)), ...patch.added.filter((a) => a.section === section.key).map((a) => a.field)],
  }));
}

/** Refusals of a patch against its master, each naming the field (Persian). */
export function patchProblems(master: SchemaTree, patch: SchemaPatch): string[] {
  const known = fieldsByKey(master);
  const sections = new Set(master.map((s) => s.key));
  const problems: string[] = [];
  for (const key of patch.hidden) if (!known.has(key)) problems.push(`فیلد «${key}» در اسکیمای اصلی نیست که پنهان شود`);
  for (const a of patch.added) {
    if (!sections.has(a.section)) problems.push(`فیلد «${a.field.label}»: بخش «${a.section}» در اسکیمای اصلی نیست`);
    if (known.has(a.field.key) && !patch.hidden.includes(a.field.key)) problems.push(`فیلد «${a.field.label}»: کلید «${a.field.key}» در اسکیمای اصلی هست`);
  }
  const effective = applyPatch(master, patch);
  if (effective.every((s) => s.fields.length === 0)) problems.push('همه فیلدها پنهان شده‌اند');
  // Hiding may empty a section; that is allowed. Every other tree rule holds for the result.
  for (const p of treeProblems(effective)) if (!p.message.endsWith('دست‌کم یک فیلد لازم است')) problems.push(p.message);
  return problems;
}

export const CONFLICT_KINDS = ['hidden_changed', 'added_clash', 'added_section_gone'] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];
export const CONFLICT_LABELS: Record<ConflictKind, { what: string; ours: string; theirs: string }> = {
  hidden_changed: { what: 'فیلدی که پنهان کرده‌اید در اسکیمای اصلی تغییر کرده است', ours: 'پنهان بماند', theirs: 'نسخه تازه نشان داده شود' },
  added_clash: { what: 'اسکیمای اصلی فیلدی با همین کلید افزوده است', ours: 'فیلد افزوده شما بماند', theirs: 'فیلد اسکیمای اصلی' },
  added_section_gone: { what: 'بخشی که فیلد را در آن افزوده‌اید از اسکیمای اصلی حذف شده است', ours: 'به بخش آخر برود', theirs: 'فیلد افزوده حذف شود' },
};

export const ResolutionSchema = z.enum(['ours', 'theirs'], { error: 'یکی از دو راه را انتخاب کنید' });
export type Resolution = z.infer<typeof ResolutionSchema>;

export interface MergeConflict {
  key: string;
  label: string;
  kind: ConflictKind;
  ours: SchemaField | null;
  theirs: SchemaField | null;
}

export interface MergeChange {
  key: string;
  label: string;
  /** What the master did, applied without asking. */
  change: 'added' | 'removed' | 'changed' | 'hide_dropped';
}

export interface MergePlan {
  changes: MergeChange[];
  conflicts: MergeConflict[];
}

/** The three-way merge: `base` is the master version the patch was made on, `theirs` the master's latest. */
export function planMerge(base: SchemaTree, theirs: SchemaTree, patch: SchemaPatch): MergePlan {
  const b = fieldsByKey(base);
  const t = fieldsByKey(theirs);
  const hidden = new Set(patch.hidden);
  const added = new Set(patch.added.map((a) => a.field.key));
  const changes: MergeChange[] = [];
  const conflicts: MergeConflict[] = [];
  const theirSections = new Set(theirs.map((s) => s.key));
  for (const [key, { field }] of b) {
    const next = t.get(key)?.field;
    if (!next) changes.push({ key, label: field.label, change: hidden.has(key) ? 'hide_dropped' : 'removed' });
    else if (!sameField(next, field)) {
      if (hidden.has(key)) conflicts.push({ key, label: next.label, kind: 'hidden_changed', ours: null, theirs: next });
      else changes.push({ key, label: next.label, change: 'changed' });
    }
  }
  for (const [key, { field }] of t) {
    if (b.has(key)) continue;
    if (added.has(key)) conflicts.push({ key, label: field.label, kind: 'added_clash', ours: patch.added.find((a) => a.field.key === key)!.field, theirs: field });
    else changes.push({ key, label: field.label, change: 'added' });
  }
  for (const a of patch.added) {
    if (!theirSections.has(a.section) && !t.has(a.field.key)) conflicts.push({ key: a.field.key, label: a.field.label, kind: 'added_section_gone', ours: a.field, theirs: null });
  }
  return { changes, conflicts };
}

/** The patch rebased onto `theirs`, each conflict resolved as chosen; a missing choice is refused by the caller. */
export function rebasePatch(theirs: SchemaTree, patch: SchemaPatch, plan: MergePlan, resolutions: Record<string, Resolution>): SchemaPatch {
  const t = fieldsByKey(theirs);
  const choice = new Map(plan.conflicts.map((c) => [c.key, resolutions[c.key]]));
  const hidden = patch.hidden.filter((key) => t.has(key) && choice.get(key) !== 'theirs');
  const lastSection = theirs.at(-1)?.key;
  const added: SchemaPatch['added'] = [];
  for (const a of patch.added) {
    const conflict = plan.conflicts.find((c) => c.key === a.field.key);
    if (!conflict) added.push(a);
    else if (conflict.kind === 'added_clash' && choice.get(a.field.key) === 'ours') {
      // Theirs is hidden so the customised one keeps its own field under the same key.
      hidden.push(a.field.key);
      added.push(a);
    } else if (conflict.kind === 'added_section_gone' && choice.get(a.field.key) === 'ours' && lastSection) added.push({ section: lastSection, field: a.field });
  }
  return { hidden, added };
}
