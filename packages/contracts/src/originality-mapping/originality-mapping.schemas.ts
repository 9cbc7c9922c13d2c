import { z } from 'zod';
import { textField, toPersianDigits, wholeNumberField, codesOf } from '../common';

// The originality map (issue 16, /panel/originality-mapping, decision 085): which label a car
// post or sale shows for the body findings of its inspection report. The map is an ordered list
// of rules (part × finding → label, with a priority); a post's label is the label of the matching
// rule with the highest priority, and the "no finding" rule's label when the report found nothing.
// Every signed-in user reads it; staff edit it, one whole map at a time, with a version check.

/** The inspection report's body parts (the keys car posts store in `body_findings`). */
export const BODY_PARTS = {
  hood: 'کاپوت',
  roof: 'سقف',
  trunk: 'درب صندوق عقب',
  front_fender_right: 'گلگیر جلو راست',
  front_fender_left: 'گلگیر جلو چپ',
  rear_fender_right: 'گلگیر عقب راست',
  rear_fender_left: 'گلگیر عقب چپ',
  front_door_right: 'درب جلو راست',
  front_door_left: 'درب جلو چپ',
  rear_door_right: 'درب عقب راست',
  rear_door_left: 'درب عقب چپ',
} as const;
export type BodyPart = keyof typeof BODY_PARTS;
/** A rule's part: one body part, or '*' for any part. */
export const ANY_PART = '*';
export const RULE_PARTS = { [ANY_PART]: 'هر قطعه', ...BODY_PARTS } as const;
export type RulePart = keyof typeof RULE_PARTS;
export const RULE_PART_LIST = codesOf(RULE_PARTS);

/** The report's findings per part, and 'none' for a report that found nothing. */
export const BODY_FINDINGS = {
  none: 'بدون یافته',
  painted: 'رنگ‌شدگی',
  smoothed: 'صافکاری',
  damaged: 'آسیب‌دیدگی',
  changed: 'تعویض',
} as const;
export type BodyFinding = keyof typeof BODY_FINDINGS;
export const BODY_FINDING_LIST = codesOf(BODY_FINDINGS);

export const ORIGINALITY_MESSAGES = {
  part: 'قطعه را از فهرست انتخاب کنید.',
  finding: 'یافته را از فهرست انتخاب کنید.',
  label: 'برچسب اصالت را بنویسید (۲ تا ۶۰ نویسه).',
  priority: 'اولویت باید عددی از ۱ تا ۱۰۰۰ باشد.',
  noneOnlyAnyPart: 'قاعده «بدون یافته» فقط برای «هر قطعه» است.',
  noneNeeded: 'نگاشت باید یک قاعده «بدون یافته» داشته باشد تا خودروی بدون یافته هم برچسب بگیرد.',
  tooMany: 'نگاشت حداکثر ۱۰۰ قاعده دارد.',
  stale: 'کاربر دیگری همین حالا نگاشت را ذخیره کرد؛ نگاشت تازه نمایش داده شد. تغییرات خود را دوباره اعمال کنید.',
  saved: 'نگاشت اصالت ذخیره شد.',
  unchanged: 'نگاشت تغییری نکرده است.',
} as const;

export const OriginalityRuleSchema = z.object({
  id: z.number().int(),
  part: z.enum(RULE_PART_LIST),
  finding: z.enum(BODY_FINDING_LIST),
  label: z.string(),
  priority: z.number().int(),
});
export type OriginalityRule = z.infer<typeof OriginalityRuleSchema>;

export const OriginalityMapSchema = z.object({
  version: z.number().int(),
  updated_at: z.iso.datetime({ offset: true }),
  updated_by: z.string().nullable(),
  rules: z.array(OriginalityRuleSchema),
});
export type OriginalityMap = z.infer<typeof OriginalityMapSchema>;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const RuleInputSchema = z
  .object({
    part: z.enum(RULE_PART_LIST, { error: ORIGINALITY_MESSAGES.part }),
    finding: z.enum(BODY_FINDING_LIST, { error: ORIGINALITY_MESSAGES.finding }),
    label: z.preprocess(trimmed, textField({ max: 60, message: ORIGINALITY_MESSAGES.label, tooLong: ORIGINALITY_MESSAGES.label }).min(2, { error: ORIGINALITY_MESSAGES.label })),
    priority: wholeNumberField(ORIGINALITY_MESSAGES.priority, { min: 1, max: 1000 }),
  })
  .strict();
export type OriginalityRuleInput = z.infer<typeof RuleInputSchema>;

const ruleName = (r: { part: RulePart; finding: BodyFinding }) => `«${RULE_PARTS[r.part]} / ${BODY_FINDINGS[r.finding]}»`;

/** The whole map as saved: the version read, and the rules; each rule's trouble lands on its own field. */
export const SaveOriginalityMapInputSchema = z
  .object({
    version: wholeNumberField('نسخه نگاشت نامعتبر است'),
    rules: z.array(RuleInputSchema).min(1, { error: ORIGINALITY_MESSAGES.noneNeeded }).max(100, { error: ORIGINALITY_MESSAGES.tooMany }),
  })
  .strict()
  .superRefine((map, ctx) => {
    const combos = new Map<string, number>();
    const priorities = new Map<number, number>();
    map.rules.forEach((rule, n) => {
      if (rule.finding === 'none' && rule.part !== ANY_PART) ctx.addIssue({ code: 'custom', path: ['rules', n, 'part'], message: ORIGINALITY_MESSAGES.noneOnlyAnyPart });
      const key = `${rule.part}:${rule.finding}`;
      const same = combos.get(key);
      if (same !== undefined) ctx.addIssue({ code: 'custom', path: ['rules', n, 'finding'], message: `قاعده ${ruleName(rule)} در ردیف ${toPersianDigits(same + 1)} هم آمده است.` });
      else combos.set(key, n);
      const before = priorities.get(rule.priority);
      if (before !== undefined) ctx.addIssue({ code: 'custom', path: ['rules', n, 'priority'], message: `اولویت ${toPersianDigits(rule.priority)} را ردیف ${toPersianDigits(before + 1)} هم دارد؛ اولویت‌ها باید متفاوت باشند.` });
      else priorities.set(rule.priority, n);
    });
    if (!map.rules.some((r) => r.finding === 'none')) ctx.addIssue({ code: 'custom', path: ['rules'], message: ORIGINALITY_MESSAGES.noneNeeded });
  });
export type SaveOriginalityMapInput = z.infer<typeof SaveOriginalityMapInputSchema>;

export const SaveOriginalityMapResultSchema = z.object({ version: z.number().int(), message: z.string() });
export type SaveOriginalityMapResult = z.infer<typeof SaveOriginalityMapResultSchema>;

/** The action log's label of an edit of the map. */
export const ORIGINALITY_ACTIONS = { edit: 'ویرایش نگاشت' } as const;

/** What an edit changed, as the history reads it: «۲ قاعده افزوده، ۱ قاعده حذف و ۳ قاعده تغییر کرد». */
export function describeMapChange(before: readonly OriginalityRuleInput[], after: readonly OriginalityRuleInput[]): string {
  const key = (r: OriginalityRuleInput) => `${r.part}:${r.finding}`;
  const old = new Map(before.map((r) => [key(r), r]));
  const now = new Map(after.map((r) => [key(r), r]));
  const added = after.filter((r) => !old.has(key(r)));
  const removed = before.filter((r) => !now.has(key(r)));
  const changed = after.filter((r) => {
    const was = old.get(key(r));
    return was !== undefined && (was.label !== r.label || was.priority !== r.priority);
  });
  const parts = [
    ...added.map((r) => `افزوده: ${ruleName(r)} ← «${r.label}»`),
    ...removed.map((r) => `حذف: ${ruleName(r)}`),
    ...changed.map((r) => {
      const was = old.get(key(r))!;
      return was.label !== r.label ? `${ruleName(r)}: «${was.label}» ← «${r.label}»` : `${ruleName(r)}: اولویت ${toPersianDigits(was.priority)} ← ${toPersianDigits(r.priority)}`;
    }),
  ];
  return parts.join('؛ ');
}
