import { Box, HStack, Text, Wrap } from '@chakra-ui/react';
import { formatNumber, formatToman } from '@panel/contracts/common';
import { TRANSACTION_KINDS, type TransactionTotals } from '@panel/contracts/transactions';

function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <Box borderWidth="1px" rounded="md" px="4" py="2" bg="bg.subtle" minW="11rem">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="bold" fontSize="lg" color={tone}>
        {value}
      </Text>
    </Box>
  );
}

/** The filtered set's totals as the database summed them: in, out and net of the rows pending or done, and the count per kind. */
export function TransactionsTotals({ totals }: { totals: TransactionTotals | undefined }) {
  const t = totals;
  return (
    <Box as="section" aria-label="جمع تراکنش‌های فیلترشده" mb="3">
      <HStack gap="3" flexWrap="wrap">
        <Figure label="تعداد تراکنش‌ها" value={t ? formatNumber(t.count) : '—'} />
        <Figure label="جمع دریافت‌ها" value={t ? formatToman(t.in) : '—'} tone="green.700" />
        <Figure label="جمع پرداخت‌ها" value={t ? formatToman(t.out) : '—'} tone="red.700" />
        <Figure label="خالص" value={t ? (t.net < 0 ? `${formatToman(-t.net)} (پرداخت بیشتر)` : formatToman(t.net)) : '—'} tone={t && t.net < 0 ? 'red.700' : undefined} />
      </HStack>
      {t && t.kinds.length > 0 && (
        <Wrap gap="2" mt="2" as="ul" aria-label="تعداد به تفکیک نوع" listStyleType="none">
          {t.kinds.map((k) => (
            <Box as="li" key={k.kind} fontSize="sm" borderWidth="1px" rounded="full" px="3" py="0.5">
              {TRANSACTION_KINDS[k.kind]}: {formatNumber(k.count)} — {formatToman(k.amount)}
            </Box>
          ))}
        </Wrap>
      )}
    </Box>
  );
}
