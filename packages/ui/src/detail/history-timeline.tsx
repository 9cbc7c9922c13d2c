import type { ReactNode } from 'react';
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { MessageText } from '../message-text';

/** One entry of an action log as a person reads it (the caller formats dates and labels). */
export interface HistoryEntry {
  key: string | number;
  /** When, already formatted (Jalali, Persian digits). */
  at: string;
  /** Who did it. */
  who: string;
  /** What happened, e.g. 'لغو' or 'تخصیص نهایی ← لغو شده'. */
  title: ReactNode;
  /** The reason or note, when there is one: a text shows its numbers in Persian digits and its Latin codes as they are. */
  detail?: ReactNode;
}

export interface HistoryTimelineProps {
  title?: string;
  entries: readonly HistoryEntry[];
  emptyText: string;
}

/** The action history of an entity, newest first as the caller orders it. */
export function HistoryTimeline({ title = 'تاریخچه', entries, emptyText }: HistoryTimelineProps) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" borderRadius="md" p="4" bg="bg">
      <Heading as="h2" size="sm" mb="3" color="fg.muted">
        {title}
      </Heading>
      {entries.length === 0 ? (
        <Text color="fg.muted">{emptyText}</Text>
      ) : (
        <Stack as="ol" gap="0" listStyleType="none" m="0" p="0">
          {entries.map((entry) => (
            <Box as="li" key={entry.key} position="relative" ps="5" pb="4" borderInlineStartWidth="2px" borderColor="border" ms="1.5">
              <Box position="absolute" insetInlineStart="-7px" top="1" boxSize="3" borderRadius="full" bg="colorPalette.solid" />
              <Text fontWeight="medium">{entry.title}</Text>
              <Text textStyle="sm" color="fg.muted">
                {entry.who} · {entry.at}
              </Text>
              {entry.detail && <Text textStyle="sm">{typeof entry.detail === 'string' ? <MessageText text={entry.detail} /> : entry.detail}</Text>}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
