import { Box, Heading, List, Text } from '@chakra-ui/react';
import { toPersianDigits } from '@panel/contracts/common';

/** What the gateway answers for an offered action (an order's or a claim's, decisions 101 and 102). */
export interface Offered {
  id: string;
  label: string;
  available: boolean;
  /** Why it is not available; empty when it is. */
  reason: string;
}

/** The id of the line that says why `action` is not available: its disabled button points to it (`aria-describedby`). */
export const offerReasonId = (scope: 'order' | 'claim', action: string) => `leasing-${scope}-reason-${action}`;

/** Why each action the gateway offers is not possible now, as it says (the disabled buttons point here). */
export function UnavailableActions({ offered, scope }: { offered: readonly Offered[]; scope: 'order' | 'claim' }) {
  const unavailable = offered.filter((a) => !a.available);
  if (unavailable.length === 0) return null;
  return (
    <Box as="section" aria-label="اقدام‌های ناممکن" borderWidth="1px" borderRadius="md" p="4" bg="bg">
      <Heading as="h2" size="sm" mb="2" color="fg.muted">
        چرا برخی اقدام‌ها اکنون ممکن نیست
      </Heading>
      <List.Root gap="1" ps="5">
        {unavailable.map((a) => (
          <List.Item key={a.id} id={offerReasonId(scope, a.id)} textStyle="sm">
            <Text as="span" fontWeight="medium">
              {a.label}:
            </Text>{' '}
            {toPersianDigits(a.reason)}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
