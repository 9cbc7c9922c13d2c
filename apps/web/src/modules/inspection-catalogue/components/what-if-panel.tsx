import { Box, Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { formatToman, toPersianDigits } from '@panel/contracts/common';
import { PricingRateInputSchema, WHAT_IF_DAYS, type PricingRateInput } from '@panel/contracts/inspection-catalogue';
import { trpc } from '../../../lib/trpc';

/**
 * Before a rate goes live: the last 30 days of orders replayed with it (decision 100). Asks the
 * form to check its fields first; nothing is stored.
 */
export function WhatIfPanel({ values, check, replacing }: { values: () => PricingRateInput; check: () => Promise<boolean>; replacing: number | null }) {
  const whatIf = useMutation(trpc.inspectionCatalogue.whatIf.mutationOptions());
  const run = async () => {
    if (!(await check())) return;
    const parsed = PricingRateInputSchema.safeParse(values());
    if (parsed.success) whatIf.mutate({ ...values(), replacing });
  };
  const result = whatIf.data;
  return (
    <Box as="section" aria-label="اثر نرخ پیش از ثبت" borderWidth="1px" borderRadius="md" p="4" bg="bg">
      <Heading as="h2" size="sm" mb="2" color="fg.muted">
        اثر نرخ پیش از ثبت
      </Heading>
      <Stack gap="3">
        <Text textStyle="sm" color="fg.muted">
          {`سفارش‌های ${toPersianDigits(WHAT_IF_DAYS)} روز گذشته در همین شهر و بسته، یک بار با نرخ‌های امروز و یک بار با این نرخ قیمت‌گذاری می‌شوند.`}
        </Text>
        <Box>
          <Button size="sm" variant="outline" onClick={() => void run()} loading={whatIf.isPending}>
            محاسبه اثر روی ۳۰ روز گذشته
          </Button>
        </Box>
        {result && (
          <Stack gap="2" aria-live="polite">
            <Text>{result.explanation}</Text>
            {result.samples.length > 0 && (
              <Table.Root size="sm" variant="outline" aria-label="نمونه سفارش‌هایی که قیمتشان تغییر می‌کرد">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>سفارش</Table.ColumnHeader>
                    <Table.ColumnHeader>شهر</Table.ColumnHeader>
                    <Table.ColumnHeader>بسته</Table.ColumnHeader>
                    <Table.ColumnHeader>قیمت امروز</Table.ColumnHeader>
                    <Table.ColumnHeader>با این نرخ</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {result.samples.map((s) => (
                    <Table.Row key={s.pk}>
                      <Table.Cell>{toPersianDigits(s.code)}</Table.Cell>
                      <Table.Cell>{s.city}</Table.Cell>
                      <Table.Cell>{s.package}</Table.Cell>
                      <Table.Cell>{formatToman(s.before)}</Table.Cell>
                      <Table.Cell>{formatToman(s.after)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
