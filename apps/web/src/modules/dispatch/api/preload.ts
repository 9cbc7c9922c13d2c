import { queryClient } from '../../../lib/trpc';
import { subscribeEarly } from '../../../lib/early-live';
import { parseBoard } from '../state/board-params';
import { earlyFeedKey, sheetDate, sheetQueries, watchDate } from './sheet-calls';

/**
 * The sheet's first queries, started before the sheet renders (app/first-calls.ts; issue 36,
 * decision 142), with the same keys the screen's own queries have: the experts, the areas and
 * the dates, then, as soon as the dates say which day opens, that day's shifts and statistics
 * and its live feed, which the screen takes over when it renders (lib/early-live.ts).
 */
export function preloadDispatchSheet(search: URLSearchParams): void {
  const board = parseBoard(search);
  void queryClient.prefetchQuery(sheetQueries.experts());
  void queryClient.prefetchQuery(sheetQueries.areas());
  queryClient.fetchQuery(sheetQueries.dates()).then(
    (dates) => {
      const date = sheetDate(board.date, dates);
      if (!date) return;
      void queryClient.prefetchQuery(sheetQueries.schedule(date));
      void queryClient.prefetchQuery(sheetQueries.statistics(date));
      subscribeEarly(earlyFeedKey(date), (handlers) => watchDate(date, null, handlers));
    },
    // The screen asks again and shows why it failed.
    () => {},
  );
}
