import { Heading, Stack, Table, Text } from '@chakra-ui/react';
import { formatJalaliDate, formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import type { LeasingClaimDetail } from '@panel/contracts/leasing';
import { LatinCode } from '@panel/ui';

/** The claim's payments, newest first, each with the waterfall it was allocated by (stored with it). */
export function ClaimPayments({ claim }: { claim: LeasingClaimDetail }) {
  return (
    <Stack as="section" gap="2" aria-labelledby="claim-payments">
      <Heading as="h2" size="md" id="claim-payments">
        پرداخت‌ها
      </Heading>
      {claim.payments.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">پرداختی ثبت نشده است.</Text>
      ) : (
        <Table.Root size="sm" aria-label="پرداخت‌ها">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>تاریخ پرداخت</Table.ColumnHeader>
              <Table.ColumnHeader>مبلغ</Table.ColumnHeader>
              <Table.ColumnHeader>رسید</Table.ColumnHeader>
              <Table.ColumnHeader>تقسیم روی اقساط</Table.ColumnHeader>
              <Table.ColumnHeader>ثبت‌کننده</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {claim.payments.map((p) => (
              <Table.Row key={p.id}>
                <Table.Cell whiteSpace="nowrap">{formatJalaliDate(p.paid_on)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatToman(p.amount)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  <LatinCode value={p.receipt} />
                </Table.Cell>
                <Table.Cell>{p.allocations.map((a) => `قسط ${toPersianDigits(a.seq)}: ${formatToman(a.amount)}`).join('، ')}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {p.created_by_name}
                  <Text as="span" display="block" color="fg.muted" fontSize="xs">
                    {formatJalaliDateTime(p.created_at)}
                  </Text>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}
