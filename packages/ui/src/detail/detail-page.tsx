import type { ReactNode } from 'react';
import { Box, Button, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuArrowRight } from 'react-icons/lu';

export interface DetailPageProps {
  /** The back button's label and action (usually back to the list the user came from). */
  back?: { label: string; onClick: () => void };
  /** 'loading' shows the loading text; 'missing' the not-found text instead of the content. */
  status: 'loading' | 'missing' | 'ready';
  loadingText: string;
  missingText: string;
  title?: ReactNode;
  /** Beside the title: the state badge. */
  badge?: ReactNode;
  /** The actions the current state allows, as buttons. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of every detail page: back, title with its state, the actions, then the fields. */
export function DetailPage({ back, status, loadingText, missingText, title, badge, actions, children }: DetailPageProps) {
  return (
    <Box p="6" maxW="80rem">
      {back && (
        <Button size="sm" variant="ghost" mb="3" onClick={back.onClick}>
          <LuArrowRight aria-hidden />
          {back.label}
        </Button>
      )}
      {status === 'missing' ? (
        <Text role="alert">{missingText}</Text>
      ) : status === 'loading' ? (
        <Stack align="center" py="10" role="status">
          <Spinner />
          <Text>{loadingText}</Text>
        </Stack>
      ) : (
        <Stack gap="4">
          <HStack gap="3" wrap="wrap" justify="space-between">
            <HStack gap="3">
              <Heading as="h1" size="xl">
                {title}
              </Heading>
              {badge}
            </HStack>
            {actions && (
              <HStack gap="2" wrap="wrap" role="group" aria-label="کارها">
                {actions}
              </HStack>
            )}
          </HStack>
          {children}
        </Stack>
      )}
    </Box>
  );
}
