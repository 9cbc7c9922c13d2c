import { z } from 'zod';
import { CellSchema, DateKeySchema } from './entities';
import { DispatchDateSchema } from './inputs';

// The live channel (spec §7): the gateway's `/ws/dispatch` speaks the upstream message, the BFF
// turns it into tracked events for browsers.

/** Browser/BFF -> gateway: starts (or restarts) the stream of one date. */
export const LiveInitMessageSchema = z.object({ type: z.literal('init'), data: DispatchDateSchema });
export type LiveInitMessage = z.infer<typeof LiveInitMessageSchema>;

/**
 * One shift of an expert in a live message. `pk` is the shift pk (the product picks a shift by
 * pk); the cell's own pk travels as `cell_pk`, every other cell field as in `CellSchema`.
 */
export const LiveShiftSchema = CellSchema.omit({ pk: true }).extend({ pk: z.number().int(), cell_pk: z.number().int() });
export type LiveShift = z.infer<typeof LiveShiftSchema>;

/** Gateway -> BFF: experts by pk, each with its changed shifts. The first after init is the whole date. */
export const LiveMessageSchema = z.array(z.object({ pk: z.number().int(), shifts: z.array(LiveShiftSchema) }));
export type LiveMessage = z.infer<typeof LiveMessageSchema>;

export function liveShiftToCell(shift: LiveShift): z.infer<typeof CellSchema> {
  const { pk, cell_pk, ...rest } = shift;
  return { ...rest, pk: cell_pk, shift_id: pk };
}

/**
 * BFF -> browser, through a tRPC subscription with `tracked()` ids 'epoch:offset':
 * - snapshot: the whole date; replaces everything the browser holds for it (first event, and
 *   again after a too-old gap or a lost upstream);
 * - delta: changed cells; apply a cell only when its `version` is newer than the one held;
 * - status: the BFF's upstream link (`live` or `reconnecting`); deltas resume with a snapshot;
 * - reconnect: the BFF is shutting down; reconnect (to any replica) with the last id.
 */
export const DispatchEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), date: DateKeySchema, cells: z.array(CellSchema), at: z.iso.datetime({ offset: true }) }),
  z.object({ type: z.literal('delta'), date: DateKeySchema, cells: z.array(CellSchema) }),
  z.object({ type: z.literal('status'), date: DateKeySchema, upstream: z.enum(['live', 'reconnecting']) }),
  z.object({ type: z.literal('reconnect'), date: DateKeySchema }),
]);
export type DispatchEvent = z.infer<typeof DispatchEventSchema>;
