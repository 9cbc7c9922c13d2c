import { Badge, Text } from '@chakra-ui/react';
import { formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { TEMPLATE_STATES, placeholderLabel, type SmsTemplate } from '@panel/contracts/notifications';
import type { ListColumn } from '@panel/ui';

export const TemplateStateBadge = ({ state }: { state: SmsTemplate['state'] }) => (
  <Badge colorPalette={state === 'active' ? 'green' : 'gray'} variant="subtle">
    {TEMPLATE_STATES[state]}
  </Badge>
);

export const placeholderList = (t: Pick<SmsTemplate, 'placeholders'>) => (t.placeholders.length ? t.placeholders.map(placeholderLabel).join('، ') : '—');

/** The templates' columns, declared once for the table and the CSV. */
export const TEMPLATE_COLUMNS: ListColumn<SmsTemplate>[] = [
  { key: 'name', header: 'نام قالب', text: (t) => toPersianDigits(t.name), csv: (t) => t.name, sortKey: 'name', width: '14rem' },
  {
    key: 'text',
    header: 'متن',
    text: (t) => toPersianDigits(t.text),
    csv: (t) => t.text,
    render: (t) => (
      <Text lineClamp={2} maxW="30rem">
        {toPersianDigits(t.text)}
      </Text>
    ),
  },
  { key: 'placeholders', header: 'جای‌های خالی', text: placeholderList, csv: (t) => t.placeholders.join(' ') },
  { key: 'state', header: 'وضعیت', text: (t) => TEMPLATE_STATES[t.state], render: (t) => <TemplateStateBadge state={t.state} />, sortKey: 'state' },
  { key: 'used', header: 'دفعات استفاده', text: (t) => toPersianDigits(t.used), csv: (t) => t.used, align: 'end' },
  { key: 'updated_at', header: 'آخرین تغییر', text: (t) => formatJalaliDateTime(t.updated_at), csv: (t) => t.updated_at, csvDate: 'instant', sortKey: 'updated_at' },
  { key: 'updated_by', header: 'تغییردهنده', text: (t) => t.updated_by },
];
