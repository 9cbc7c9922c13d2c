import type { PricingCondition } from '@panel/contracts/common';
import type { Quote } from '@panel/contracts/inspection-catalogue';
import type { Db, Queryable } from './db/db';
import type { GatewayEnv } from './env';
import type { Tokens } from './plugins/auth';
import type { Actor } from './workflow';

/** Call after the caller's transaction committed: tells the live screens what changed. */
export type Publish = () => Promise<void>;

/**
 * What one module does for another (decision 033). Modules never import each other: the module
 * that owns the rule implements its port, the app layer (`src/ports.ts`) wires it here.
 */
export interface DispatchPort {
  /**
   * The sheet's assignment of an order to an expert in the order's own shift, by the sheet's
   * rules (the cell is free, the order is not held, the order's state allows it), inside the
   * caller's transaction; the caller has locked the order first.
   */
  assignFromOffer(tx: Queryable, actor: Actor, input: { inspectionId: number; expertId: number }): Promise<Publish>;
  /** Marks a free cell "instant reserved" (availability 4) for a customer's reserve, in the caller's transaction. */
  reserveCell(tx: Queryable, actor: Actor, input: { cellPk: number; customer: string }): Promise<Publish>;
  /** Frees a cell a reserve held (back to available), in the caller's transaction; a cell no longer reserved is left alone. */
  freeReservedCell(tx: Queryable, actor: Actor | null, input: { cellPk: number; details: string }): Promise<Publish>;
  /** An expert added or made active (decision 105): a cell in each shift the sheet has from today on, in the caller's transaction. */
  expertJoined(tx: Queryable, expertId: number): Promise<Publish>;
  /**
   * An expert made inactive, in the caller's transaction: the codes of the orders they still hold
   * from today on (nothing changed; the caller refuses), or none, and their free cells from today
   * on are unavailable.
   */
  expertLeft(tx: Queryable, actor: Actor, expertId: number): Promise<{ held: string[]; publish: Publish }>;
  /** The report names of these experts (the sheet reads them for the modules that show an expert; decision 105); unknown ids are left out. */
  expertNames(q: Queryable, ids: readonly number[]): Promise<Map<number, string>>;
  /**
   * The assignments cancelled with the expert's penalty (the sheet's cancel form), recorded from
   * `since` (an instant; none: from the first) and before `before`, oldest first: the expert, the
   * order and when, keyed by the sheet's history row.
   */
  penalties(q: Queryable, range: { since: string | null; before: string }): Promise<PenaltyRecord[]>;
}

/** One cancellation with penalty, as the dispatch sheet recorded it. */
export interface PenaltyRecord {
  historyPk: number;
  expertId: number;
  inspectionId: number;
  at: string;
}

export interface OffersPort {
  /** Sends an order to offer (the order's `send_to_offer`), in its own transaction, and publishes it. */
  send(actor: Actor, inspectionId: number): Promise<{ pk: number; code: string; offer_sent_at: string }>;
}

export interface AssistantsPort {
  /**
   * Gives a new order to the next inspection assistant in turn (decision 097), inside the
   * caller's transaction that created it: sets its `assistant` and records the turn.
   */
  assignNewOrder(tx: Queryable, actor: Actor, inspectionId: number): Promise<{ assistant: string | null }>;
}

export interface CataloguePort {
  /**
   * The price of a package in a city on a day (null: today) with the conditions staff chose, by
   * the rates in force (decision 100), read in the caller's transaction; a Persian 400 on
   * `package` when the package is unknown, not on sale, or not sold in the city.
   */
  quote(q: Queryable, request: { package: string; cityId: number; day: string | null; conditions: readonly PricingCondition[] }): Promise<Quote>;
  /** Keeps the quote's breakdown, as given, for the order or reserve it priced; in the caller's transaction. */
  lock(tx: Queryable, quote: Quote, subject: { entity: 'inspection' | 'inspection_reserve'; entityId: number }, actor: Actor | null): Promise<void>;
}

export interface GatewayPorts {
  dispatch: DispatchPort;
  offers: OffersPort;
  assistants: AssistantsPort;
  catalogue: CataloguePort;
}

/** What every module plugin and seed receives from the app layer. */
export interface GatewayDeps {
  db: Db;
  env: GatewayEnv;
  tokens: Tokens;
  ports: GatewayPorts;
}
