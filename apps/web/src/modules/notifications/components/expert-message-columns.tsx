import { Text } from '@chakra-ui/react';
import { formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { describeAudience, type ExpertMessage } from '@panel/contracts/notifications';
import type { ListColumn } from '@panel/ui';

/** The past messages' columns, declared once for the table and the CSV. */
export const EXPERT_MESSAGE_COLUMNS: ListColumn<ExpertMessage>[] = [
  { key: 'created_at', header: 'زمان', text: (m) => formatJalaliDateTime(m.created_at), csv: (m) => m.created_at, csvDate: 'instant', width: '10rem' },
  {
    key: 'text',
    header: 'متن پیام',
    text: (m) => toPersianDigits(m.text),
    csv: (m) => m.text,
    render: (m) => (
      <Text lineClamp={2} maxW="30rem">
        {toPersianDigits(m.text)}
      </Text>
    ),
  },
  { key: 'audience', header: 'مخاطبان', text: (m) => describeAudience(m.audience) },
  { key: 'recipient_count', header: 'گیرندگان', text: (m) => `${toPersianDigits(m.recipient_count)} کارشناس`, csv: (m) => m.recipient_count, align: 'end' },
  { key: 'created_by', header: 'فرستنده', text: (m) => m.created_by_name || m.created_by },
];
