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

/** One task later: what was asked in this task has left (the batch link sends it from a timer queued first). */
const afterBatchedCalls = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * What a page's first load asks the server for before React renders (issue 36, decision 142):
 * the session check at once, and, as soon as it says who is signed in, the screen's own first
 * queries. The screen's code is fetched meanwhile (the router starts its chunk as it is made), so
 * the check, the chunk and the queries overlap instead of each waiting for a render; the
 * components' queries find them in flight or answered.
 *
 * The session's answer renders the shell, a long task (~200 ms on this kind of machine); the
 * screen's queries are started before it lands in the cache and leave in the task before that
 * render (decision 146), not after it.
 */
export function startFirstCalls({ pathname, search }: { pathname: string; search: string }): void {
  if (areaOf(pathname) === 'public') return;
  const options = sessionQueryOptions();
  const preload = PRELOADS[pathname.replace(/\/$/, '')];
  const ask = options.queryFn;
  if (!preload || typeof ask !== 'function') {
    void queryClient.prefetchQuery(options);
    return;
  }
  // A failed check is the gate's to show (it checks again); the screen then asks for itself.
  void queryClient.prefetchQuery({
    ...options,
    queryFn: async (context) => {
      const answer = await ask(context);
      if (answer && allows(preload.access, answer.roles)) {
        preload.start(new URLSearchParams(search));
        await afterBatchedCalls();
      }
      return answer;
    },
  });
}
