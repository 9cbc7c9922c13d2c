import { Badge, Stack, Text } from '@chakra-ui/react';
import { formatJalaliDateTime, toPersianDigits, toPersianText } from '@panel/contracts/common';
import { AI_REJECT_REASONS, AI_SUBJECT_LABELS, AI_TEXT_STATES, type AiText, type AiTextState } from '@panel/contracts/ai-qc';
import { LatinCode, type ListColumn } from '@panel/ui';
import { WordDiff } from './word-diff';

const STATE_COLORS: Record<AiTextState, string> = { pending: 'orange', approved: 'green', rejected: 'red', regenerating: 'purple' };

export function AiTextStateBadge({ state, size = 'sm' }: { state: AiTextState; size?: 'sm' | 'lg' }) {
  return (
    <Badge colorPalette={STATE_COLORS[state]} variant="subtle" size={size}>
      {AI_TEXT_STATES[state]}
    </Badge>
  );
}

/** What the text describes, as staff look it up: the order's code (digits) or the post's token (a Latin code). */
export function SubjectCode({ text }: { text: AiText }) {
  return text.subject_type === 'inspection' ? <>{toPersianDigits(text.subject_code)}</> : <LatinCode value={text.subject_code} />;
}
export const subjectText = (t: AiText) => `${AI_SUBJECT_LABELS[t.subject_type]} ${t.subject_code} — ${t.subject_title}`;

/** The measure kept at approval, as a person reads it. */
export function changeText(t: AiText): string {
  if (t.state !== 'approved') return '—';
  return t.edited ? `ویرایش‌شده: ${toPersianDigits(t.change_percent ?? 0)}٪ واژه‌ها` : 'بدون ویرایش';
}

/** The list's columns, declared once for the table, the column chooser and the CSV. */
export const AI_QC_COLUMNS: ListColumn<AiText>[] = [
  { key: 'id', header: 'شماره', text: (t) => toPersianDigits(t.id), csv: (t) => t.id, width: '5rem' },
  { key: 'kind', header: 'نوع متن', text: (t) => t.kind_label },
  {
    key: 'subject',
    header: 'موضوع',
    text: subjectText,
    render: (t) => (
      <Stack gap="0">
        <Text>
          {AI_SUBJECT_LABELS[t.subject_type]} <SubjectCode text={t} />
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {toPersianText(t.subject_title)}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'text',
    header: 'متن و تغییرات',
    text: (t) => t.final_text ?? t.machine_text,
    render: (t) =>
      t.edited && t.final_text !== null ? (
        <WordDiff before={t.machine_text} after={t.final_text} label={`تغییرات متن ${toPersianDigits(t.id)}`} clamp={3} />
      ) : (
        <Text lineClamp={3} whiteSpace="pre-wrap">
          {t.final_text ?? t.machine_text}
        </Text>
      ),
    width: '34rem',
  },
  { key: 'change', header: 'تغییر', text: changeText, csv: (t) => t.change_percent ?? '', sortKey: 'change_percent' },
  { key: 'state', header: 'وضعیت', text: (t) => t.state_label, render: (t) => <AiTextStateBadge state={t.state} /> },
  { key: 'model', header: 'مدل', text: (t) => t.model, latin: true },
  { key: 'revision', header: 'نسخه مدل', text: (t) => toPersianDigits(t.revision), csv: (t) => t.revision },
  { key: 'reject_reason', header: 'دلیل رد', text: (t) => (t.reject_reason ? AI_REJECT_REASONS[t.reject_reason] : '—'), csv: (t) => t.reject_reason ?? '' },
  { key: 'reviewed_by', header: 'بررسی‌کننده', text: (t) => t.reviewed_by ?? '—', csv: (t) => t.reviewed_by ?? '' },
  { key: 'reviewed_at', header: 'زمان بررسی', text: (t) => (t.reviewed_at ? formatJalaliDateTime(t.reviewed_at) : '—'), csv: (t) => t.reviewed_at ?? '', csvDate: 'instant', sortKey: 'reviewed_at' },
  { key: 'created_at', header: 'زمان ثبت', text: (t) => formatJalaliDateTime(t.created_at), csv: (t) => t.created_at, csvDate: 'instant', sortKey: 'created_at' },
];

/** What shows at first (fits a 1366 screen); the rest are in the column chooser. */
export const DEFAULT_AI_QC_COLUMNS = ['id', 'kind', 'subject', 'text', 'change', 'state', 'created_at'];
