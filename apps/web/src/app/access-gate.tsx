import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { AUTH_PATH, MESSAGES, PANEL_HOME_PATH } from '@panel/contracts/common/plain';
import { FullScreenLoader } from '@panel/ui/full-screen-loader';
import { island } from '@panel/ui/island';
import { useSessionView } from '../lib/session';
import { trpc } from '../lib/trpc';
import { areaOf } from './navigation';

// Chakra's, loaded when the check fails (decision 148): a first paint of the panel never needs it.
const AccountCheckFailed = island(async () => (await import('./account-check-failed')).AccountCheckFailed, { eager: true });

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
 * Once a lost session check reaches the server again, the screen's calls that failed meanwhile
 * are made again, so what it shows is current without a click.
 */
function useRefetchFailedOnRecovery(lost: boolean) {
  const queryClient = useQueryClient();
  const wasLost = useRef(false);
  useEffect(() => {
    if (wasLost.current && !lost) void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
    wasLost.current = lost;
  }, [lost, queryClient]);
}

/**
 * The access rules of spec §2 for the whole app: the sign-in area sends a signed-in user to
 * the panel, the panel sends a signed-out user to /auth, other paths are public. While the
 * account status is checked, a full-screen overlay says so. A check the server did not answer
 * signs nobody out (issue 28): a screen already shown stays, the shell says the connection is
 * lost, and the check goes on by itself (`session-check.ts`).
 */
export function AccessGate() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const area = areaOf(pathname);
  const { view, query } = useSessionView(area !== 'public');
  const queryClient = useQueryClient();
  useSignOutOnUnauthorized();
  useRefetchFailedOnRecovery(view.kind === 'signed-in' && view.lost !== null);

  const target =
    area === 'auth' && view.kind === 'signed-in' ? PANEL_HOME_PATH : area === 'panel' && view.kind === 'signed-out' ? AUTH_PATH : undefined;

  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [target, navigate]);

  if (area === 'public') return <Outlet />;
  if (target) return <FullScreenLoader caption={target === AUTH_PATH ? MESSAGES.redirectingToAuth : MESSAGES.redirectingToPanel} />;
  if (view.kind === 'checking') return <FullScreenLoader caption={MESSAGES.checkingAccount} />;
  if (area === 'panel' && (view.kind === 'unreachable' || view.kind === 'failed')) {
    const retry = () => void queryClient.cancelQueries({ queryKey: trpc.auth.session.queryKey() }).then(() => query.refetch());
    return <AccountCheckFailed view={view} retrying={query.isFetching && view.kind === 'failed'} onRetry={retry} />;
  }
  return <Outlet />;
}
