import { Box, Heading, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber, jalaliParts, toPersianDigits } from '@panel/contracts/common';
import type { NpsListFilter, NpsWeek } from '@panel/contracts/nps';
import { trpc } from '../../../lib/trpc';

const MONTHS = ['فروردین', 'اردیبهشت', 'خرداد', 'تیر', 'مرداد', 'شهریور', 'مهر', 'آبان', 'آذر', 'دی', 'بهمن', 'اسفند'];

/** A week's Saturday (a Tehran day key) as staff read it: '۱۰ آبان'. */
export function weekLabel(week: string, withYear = false): string {
  const { year, month, day } = jalaliParts(`${week}T12:00:00+03:30`);
  return `${toPersianDigits(day)} ${MONTHS[month - 1]}${withYear ? ` ${toPersianDigits(year)}` : ''}`;
}
/** A signed figure as a person reads it, the sign before the digits: '‎−۱۲٫۵'. */
export const signed = (n: number) => `${n < 0 ? '−' : ''}${toPersianDigits(String(Math.abs(n)).replace('.', '٫'))}`;

function summaryOf(weeks: readonly NpsWeek[]): string {
  if (weeks.length === 0) return 'برای این فیلتر پاسخی نیست که نمودار آن رسم شود.';
  const first = weeks[0]!;
  const last = weeks[weeks.length - 1]!;
  const best = weeks.reduce((a, b) => (b.nps > a.nps ? b : a));
  const worst = weeks.reduce((a, b) => (b.nps < a.nps ? b : a));
  return `NPS هفتگی از هفته ${weekLabel(first.week, true)} تا هفته ${weekLabel(last.week, true)}: از ${signed(first.nps)} به ${signed(last.nps)}؛ بیشترین ${signed(best.nps)} (هفته ${weekLabel(best.week)}) و کمترین ${signed(worst.nps)} (هفته ${weekLabel(worst.week)}).`;
}

function WeekTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: NpsWeek }[] }) {
  const week = payload?.[0]?.payload;
  if (!active || !week) return null;
  return (
    <Box bg="bg.panel" borderWidth="1px" rounded="md" px="3" py="2" shadow="md" textStyle="sm">
      <Text fontWeight="bold">هفته {weekLabel(week.week, true)}</Text>
      <Text>NPS: {signed(week.nps)}</Text>
      <Text>
        {formatNumber(week.count)} پاسخ: {formatNumber(week.promoters)} مروج، {formatNumber(week.passives)} خنثی، {formatNumber(week.detractors)} منتقد
      </Text>
    </Box>
  );
}

/**
 * The NPS of the filtered set by week (Saturday to Friday), drawn right to left: the oldest week
 * on the right, Persian digits and Jalali days on the axes. The picture is hidden from screen
 * readers; they read the summary and the table of the same weeks.
 */
export function NpsTrendChart({ filter }: { filter: NpsListFilter }) {
  const trend = useQuery({ ...trpc.nps.trend.queryOptions({ ...filter, page: 1 }), placeholderData: keepPreviousData });
  const weeks = trend.data?.results ?? [];
  return (
    <Box as="figure" aria-labelledby="nps-trend-title" aria-describedby="nps-trend-summary" borderWidth="1px" rounded="md" p="3" mb="3" bg="bg">
      <Heading as="h2" size="sm" id="nps-trend-title" mb="1">
        روند هفتگی NPS پاسخ‌های فیلترشده
      </Heading>
      <Text as="figcaption" id="nps-trend-summary" textStyle="sm" color="fg.muted" mb="2">
        {trend.isPending ? 'در حال بارگذاری...' : summaryOf(weeks)}
      </Text>
      {weeks.length > 0 && (
        <Box aria-hidden="true" h="13rem" dir="ltr">
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={weeks} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="week" reversed tickFormatter={(w: string) => weekLabel(w)} tick={{ fontSize: 12 }} minTickGap={16} />
              <YAxis yAxisId="nps" orientation="right" domain={[-100, 100]} ticks={[-100, -50, 0, 50, 100]} tickFormatter={(n: number) => signed(n)} tick={{ fontSize: 12 }} width={44} />
              <YAxis yAxisId="count" orientation="left" allowDecimals={false} tickFormatter={(n: number) => toPersianDigits(n)} tick={{ fontSize: 12 }} width={44} />
              <Tooltip content={<WeekTooltip />} />
              <Bar yAxisId="count" dataKey="count" name="تعداد پاسخ" fill="#cbd5e1" isAnimationActive={false} />
              <Line yAxisId="nps" dataKey="nps" name="NPS" stroke="#2563eb" strokeWidth={2} dot={{ r: 2, fill: '#2563eb' }} isAnimationActive={false} />
            </ComposedChart>
          </ResponsiveContainer>
        </Box>
      )}
      {weeks.length > 0 && (
        <VisuallyHidden>
          <Table.Root>
            <Table.Caption>NPS و تعداد پاسخ هر هفته</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>هفته</Table.ColumnHeader>
                <Table.ColumnHeader>NPS</Table.ColumnHeader>
                <Table.ColumnHeader>پاسخ‌ها</Table.ColumnHeader>
                <Table.ColumnHeader>مروج</Table.ColumnHeader>
                <Table.ColumnHeader>خنثی</Table.ColumnHeader>
                <Table.ColumnHeader>منتقد</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {weeks.map((w) => (
                <Table.Row key={w.week}>
                  <Table.Cell>{weekLabel(w.week, true)}</Table.Cell>
                  <Table.Cell>{signed(w.nps)}</Table.Cell>
                  <Table.Cell>{formatNumber(w.count)}</Table.Cell>
                  <Table.Cell>{formatNumber(w.promoters)}</Table.Cell>
                  <Table.Cell>{formatNumber(w.passives)}</Table.Cell>
                  <Table.Cell>{formatNumber(w.detractors)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </VisuallyHidden>
      )}
    </Box>
  );
}
