import type { ReactNode } from 'react';
import { Box, Flex, HStack } from '@chakra-ui/react';

export interface FilterBarProps {
  /** The filter fields, laid out in rows that wrap. */
  children: ReactNode;
  /** Buttons at the end of the bar (columns, export, reset). */
  actions?: ReactNode;
  label?: string;
}

/** The band of filters above a list; fields wrap on narrow screens, actions keep to the end. */
export function FilterBar({ children, actions, label = 'فیلترها' }: FilterBarProps) {
  return (
    <Flex as="section" aria-label={label} gap="3" wrap="wrap" align="flex-end" justify="space-between" py="3">
      <Flex gap="3" wrap="wrap" align="flex-end" flex="1">
        {children}
      </Flex>
      {actions && (
        <HStack gap="2" flexShrink={0}>
          {actions}
        </HStack>
      )}
    </Flex>
  );
}

/** One labelled field of a filter bar. */
export function FilterField({ label, htmlFor, children }: { label: string; htmlFor?: string; children: ReactNode }) {
  return (
    <Box display="flex" flexDirection="column" gap="1">
      <Box as="label" fontSize="xs" color="fg.muted" {...(htmlFor ? { htmlFor } : {})}>
        {label}
      </Box>
      {children}
    </Box>
  );
}
