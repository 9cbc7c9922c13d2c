import type { Queryable } from './db/db';

// The outbox (MODULE-STANDARD): every message or request that would leave the system is
// recorded in the same transaction as the change that causes it, and nothing is sent from
// here. A real provider would read `recorded` rows and mark them sent or failed.

export type OutboxChannel = 'sms' | 'push' | 'bank_refund';

export interface OutboxEntry {
  channel: OutboxChannel;
  /** A phone number, an expert's id for a push, an account for a refund. */
  target: string;
  text: string;
  /** Tomans, for a refund or a payment link. */
  amount?: number;
  entity?: string;
  entityId?: number;
  createdBy: string;
}

export async function recordOutbox(tx: Queryable, entry: OutboxEntry): Promise<void> {
  await tx.query('INSERT INTO outbox (channel, target, text, amount, entity, entity_id, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    entry.channel,
    entry.target,
    entry.text,
    entry.amount ?? null,
    entry.entity ?? null,
    entry.entityId ?? null,
    entry.createdBy,
  ]);
}
