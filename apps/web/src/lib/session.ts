import { useQuery } from '@tanstack/react-query';
import type { Role } from '@panel/contracts/common';
import { sessionView, type SessionView } from './session-check';
import { trpc } from './trpc';

/** The account status; null when signed out. The guard shows its own messages, so silent. */
export const sessionQueryOptions = () => ({ ...trpc.auth.session.queryOptions(), meta: { silent: true } });

/**
 * Whether the signed-in user holds `role`: screens open to everyone show staff actions only to
 * staff. The BFF enforces the same rule on every procedure; this only hides what would be refused.
 */
export function useHasRole(role: Role): boolean {
  return useQuery(sessionQueryOptions()).data?.roles.includes(role) ?? false;
}

/** The account status as the screen acts on it (`sessionView`), and the query to retry it now. */
export function useSessionView(enabled = true) {
  const query = useQuery({ ...sessionQueryOptions(), enabled });
  type Session = NonNullable<typeof query.data>;
  const view: SessionView<Session> = sessionView(query);
  return { view, query };
}
