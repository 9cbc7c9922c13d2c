import { Box, HStack, Text } from '@chakra-ui/react';
import { formatNumber, toPersianDigits } from '@panel/contracts/common';
import type { NpsTotals } from '@panel/contracts/nps';
import { signed } from './nps-trend-chart';

const share = (part: number, count: number) => (count === 0 ? '' : ` (${toPersianDigits(Math.round((100 * part) / count))}٪)`);

function Figure({ label, value, tone, big = false }: { label: string; value: string; tone?: string; big?: boolean }) {
  return (
    <Box borderWidth="1px" rounded="md" px="4" py="2" bg="bg.subtle" minW="9rem">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="bold" fontSize={big ? '2xl' : 'lg'} color={tone}>
        {value}
      </Text>
    </Box>
  );
}

/** The NPS of the filtered set and its groups, as the database counted them. */
export function NpsSummary({ totals }: { totals: NpsTotals | undefined }) {
  const t = totals;
  const figure = t?.nps ?? null;
  return (
    <HStack gap="3" mb="3" flexWrap="wrap" role="group" aria-label="شاخص NPS پاسخ‌های فیلترشده">
      <Figure label="شاخص NPS" value={figure === null ? '—' : signed(figure)} tone={figure === null ? undefined : figure >= 0 ? 'green.700' : 'red.700'} big />
      <Figure label="پاسخ‌ها" value={t ? formatNumber(t.count) : '—'} />
      <Figure label="مروج (۹ و ۱۰)" value={t ? `${formatNumber(t.promoters)}${share(t.promoters, t.count)}` : '—'} />
      <Figure label="خنثی (۷ و ۸)" value={t ? `${formatNumber(t.passives)}${share(t.passives, t.count)}` : '—'} />
      <Figure label="منتقد (۰ تا ۶)" value={t ? `${formatNumber(t.detractors)}${share(t.detractors, t.count)}` : '—'} />
      <Figure label="منتقدان از موعد گذشته" value={t ? formatNumber(t.overdue) : '—'} tone={t && t.overdue > 0 ? 'red.700' : undefined} />
    </HStack>
  );
}
