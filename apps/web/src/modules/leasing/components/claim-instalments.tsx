import { Badge, Box, Button, Table, Text } from '@chakra-ui/react';
import { formatJalaliDate, formatToman, toPersianDigits } from '@panel/contracts/common';
import type { Instalment } from '@panel/contracts/leasing';

function InstalmentState({ instalment }: { instalment: Instalment }) {
  if (instalment.remaining === 0)
    return (
      <Badge colorPalette="green" variant="subtle">
        پرداخت‌شده
      </Badge>
    );
  if (instalment.overdue)
    return (
      <Badge colorPalette="red" variant="subtle">
        معوق
      </Badge>
    );
  if (instalment.paid > 0)
    return (
      <Badge colorPalette="orange" variant="subtle">
        بخشی پرداخت‌شده
      </Badge>
    );
  return <Text as="span">—</Text>;
}

/**
 * A claim's instalments (issue 30): Jalali due dates, amounts, paid and left in tomans. An unpaid
 * one offers «تغییر» (postpone, its due date or its amount), each previewed before it is written.
 */
export function InstalmentTable({ instalments, onChange }: { instalments: readonly Instalment[]; onChange?: (instalment: Instalment) => void }) {
  return (
    <Box maxH="28rem" overflowY="auto" borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label="جدول اقساط">
      <Table.Root size="sm" stickyHeader aria-label="اقساط">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>قسط</Table.ColumnHeader>
            <Table.ColumnHeader>سررسید</Table.ColumnHeader>
            <Table.ColumnHeader>مبلغ</Table.ColumnHeader>
            <Table.ColumnHeader>پرداخت‌شده</Table.ColumnHeader>
            <Table.ColumnHeader>مانده</Table.ColumnHeader>
            <Table.ColumnHeader>وضعیت</Table.ColumnHeader>
            {onChange && <Table.ColumnHeader>تغییر</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {instalments.map((i) => (
            <Table.Row key={i.id} data-overdue={i.overdue || undefined}>
              <Table.Cell>{toPersianDigits(i.seq)}</Table.Cell>
              <Table.Cell>{formatJalaliDate(i.due_date)}</Table.Cell>
              <Table.Cell>{formatToman(i.amount)}</Table.Cell>
              <Table.Cell>{formatToman(i.paid)}</Table.Cell>
              <Table.Cell>{formatToman(i.remaining)}</Table.Cell>
              <Table.Cell>
                <InstalmentState instalment={i} />
              </Table.Cell>
              {onChange && (
                <Table.Cell>
                  {i.remaining > 0 && (
                    <Button size="xs" variant="outline" onClick={() => onChange(i)} aria-label={`تغییر قسط ${toPersianDigits(i.seq)}`}>
                      تغییر
                    </Button>
                  )}
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** A schedule change's preview: each instalment it changes, its old and new due date and amount side by side. */
export function SchedulePreviewTable({ before, after }: { before: readonly Instalment[]; after: readonly Instalment[] }) {
  const rows = after.flatMap((next) => {
    const old = before.find((i) => i.id === next.id);
    return old && (old.due_date !== next.due_date || old.amount !== next.amount) ? [{ old, next }] : [];
  });
  const cell = (changed: boolean) => (changed ? { fontWeight: 'bold', bg: 'bg.warning' } : {});
  return (
    <Box>
      <Text mb="2">{rows.length === 0 ? 'این تغییر هیچ قسطی را عوض نمی‌کند.' : `${toPersianDigits(rows.length)} قسط تغییر می‌کند؛ جمع اقساط همان می‌ماند.`}</Text>
      {rows.length > 0 && (
        <Box maxH="18rem" overflowY="auto" borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label="پیش‌نمایش تغییر اقساط">
          <Table.Root size="sm" stickyHeader aria-label="اقساط پیش و پس از تغییر">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>قسط</Table.ColumnHeader>
                <Table.ColumnHeader>سررسید فعلی</Table.ColumnHeader>
                <Table.ColumnHeader>سررسید جدید</Table.ColumnHeader>
                <Table.ColumnHeader>مبلغ فعلی</Table.ColumnHeader>
                <Table.ColumnHeader>مبلغ جدید</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map(({ old, next }) => (
                <Table.Row key={next.id}>
                  <Table.Cell>{toPersianDigits(next.seq)}</Table.Cell>
                  <Table.Cell>{formatJalaliDate(old.due_date)}</Table.Cell>
                  <Table.Cell {...cell(old.due_date !== next.due_date)}>{formatJalaliDate(next.due_date)}</Table.Cell>
                  <Table.Cell>{formatToman(old.amount)}</Table.Cell>
                  <Table.Cell {...cell(old.amount !== next.amount)}>
                    {formatToman(next.amount)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Box>
  );
}
