import type { ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES, formatJalaliDate, formatToman, toPersianDigits } from '@panel/contracts/common';
import { LEASING_CLAIM_WORKFLOW, daysBetween, type ClaimHistoryEntry, type InstalmentChange } from '@panel/contracts/leasing';
import { HistoryTimeline, actionLogEntries } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

/** What the claim's log holds beyond its state table. */
const EXTRA_LABELS: Record<string, string> = {
  create: 'تشکیل مطالبه',
  payment: 'ثبت پرداخت',
  postpone: 'تعویق قسط',
  change_due_date: 'تغییر سررسید قسط',
  change_amount: 'تغییر مبلغ قسط',
  note: 'یادداشت',
  promise: 'قول پرداخت',
  promise_kept: 'قول پرداخت عمل شد',
  promise_broken: 'قول پرداخت عمل نشد',
};

const digits = (n: number) => toPersianDigits(n);

/** One instalment a change touched: «قسط ۲: سررسید ۱۴۰۴/۱۲/۱۰ ← ۱۴۰۴/۱۲/۲۰، مبلغ … ← …». */
export function changeLine(change: InstalmentChange): string {
  const parts = [
    ...(change.due_before !== change.due_after ? [`سررسید ${formatJalaliDate(change.due_before)} ← ${formatJalaliDate(change.due_after)}`] : []),
    ...(change.amount_before !== change.amount_after ? [`مبلغ ${formatToman(change.amount_before)} ← ${formatToman(change.amount_after)}`] : []),
  ];
  return `قسط ${digits(change.seq)}: ${parts.join('، ')}`;
}

/**
 * The lines of a claim's history entry: a schedule change's instalments, old and new (a
 * postponement's first instalment and how many later ones moved with it); a promise's amount and
 * day in Jalali (whatever its stored text says: older entries wrote the day as a day key); then
 * the reason typed, in Persian digits.
 */
export function claimHistoryLines(entry: ClaimHistoryEntry): string[] {
  const reason = entry.reason ? toPersianDigits(entry.reason) : '';
  const promise = entry.promise && `${formatToman(entry.promise.amount)} تا ${formatJalaliDate(entry.promise.promised_on)}`;
  if (entry.action === 'promise' && promise) return [promise];
  if (promise) return [reason, `قول: ${promise}`].filter(Boolean);
  const [first, ...later] = entry.changes;
  if (!first) return reason ? [reason] : [];
  const lines =
    entry.action === 'postpone' && later.length > 0
      ? [
          changeLine(first),
          `${digits(later.length)} قسط بعدی (قسط ${digits(later[0]!.seq)} تا ${digits(later.at(-1)!.seq)}) هم هر یک ${digits(daysBetween(first.due_before, first.due_after))} روز عقب رفت.`,
        ]
      : entry.changes.map(changeLine);
  return reason ? [...lines, `دلیل: ${reason}`] : lines;
}

/** The lines as one entry's detail (spans, since the timeline sets the detail in a paragraph). */
function detailOf(lines: string[]): ReactNode {
  if (lines.length === 0) return undefined;
  return lines.map((line) => (
    <Box as="span" display="block" key={line}>
      {line}
    </Box>
  ));
}

/** The claim's history, newest first, each entry with what it changed. */
export function ClaimHistory({ id }: { id: number }) {
  const log = useQuery(trpc.leasing.claimHistory.queryOptions({ id }));
  const entries = log.data ?? [];
  return (
    <HistoryTimeline
      title="تاریخچه مطالبه"
      emptyText={log.isPending ? MESSAGES.loading : 'هنوز کاری روی این مطالبه ثبت نشده است.'}
      entries={actionLogEntries(entries, { workflow: LEASING_CLAIM_WORKFLOW, extra: EXTRA_LABELS }).map((shown, n) => ({ ...shown, detail: detailOf(claimHistoryLines(entries[n]!)) }))}
    />
  );
}
