import { DISPATCH_ACCESS, DispatchEventSchema, LiveMessageSchema, WatchDateInputSchema, WS_DISPATCH_PATH, liveShiftToCell, type Cell, type DispatchEvent } from '@panel/contracts/dispatch';
import type { LiveFeedDeclaration } from '../../live/live-feed';
import { hubFor } from '../../live/live-hub';
import { watchLive } from '../../live/live-watch';
import { procedureFor } from '../../trpc';

// The dispatch sheet's live feed (DESIGN §6) on the shared live kit (decision 062): a topic is
// a date, an item a cell keyed by pk; cells change but never leave their date.

export const dispatchFeed: LiveFeedDeclaration<Cell, DispatchEvent> = {
  name: 'dispatch',
  path: WS_DISPATCH_PATH,
  init: (date) => ({ type: 'init', data: date }),
  items(message) {
    const parsed = LiveMessageSchema.safeParse(message);
    return parsed.success ? parsed.data.flatMap((expert) => expert.shifts.map(liveShiftToCell)) : undefined;
  },
  key: (cell) => cell.pk,
  version: (cell) => cell.version,
  snapshot: (date, cells, at) => ({ type: 'snapshot', date, cells, at }),
  delta: (date, cells) => ({ type: 'delta', date, cells }),
  status: (date, upstream) => ({ type: 'status', date, upstream }),
  reconnect: (date) => ({ type: 'reconnect', date }),
};

/** The dispatch hub of one gateway (tests and the fan-out bench look inside it). */
export const dispatchHub = (wsUrl: string) => hubFor(dispatchFeed, wsUrl);

export const watchProcedure = procedureFor(DISPATCH_ACCESS.plan)
  .meta({ summary: 'جریان زنده خانه‌های جدول یک روز: یک snapshot و سپس تغییرها', output: DispatchEventSchema })
  .input(WatchDateInputSchema)
  .subscription(({ ctx, input, signal }) => watchLive(dispatchFeed, { ctx, topic: input.date, lastEventId: input.lastEventId, signal }));
