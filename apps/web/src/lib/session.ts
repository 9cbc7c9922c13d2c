import { useQuery } from '@tanstack/react-query';
import { allows, type Access } from '@panel/contracts/common/plain';
import { sessionView, type SessionView } from './session-check';
import { trpc } from './trpc';

/** The account status; null when signed out. The guard shows its own messages, so silent. */
export const sessionQueryOptions = () => ({ ...trpc.auth.session.queryOptions(), meta: { silent: true } });

const NO_ROLES: readonly string[] = [];

/** The signed-in user's roles; none while the session is read or when signed out. */
export function useRoles(): readonly string[] {
  return useQuery(sessionQueryOptions()).data?.roles ?? NO_ROLES;
}

/**
 * Whether the signed-in user may do an operation of a module's access table (decision 094):
 * `useCan(PRICING_ORDERS_ACCESS.price)`. The BFF and the gateway refuse by the same table; this
 * only hides what would be refused.
 */
export function useCan(access: Access): boolean {
  return allows(access, useRoles());
}

/** The account status as the screen acts on it (`sessionView`), and the query to retry it now. */
export function useSessionView(enabled = true) {
  const query = useQuery({ ...sessionQueryOptions(), enabled });
  type Session = NonNullable<typeof query.data>;
  const view: SessionView<Session> = sessionView(query);
  return { view, query };
}
