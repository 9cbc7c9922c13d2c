import { allows } from '@panel/contracts/common';
import { DISPATCH_ACCESS, pickDefaultDateOption, type DispatchEvent } from '@panel/contracts/dispatch';
import { sessionQueryOptions } from '../../../lib/session';
import { queryClient, trpc, trpcClient } from '../../../lib/trpc';
import { parseBoard } from '../state/board-params';
import { applyDelta, applySnapshot, createCellStore, type CellStore } from '../state/cell-store';

/** How long the loader's own subscription stays after it started: the screen's has taken over by then. */
const WARM_FEED_MS = 10_000;
const warmStores = new Map<string, CellStore>();

/** The store the loader's subscription has been filling for `date`, if any: the sheet starts from it. */
export const warmStoreOf = (date: string | null): CellStore | undefined => (date === null ? undefined : warmStores.get(date));

/**
 * Subscribes to the date's live feed before the sheet renders (the websocket, the BFF's upstream
 * feed and the snapshot are under way while the shell and the grid render) into a store the sheet
 * then adopts; the sheet's own subscription (useDispatchLive) starts as always and owns the link,
 * its snapshot replacing this one; this one ends a few seconds later.
 */
function warmLiveFeed(date: string): void {
  if (warmStores.has(date)) return;
  const store = createCellStore();
  warmStores.set(date, store);
  const subscription = trpcClient.dispatch.watch.subscribe(
    { date, lastEventId: null },
    {
      onData: (value: unknown) => {
        const event = (typeof value === 'object' && value !== null && 'data' in value && 'id' in value ? value.data : value) as DispatchEvent;
        if (event.date !== date) return;
        if (event.type === 'snapshot') applySnapshot(store, event.cells);
        else if (event.type === 'delta') applyDelta(store, event.cells);
      },
      onError: () => stop(),
    },
  );
  const stop = () => {
    subscription.unsubscribe();
    warmStores.delete(date);
  };
  setTimeout(stop, WARM_FEED_MS);
}

/**
 * The sheet's route loader (issue 36, decision 124): the router runs it as soon as the sheet's
 * code has arrived, before rendering the route, so the session check and the sheet's first
 * queries are under way before anything renders, and the sheet's first render already knows its
 * date and subscribes to the live feed at once (no render waits on `dispatch.dates`). It waits for
 * nothing itself: it fills the query cache the screen reads with the same keys, only for a
 * signed-in user the sheet is for (no call a viewer would be refused).
 */
export function dispatchSheetLoader({ request }: { request: Request }): null {
  void prefetch(new URL(request.url).searchParams);
  return null;
}

async function prefetch(search: URLSearchParams): Promise<void> {
  const session = await queryClient.fetchQuery(sessionQueryOptions()).catch(() => null);
  if (!session || !allows(DISPATCH_ACCESS.plan, session.roles)) return;
  // One batch: the three calls leave in the same tick.
  const dates = queryClient.fetchQuery(trpc.dispatch.dates.queryOptions()).catch(() => null);
  void queryClient.prefetchQuery(trpc.dispatch.experts.queryOptions({}));
  void queryClient.prefetchQuery(trpc.dispatch.areas.queryOptions());
  const date = parseBoard(search).date ?? (pickDefaultDateOption((await dates) ?? [])?.date ?? null);
  if (date === null) return;
  warmLiveFeed(date);
  void queryClient.prefetchQuery(trpc.dispatch.schedule.queryOptions({ date }));
  void queryClient.prefetchQuery(trpc.dispatch.shiftStatistics.queryOptions({ date }));
}
