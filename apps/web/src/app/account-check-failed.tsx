import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { ConnectionIndicator } from '../lib/connection-indicator';
import type { SessionView } from '../lib/session-check';
import { userMessage } from '../lib/trpc';

export interface AccountCheckFailedProps {
  view: Extract<SessionView<unknown>, { kind: 'unreachable' | 'failed' }>;
  retrying: boolean;
  onRetry: () => void;
}

/** The account status could not be checked (issue 28): why, and a retry now. */
export function AccountCheckFailed({ view, retrying, onRetry }: AccountCheckFailedProps) {
  return (
    <Box minH="100dvh" display="grid" placeItems="center" p="6">
      <Stack gap="4" align="center" textAlign="center">
        <Heading size="lg">وضعیت حساب کاربری بررسی نشد</Heading>
        {view.kind === 'unreachable' ? (
          <>
            <Text color="fg.muted">ارتباط با سرور برقرار نشد؛ با برقراری دوباره‌ی ارتباط، پنل خودبه‌خود باز می‌شود.</Text>
            <ConnectionIndicator link={view.link} testId="session-connection-light" />
          </>
        ) : (
          <Text color="fg.muted">{userMessage(view.error)}</Text>
        )}
        {/* Now rather than at the backoff's next turn: the waiting retry is dropped, a new check starts. */}
        <Button onClick={onRetry} loading={retrying}>
          تلاش دوباره
        </Button>
      </Stack>
    </Box>
  );
}
