import { sql, type Kysely } from 'kysely';
import { CLOSED_ORDER_STATES, MAKEUP_CAP, type AssignmentReason, type SkipReason } from '@panel/contracts/inspection-assistants';
import type { CoreTables } from '../../db/core-tables';
import type { Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import type { Actor } from '../../workflow';
import type { InspectionAssistantsTables, SkippedAssistant } from './inspection-assistants.tables';

// The rotation (decision 097). Every decision here runs under the rotation pointer's row lock
// (`assistant_turn`, one row): the next order's assistant, a change of who is active, a clear, a
// balance. So two orders created at once are given one after the other, never to the same turn.

/** What this module reads of auth's users (names); modules never import each other. */
interface ReadTables {
  users: { username: string; first_name: string; last_name: string };
}
export type Tables = CoreTables & ReadTables & InspectionAssistantsTables;
export type AssistantsDb = Kysely<Tables>;

/** One assistant as the rotation weighs them: their seat, state and open load. */
export interface Seat {
  id: number;
  username: string;
  position: number;
  active: boolean;
  paused_until: string | null;
  capacity: number;
  makeup_owed: number;
  open_orders: number;
}

/** The open orders of an assistant, counted on the partial index of migration 1500. */
export const openOrdersOf = (username: string | { ref: string }) =>
  sql<number>`(SELECT count(*)::int FROM inspections i WHERE i.assistant = ${typeof username === 'string' ? username : sql.ref(username.ref)} AND i.state NOT IN (${sql.join(CLOSED_ORDER_STATES)}))`;

/** Locks the rotation pointer: every turn-assign decision starts here, in the caller's transaction. */
export async function lockPointer(q: AssistantsDb) {
  return q.selectFrom('assistant_turn').select(['last_position', 'makeup_for']).where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
}

/** Every assistant in seat order with their open load (read under the pointer's lock). */
export async function seats(q: AssistantsDb): Promise<Seat[]> {
  return q
    .selectFrom('inspection_assistants as a')
    .select(['a.id', 'a.username', 'a.position', 'a.active', 'a.paused_until', 'a.capacity', 'a.makeup_owed', openOrdersOf({ ref: 'a.username' }).as('open_orders')])
    .orderBy('a.position')
    .execute();
}

/** Why the rotation passes `seat` over now, or undefined when it can take an order. */
export function skipReason(seat: Seat, now: number): SkipReason | undefined {
  if (!seat.active) return 'inactive';
  if (seat.paused_until && Date.parse(seat.paused_until) > now) return 'paused';
  if (seat.open_orders >= seat.capacity) return 'at_capacity';
  return undefined;
}

/** The seats in the rotation's order from the pointer: the one after the last turn first. */
export function rotationOrder(all: Seat[], lastPosition: number): Seat[] {
  const start = all.findIndex((seat) => seat.position > lastPosition);
  return start <= 0 ? all : [...all.slice(start), ...all.slice(0, start)];
}

export interface Choice {
  seat: Seat | undefined;
  reason: AssignmentReason;
  skipped: { seat: Seat; why: SkipReason }[];
}

/**
 * Who gets the next order: an assistant owed a make-up turn right after their own turn, else the
 * next seat that can take one (passing over the inactive, the paused and the full), else nobody.
 */
export function chooseNext(all: Seat[], pointer: { last_position: number; makeup_for: number | null }, now: number): Choice {
  const owed = pointer.makeup_for === null ? undefined : all.find((seat) => seat.id === pointer.makeup_for);
  if (owed && owed.makeup_owed > 0 && skipReason(owed, now) === undefined) return { seat: owed, reason: 'makeup', skipped: [] };
  const skipped: Choice['skipped'] = [];
  for (const seat of rotationOrder(all, pointer.last_position)) {
    const why = skipReason(seat, now);
    if (!why) return { seat, reason: 'turn', skipped };
    skipped.push({ seat, why });
  }
  return { seat: undefined, reason: 'pool', skipped };
}

/** A ledger row's `skipped` (jsonb) from the assistants passed over. */
const skippedJson = (skipped: SkippedAssistant[]) => sql<SkippedAssistant[]>`${JSON.stringify(skipped)}::jsonb`;

/** The ledger's record of whom a choice passed over. */
const skippedOf = (choice: Choice): SkippedAssistant[] => choice.skipped.map(({ seat, why }) => ({ id: seat.id, why }));

/**
 * Gives a new order to the next assistant in turn, in the caller's transaction (the port of
 * decision 033 that inspection-orders' create calls): locks the pointer, decides, sets the
 * order's assistant, moves the pointer, owes a make-up turn to each assistant passed over while
 * inactive or on a break (capped), and writes the ledger row.
 */
export async function assignNewOrder(tx: Queryable, actor: Actor, inspectionId: number): Promise<{ assistant: string | null; reason: AssignmentReason }> {
  const q = kyselyOf<Tables>(tx);
  const pointer = await lockPointer(q);
  const all = await seats(q);
  const choice = chooseNext(all, pointer, Date.now());
  const missed = choice.skipped.filter(({ why }) => why !== 'at_capacity').map(({ seat }) => seat.id);
  if (missed.length) {
    await q
      .updateTable('inspection_assistants')
      .set({ makeup_owed: sql`least(makeup_owed + 1, ${MAKEUP_CAP})` })
      .where('id', 'in', missed)
      .execute();
  }
  const seat = choice.seat;
  if (seat) {
    const paysMakeup = choice.reason === 'makeup';
    await q
      .updateTable('assistant_turn')
      .set({
        last_position: seat.position,
        // A turn of someone owed starts their make-up: the order after this one is theirs too.
        makeup_for: !paysMakeup && seat.makeup_owed > 0 ? seat.id : null,
      })
      .where('id', '=', 1)
      .execute();
    if (paysMakeup) await q.updateTable('inspection_assistants').set({ makeup_owed: sql`makeup_owed - 1` }).where('id', '=', seat.id).execute();
  } else if (pointer.makeup_for !== null) {
    await q.updateTable('assistant_turn').set({ makeup_for: null }).where('id', '=', 1).execute();
  }
  await q.updateTable('inspections').set({ assistant: seat?.username ?? null }).where('pk', '=', inspectionId).execute();
  await q
    .insertInto('assistant_assignments')
    .values({ inspection_id: inspectionId, assistant_id: seat?.id ?? null, reason: choice.reason, skipped: skippedJson(skippedOf(choice)), actor_username: actor.username })
    .execute();
  return { assistant: seat?.username ?? null, reason: choice.reason };
}
