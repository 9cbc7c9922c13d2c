import type { LiveHandlers } from '../../../lib/live-link';
import { trpcClient } from '../../../lib/trpc';

/** The sheet's live feed of one date (`dispatch.watch`), from `lastEventId` (null: a snapshot first). */
export const watchDate = (date: string, lastEventId: string | null, handlers: LiveHandlers) => trpcClient.dispatch.watch.subscribe({ date, lastEventId }, handlers);

/** The key of a date's feed opened before the sheet rendered (lib/early-live.ts). */
export const earlyFeedKey = (date: string) => `dispatch.watch:${date}`;
