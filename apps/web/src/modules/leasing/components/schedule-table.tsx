import { Box, Stack, Table, Text } from '@chakra-ui/react';
import { formatJalaliDate, formatToman, toPersianDigits } from '@panel/contracts/common';
import type { ScheduleAnswer } from '@panel/contracts/leasing';

/** The instalment schedule the gateway computed (decision 101): per month, total, Jalali due dates. */
export function ScheduleTable({ schedule }: { schedule: ScheduleAnswer }) {
  return (
    <Stack gap="3" aria-label="جدول اقساط">
      <Box display="flex" gap="6" flexWrap="wrap">
        <Text>
          مبلغ تسهیلات: <strong>{formatToman(schedule.principal)}</strong>
        </Text>
        <Text>
          قسط ماهانه: <strong>{formatToman(schedule.monthly)}</strong>
        </Text>
        <Text>
          جمع اقساط: <strong>{formatToman(schedule.total)}</strong>
        </Text>
        <Text>
          نرخ سالانه: <strong>{toPersianDigits(schedule.annual_rate)}٪</strong>
        </Text>
      </Box>
      <Box maxH="20rem" overflowY="auto" borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label="اقساط">
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>قسط</Table.ColumnHeader>
              <Table.ColumnHeader>سررسید</Table.ColumnHeader>
              <Table.ColumnHeader>مبلغ</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {schedule.instalments.map((i) => (
              <Table.Row key={i.seq}>
                <Table.Cell>{toPersianDigits(i.seq)}</Table.Cell>
                <Table.Cell>{formatJalaliDate(i.due_date)}</Table.Cell>
                <Table.Cell>{formatToman(i.amount)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
