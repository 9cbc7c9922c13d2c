import type { ReactNode } from 'react';
import { Box, HStack, Heading, Text } from '@chakra-ui/react';
import { MESSAGES } from '@panel/contracts/common';
import { ConnectionIndicator } from './connection-indicator';
import type { LiveLink } from './live-link';

export interface OfferMonitoringProps {
  title: string;
  /** What is open now, in Persian digits ("۳ پیشنهاد باز"). */
  summary: string;
  /** The live feed's link: its state is always shown. */
  link: LiveLink;
  /** Before the first snapshot. */
  loading: boolean;
  /** Nothing open: `emptyText` in place of the offers. */
  empty: boolean;
  emptyText: string;
  /** The offers, as the module draws them (a table, cards by sale). */
  children: ReactNode;
}

/**
 * The frame both offer monitoring screens share (inspection offers to experts, buyers' offers on
 * concierge sales): title, what is open, the live connection, then the module's offers, its
 * loading and empty texts; the offers themselves arrive live and update in place.
 */
export function OfferMonitoring({ title, summary, link, loading, empty, emptyText, children }: OfferMonitoringProps) {
  return (
    <Box p="6">
      <HStack justify="space-between" mb="4" flexWrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <HStack gap="4">
          <Text fontSize="sm" color="fg.muted" role="status">
            {summary}
          </Text>
          <ConnectionIndicator link={link} />
        </HStack>
      </HStack>
      {loading ? <Text>{MESSAGES.loading}</Text> : empty ? <Text>{emptyText}</Text> : children}
    </Box>
  );
}
