import { Box, HStack, Text } from '@chakra-ui/react';
import { formatTehranTime } from '@panel/contracts/common';
import type { LiveLink } from '../api/dispatch-live';

const LABEL = { live: 'زنده', connecting: 'در حال اتصال...', reconnecting: 'در حال اتصال مجدد...' } as const;
const COLOR = { live: 'green.solid', connecting: 'gray.solid', reconnecting: 'orange.solid' } as const;

/** Always says whether the sheet is live, and when it last heard from the server. */
export function ConnectionIndicator({ link }: { link: LiveLink }) {
  return (
    <HStack gap="2" role="status" aria-live="polite" data-testid="connection" data-status={link.status}>
      <Box w="2.5" h="2.5" rounded="full" bg={COLOR[link.status]} />
      <Text fontSize="sm" fontWeight="medium">
        {LABEL[link.status]}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {link.lastSyncedAt ? `آخرین همگام‌سازی ${formatTehranTime(link.lastSyncedAt)}` : 'هنوز همگام نشده'}
      </Text>
    </HStack>
  );
}
