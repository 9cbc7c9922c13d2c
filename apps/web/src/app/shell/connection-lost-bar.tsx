import { HStack, Text } from '@chakra-ui/react';
import { ConnectionIndicator } from '../../lib/connection-indicator';
import type { LiveLink } from '../../lib/live-link';

/**
 * Over the page while the account check cannot reach the server (issue 28): the page stays as it
 * last was, and this says so, with the live screens' own light; it goes away by itself once the
 * server answers again.
 */
export function ConnectionLostBar({ link }: { link: LiveLink }) {
  return (
    <HStack
      data-testid="session-connection"
      justify="space-between"
      wrap="wrap"
      gap="3"
      px="4"
      py="2"
      bg="orange.subtle"
      borderBottomWidth="1px"
      borderColor="orange.muted"
    >
      <Text fontSize="sm" color="orange.fg" fontWeight="medium">
        ارتباط با سرور قطع شده است؛ آنچه می‌بینید ممکن است به‌روز نباشد.
      </Text>
      <ConnectionIndicator link={link} testId="session-connection-light" />
    </HStack>
  );
}
