import { pickDefaultDateOption } from '@panel/contracts/dispatch/plain';
import { queryClient, trpc } from '../../../lib/trpc';
import { subscribeEarly } from '../../../lib/early-live';
import { parseBoard } from '../state/board-params';
import { earlyFeedKey, watchDate } from './dispatch-feed';

/**
 * The sheet's first queries, started before the sheet renders (app/first-calls.ts; issue 36,
 * decision 142), with the same keys the screen's own queries have: the experts, the areas and
 * the dates, then, as soon as the dates say which day opens, that day's shifts and statistics
 * and its live feed, which the screen takes over when it renders (lib/early-live.ts).
 */
export function preloadDispatchSheet(search: URLSearchParams): void {
  const board = parseBoard(search);
  void queryClient.prefetchQuery(trpc.dispatch.experts.queryOptions({}));
  void queryClient.prefetchQuery(trpc.dispatch.areas.queryOptions());
  queryClient.fetchQuery(trpc.dispatch.dates.queryOptions()).then(
    (dates) => {
      const date = board.date ?? pickDefaultDateOption(dates)?.date;
      if (!date) return;
      void queryClient.prefetchQuery(trpc.dispatch.schedule.queryOptions({ date }));
      void queryClient.prefetchQuery(trpc.dispatch.shiftStatistics.queryOptions({ date }));
      subscribeEarly(earlyFeedKey(date), (handlers) => watchDate(date, null, handlers));
    },
    // The screen asks again and shows why it failed.
    () => {},
  );
}
