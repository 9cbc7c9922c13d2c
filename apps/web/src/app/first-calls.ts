import { allows, type Access } from '@panel/contracts/common/plain';
import { DISPATCH_ACCESS } from '@panel/contracts/dispatch/plain';
import { preloadDispatchSheet } from '../modules/dispatch/api/preload';
import { sessionQueryOptions } from '../lib/session';
import { queryClient } from '../lib/trpc';
import { areaOf } from './navigation';

/**
 * The screens whose first queries start before anything renders, by path, with the access they
 * need: a call the user may not make is not made (it would only be refused).
 */
const PRELOADS: Record<string, { access: Access; start: (search: URLSearchParams) => void }> = {
  '/panel/inspection/orders/management': { access: DISPATCH_ACCESS.plan, start: preloadDispatchSheet },
};

/**
 * What a page's first load asks the server for before React renders (issue 36, decision 142):
 * the session check at once, and, as soon as it says who is signed in, the screen's own first
 * queries. The screen's code is fetched meanwhile (the router starts its chunk as it is made), so
 * the check, the chunk and the queries overlap instead of each waiting for a render; the
 * components' queries find them in flight or answered.
 */
export function startFirstCalls({ pathname, search }: { pathname: string; search: string }): void {
  if (areaOf(pathname) === 'public') return;
  const session = queryClient.fetchQuery(sessionQueryOptions());
  const preload = PRELOADS[pathname.replace(/\/$/, '')];
  if (!preload) return;
  session.then(
    (answer) => {
      if (answer && allows(preload.access, answer.roles)) preload.start(new URLSearchParams(search));
    },
    // The gate shows why the check failed, and checks again; the screen then asks for itself.
    () => {},
  );
}
