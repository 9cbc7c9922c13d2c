import { pickDefaultDateOption } from '@panel/contracts/dispatch/plain';
import type { LiveHandlers } from '../../../lib/live-link';
import { trpc, trpcClient } from '../../../lib/trpc';

// The sheet's calls, defined once for the screen and for its preload (api/preload.ts), so the
// preload's answers land under the very keys the screen's queries read.

export const sheetQueries = {
  dates: () => trpc.dispatch.dates.queryOptions(),
  experts: () => trpc.dispatch.experts.queryOptions({}),
  areas: () => trpc.dispatch.areas.queryOptions(),
  schedule: (date: string) => trpc.dispatch.schedule.queryOptions({ date }),
  statistics: (date: string) => trpc.dispatch.shiftStatistics.queryOptions({ date }),
};

/** The day the sheet shows: the address's, else the default of the server's dates (spec §2). */
export const sheetDate = (fromAddress: string | null, dates: Parameters<typeof pickDefaultDateOption>[0] | undefined): string | null =>
  fromAddress ?? (dates ? (pickDefaultDateOption(dates)?.date ?? null) : null);

/** The sheet's live feed of one date (`dispatch.watch`), from `lastEventId` (null: a snapshot first). */
export const watchDate = (date: string, lastEventId: string | null, handlers: LiveHandlers) => trpcClient.dispatch.watch.subscribe({ date, lastEventId }, handlers);

/** The key of a date's feed opened before the sheet rendered (lib/early-live.ts). */
export const earlyFeedKey = (date: string) => `dispatch.watch:${date}`;
