import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { AUTH_PATH, MESSAGES, PANEL_HOME_PATH } from '@panel/contracts/common';
import { FullScreenLoader } from '@panel/ui';
import { trpc } from '../lib/trpc';
import { sessionQueryOptions } from '../modules/auth/api/session';
import { areaOf } from './navigation';

/** Long enough to read the redirect message of spec §2, short enough not to be in the way. */
export const REDIRECT_DELAY_MS = 600;

const isUnauthorized = (error: unknown) =>
  error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED';

/**
 * Any call answered UNAUTHORIZED means the BFF has signed the browser out (no tokens, or the
 * refresh was refused): the session is re-read, and the guard then sends the user to /auth.
 */
function useSignOutOnUnauthorized() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const sessionKey = JSON.stringify(trpc.auth.session.queryKey());
    const recheck = () => void queryClient.invalidateQueries({ queryKey: trpc.auth.session.queryKey() });
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (JSON.stringify(event.query.queryKey) === sessionKey) return;
      if (isUnauthorized(event.action.error)) recheck();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isUnauthorized(event.action.error)) recheck();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}

/**
 * The access rules of spec §2 for the whole app: the sign-in area sends a signed-in user to
 * the panel, the panel sends a signed-out user to /auth, other paths are public. While the
 * account status is checked, a full-screen overlay says so.
 */
export function AccessGate() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const area = areaOf(pathname);
  const session = useQuery({ ...sessionQueryOptions(), enabled: area !== 'public' });
  useSignOutOnUnauthorized();

  const target =
    area === 'auth' && session.data ? PANEL_HOME_PATH : area === 'panel' && session.isSuccess && !session.data ? AUTH_PATH : undefined;

  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [target, navigate]);

  if (area === 'public') return <Outlet />;
  if (target) return <FullScreenLoader caption={target === AUTH_PATH ? MESSAGES.redirectingToAuth : MESSAGES.redirectingToPanel} />;
  if (session.isPending) return <FullScreenLoader caption={MESSAGES.checkingAccount} />;
  if (session.isError && area === 'panel') {
    return (
      <Box minH="100dvh" display="grid" placeItems="center" p="6">
        <Stack gap="4" align="center" textAlign="center">
          <Heading size="lg">وضعیت حساب کاربری بررسی نشد</Heading>
          <Text color="fg.muted">{session.error.message}</Text>
          <Button onClick={() => void session.refetch()} loading={session.isFetching}>
            تلاش دوباره
          </Button>
        </Stack>
      </Box>
    );
  }
  return <Outlet />;
}
