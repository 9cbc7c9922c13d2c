import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES, formatJalaliDateTime, formatToman } from '@panel/contracts/common';
import { trpc } from '../../../lib/trpc';

/**
 * How the order's price was made, as it was when quoted (the catalogue's quotes, decision 100):
 * base × each factor = price, newest first; a rate changed later changes none of them.
 */
export function OrderPriceBreakdown({ pk }: { pk: number }) {
  const quotes = useQuery(trpc.inspectionCatalogue.quotesOf.queryOptions({ entity: 'inspection', entity_id: pk }));
  return (
    <Box as="section" aria-label="ریز محاسبه قیمت" borderWidth="1px" borderRadius="md" p="4" bg="bg">
      <Heading as="h2" size="sm" mb="3" color="fg.muted">
        ریز محاسبه قیمت
      </Heading>
      {!quotes.data || quotes.data.length === 0 ? (
        <Text color="fg.muted">
          {quotes.isPending ? MESSAGES.loading : quotes.isError ? 'ریز محاسبه قیمت بارگذاری نشد.' : 'قیمت این سفارش پیش از ثبت ریز محاسبه تعیین شده است.'}
        </Text>
      ) : (
        <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
          {quotes.data.map((quote) => (
            <Box as="li" key={quote.id} borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
              <HStack gap="2" textStyle="sm" color="fg.muted" wrap="wrap" justify="space-between">
                <Text as="span">{formatJalaliDateTime(quote.created_at)}</Text>
                <Text as="span" fontWeight="semibold" color="fg">
                  {formatToman(quote.price)}
                </Text>
              </HStack>
              <Text mt="1" wordBreak="break-word">
                {quote.explanation}
              </Text>
              {quote.factors.length > 0 && (
                <Stack as="ul" gap="0" mt="1" ps="4" textStyle="sm" color="fg.muted">
                  {quote.factors.map((factor) => (
                    <Text as="li" key={factor.condition}>
                      {factor.explanation}
                    </Text>
                  ))}
                </Stack>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
