import { describe, expect, it } from 'vitest';
import { applyPatch, diffTrees, normaliseTree, patchProblems, planMerge, rebasePatch, reportSchemasListFilter, SchemaTreeSchema, type SchemaTree } from './index';

const field = (key: string, label: string, kind: 'choice' | 'text' | 'photo' | 'number' = 'text', extra = {}) => ({ key, label, kind, required: true, options: kind === 'choice' ? [{ value: 'ok', label: 'سالم' }, { value: 'bad', label: 'معیوب' }] : [], photo_slot: null, ...extra });
const tree: SchemaTree = [
  { key: 'body', title: 'بدنه', fields: [field('paint', 'رنگ', 'choice'), field('front_photo', 'عکس جلو', 'photo', { photo_slot: 'front' })] },
  { key: 'engine', title: 'موتور', fields: [field('mileage', 'کارکرد', 'number'), field('notes', 'توضیح')] },
];

describe('the schema list filter', () => {
  it('is active by default (§9) and reads a shared link leniently', () => {
    const { value, dropped } = reportSchemasListFilter.parse({ search: 'سبک', sort: 'nonsense', page: '2' });
    expect(value).toMatchObject({ search: 'سبک', active: true, sort: 'updated_at', isAscending: false, page: 2, pageSize: 20 });
    expect(dropped).toEqual(['sort']);
    expect(reportSchemasListFilter.toQuery(value)).toEqual({ search: 'سبک', page: '2' });
    expect(reportSchemasListFilter.parse({ active: '' }).value.active).toBeNull();
  });
});

describe('the schema tree', () => {
  it('accepts a good tree and names the section and field of each fault in Persian', () => {
    expect(SchemaTreeSchema.safeParse(tree).success).toBe(true);
    const bad = structuredClone(tree);
    bad[0]!.fields[1]!.photo_slot = null;
    bad[1]!.fields[1]!.key = 'paint';
    const issues = SchemaTreeSchema.safeParse(bad).error!.issues.map((i) => i.message);
    expect(issues).toContain('بخش «بدنه»، فیلد «عکس جلو»: جایگاه عکس را انتخاب کنید');
    expect(issues).toContain('بخش «موتور»، فیلد «توضیح»: کلید «paint» را فیلد «رنگ» هم دارد');
    expect(SchemaTreeSchema.safeParse([]).error!.issues[0]!.message).toBe('اسکیما دست‌کم یک بخش لازم دارد');
  });

  it('writes Persian one way on save and diffs by stable key', () => {
    const arabic = structuredClone(tree);
    arabic[0]!.title = 'بدنه كامل ي 2 \u0662 X22';
    expect(normaliseTree(arabic)[0]!.title).toBe('بدنه کامل ی ۲ ۲ X22');
    const next = structuredClone(tree);
    next[0]!.fields[0]!.label = 'رنگ بدنه';
    next[1]!.fields[0]!.kind = 'text';
    next[1]!.fields.pop();
    next.reverse();
    expect(diffTrees(tree, next).map((d) => [d.key, d.change])).toEqual([['paint', 'renamed'], ['mileage', 'retyped'], ['notes', 'removed']]);
  });
});

describe('customisation as a patch and sync as a three-way merge', () => {
  const patch = { hidden: ['notes'], added: [{ section: 'body', field: field('roof', 'سقف') }] };

  it('applies a patch and refuses one that names what is not there', () => {
    expect(applyPatch(tree, patch)[0]!.fields.map((f) => f.key)).toEqual(['paint', 'front_photo', 'roof']);
    expect(applyPatch(tree, patch)[1]!.fields.map((f) => f.key)).toEqual(['mileage']);
    expect(patchProblems(tree, { hidden: ['ghost'], added: [] })).toEqual(['فیلد «ghost» در اسکیمای اصلی نیست که پنهان شود']);
  });

  it('applies what does not clash and asks, field by field, about what does', () => {
    const theirs = structuredClone(tree);
    theirs[1]!.fields[1]!.label = 'توضیحات کارشناس'; // the hidden field changed: a conflict
    theirs[0]!.fields.push(field('roof', 'سقف خودرو')); // the same key the patch added: a conflict
    theirs[1]!.fields.push(field('gearbox', 'گیربکس')); // plain addition
    const plan = planMerge(tree, theirs, patch);
    expect(plan.changes).toEqual([{ key: 'gearbox', label: 'گیربکس', change: 'added' }]);
    expect(plan.conflicts.map((c) => [c.key, c.kind])).toEqual([['notes', 'hidden_changed'], ['roof', 'added_clash']]);
    const rebased = rebasePatch(theirs, patch, plan, { notes: 'theirs', roof: 'ours' });
    expect(rebased).toEqual({ hidden: ['roof'], added: patch.added });
    expect(patchProblems(theirs, rebased)).toEqual([]);
    const effective = applyPatch(theirs, rebased);
    expect(effective[1]!.fields.map((f) => f.key)).toEqual(['mileage', 'notes', 'gearbox']);
    expect(effective[0]!.fields.find((f) => f.key === 'roof')!.label).toBe('سقف');
  });
});
