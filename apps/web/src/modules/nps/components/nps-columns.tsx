import { Badge, Stack, Text } from '@chakra-ui/react';
import { formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { NPS_CHANNELS, NPS_GROUPS, NPS_ROOT_CAUSES, NPS_STATES, type NpsAnswer, type NpsGroup, type NpsState } from '@panel/contracts/nps';
import type { ListColumn } from '@panel/ui';

const STATE_COLORS: Record<NpsState, string> = { A: 'gray', B: 'blue', C: 'orange', D: 'red', E: 'purple', F: 'cyan', G: 'teal', H: 'green' };
export const GROUP_COLORS: Record<NpsGroup, string> = { promoter: 'green', passive: 'yellow', detractor: 'red' };

export function NpsStateBadge({ state, size = 'sm' }: { state: NpsState; size?: 'sm' | 'lg' }) {
  return (
    <Badge colorPalette={STATE_COLORS[state]} variant="subtle" size={size}>
      {NPS_STATES[state]}
    </Badge>
  );
}

export function ScoreBadge({ answer }: { answer: Pick<NpsAnswer, 'score' | 'group'> }) {
  return (
    <Badge colorPalette={GROUP_COLORS[answer.group]} variant="solid" minW="7" justifyContent="center" aria-label={`امتیاز ${toPersianDigits(answer.score)} (${NPS_GROUPS[answer.group]})`}>
      {toPersianDigits(answer.score)}
    </Badge>
  );
}

const HOUR = 3_600_000;
const span = (ms: number) => {
  const hours = Math.floor(ms / HOUR);
  const minutes = Math.floor((ms % HOUR) / 60_000);
  return hours > 0 ? `${toPersianDigits(hours)} ساعت${minutes > 0 ? ` و ${toPersianDigits(minutes)} دقیقه` : ''}` : `${toPersianDigits(minutes)} دقیقه`;
};

/** A detractor's 48-hour target as staff read it: time left, overdue by, or met. */
export function targetOf(a: Pick<NpsAnswer, 'due_at' | 'responded_at' | 'state'>, now = Date.now()): { text: string; tone: 'ok' | 'late' | 'due' | 'none' } {
  if (a.due_at === null || a.state === 'A') return { text: '—', tone: 'none' };
  const due = Date.parse(a.due_at);
  if (a.responded_at !== null) return Date.parse(a.responded_at) <= due ? { text: 'در موعد پاسخ داده شد', tone: 'ok' } : { text: 'با تأخیر پاسخ داده شد', tone: 'late' };
  return due > now ? { text: `${span(due - now)} مانده`, tone: 'due' } : { text: `${span(now - due)} دیرکرد`, tone: 'late' };
}

function Target({ answer }: { answer: NpsAnswer }) {
  const { text, tone } = targetOf(answer);
  if (tone === 'none') return <Text color="fg.muted">—</Text>;
  return (
    <Text color={tone === 'late' ? 'red.700' : tone === 'due' ? 'orange.800' : 'green.700'} fontWeight={tone === 'ok' ? 'normal' : 'medium'} whiteSpace="nowrap">
      {text}
    </Text>
  );
}

const customer = (a: NpsAnswer) => (
  <Stack gap="0">
    <Text fontWeight="medium">{a.customer_name}</Text>
    <Text textStyle="xs" color="fg.muted" dir="ltr" textAlign="end" data-ltr="">
      {toPersianDigits(a.customer_phone)}
    </Text>
  </Stack>
);

/** The answers' columns, declared once for the table, the column chooser and the CSV. */
export const NPS_COLUMNS: ListColumn<NpsAnswer>[] = [
  { key: 'id', header: 'شماره', text: (a) => toPersianDigits(a.id), csv: (a) => a.id },
  { key: 'answered_at', header: 'زمان پاسخ', text: (a) => formatJalaliDateTime(a.answered_at), csv: (a) => a.answered_at, csvDate: 'instant', sortKey: 'answered_at' },
  { key: 'customer', header: 'مشتری', text: (a) => a.customer_name, render: customer },
  { key: 'customer_phone', header: 'تلفن مشتری', text: (a) => a.customer_phone, latin: true },
  { key: 'score', header: 'امتیاز', text: (a) => toPersianDigits(a.score), csv: (a) => a.score, render: (a) => <ScoreBadge answer={a} />, sortKey: 'score', align: 'center' },
  { key: 'group', header: 'گروه', text: (a) => NPS_GROUPS[a.group] },
  {
    key: 'comment',
    header: 'نظر مشتری',
    text: (a) => a.comment || '—',
    csv: (a) => a.comment,
    render: (a) => (
      <Text lineClamp={2} maxW="22rem" title={a.comment}>
        {a.comment ? toPersianDigits(a.comment) : '—'}
      </Text>
    ),
  },
  { key: 'order', header: 'سفارش', text: (a) => (a.order_code === null ? '—' : toPersianDigits(a.order_code)), csv: (a) => a.order_code ?? '' },
  { key: 'state', header: 'وضعیت', text: (a) => a.state_label, csv: (a) => `${a.state} ${a.state_label}`, render: (a) => <NpsStateBadge state={a.state} /> },
  { key: 'target', header: 'موعد پیگیری (۴۸ ساعت)', text: (a) => targetOf(a).text, csv: (a) => a.due_at ?? '', render: (a) => <Target answer={a} /> },
  { key: 'root_cause', header: 'علت ریشه‌ای', text: (a) => (a.root_cause === null ? '—' : NPS_ROOT_CAUSES[a.root_cause]) },
  { key: 'channel', header: 'کانال', text: (a) => NPS_CHANNELS[a.channel] },
];

/** What shows at first; the rest are in the column chooser. */
export const DEFAULT_NPS_COLUMNS = ['id', 'answered_at', 'customer', 'score', 'comment', 'order', 'state', 'target'];
