import { sql } from 'kysely';
import { formatToman, toPersianDigits } from '@panel/contracts/common';
import {
  AFFIDAVIT_CHECKLIST,
  AFFIDAVIT_DOCUMENT_KINDS,
  AFFIDAVIT_WORKFLOW,
  AFFIDAVITS_MESSAGES,
  affidavitFee,
  type AddAffidavitInput,
  type AffidavitLinkKind,
  type AffidavitOutcome,
  type AffidavitStepInput,
  type AttachAffidavitDocumentInput,
  type PurchaseAffidavitInput,
  type SendAffidavitLinkInput,
  type UpdateAffidavitInput,
} from '@panel/contracts/affidavits';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { badRequest, conflict } from '../../errors';
import { recordOutbox } from '../../outbox';
import { type Actor, lockedRow, logAction, move } from '../../workflow';
import { AFFIDAVIT_ENTITY, type AffidavitsDb, type AffidavitsTablesAll } from './affidavits.service';

// Affidavit changes (decision 104). Each runs in one transaction: it locks the affidavit, decides
// on what it read under the lock (a stale version is a 409), moves the declared table (which
// writes the action log) and changes the rows. A purchase and a link are recorded once per request
// id: the same request again (a double click, a retry) answers what was recorded.

/** Where the buyer pays the fee and where both sides download the affidavit (under PAYMENT_LINK_BASE_URL). */
export const affidavitLink = (base: string, id: number, kind: AffidavitLinkKind) => `${base.replace(/\/+$/, '')}/affidavit/${id}/${kind === 'payment' ? 'pay' : 'download'}`;

const locked = (q: AffidavitsDb, id: number, version?: number) => lockedRow(q, 'affidavits', id, { notFound: AFFIDAVITS_MESSAGES.notFound, stale: AFFIDAVITS_MESSAGES.stale }, { version });

async function saleExists(tx: Queryable, saleId: number | null) {
  if (saleId === null) return;
  const [sale] = await tx.query<{ id: number }>('SELECT id FROM concierge_sales WHERE id = $1', [saleId]);
  if (!sale) throw badRequest({ concierge_sale_id: [AFFIDAVITS_MESSAGES.noSale] });
}

const name = (id: number) => toPersianDigits(id);

export function affidavitActions(db: Db, linkBase: string) {
  const inTx = <T>(work: (q: AffidavitsDb, tx: Queryable) => Promise<T>) => db.transaction((tx) => work(kyselyOf<AffidavitsTablesAll>(tx), tx));
  const done = (row: { id: number; state: AffidavitOutcome['state']; version: number; fee: number | null }, message: string): AffidavitOutcome => ({
    id: row.id, state: row.state, version: row.version, fee: row.fee, message,
  });

  async function sendLink(kind: AffidavitLinkKind, actor: Actor, input: SendAffidavitLinkInput): Promise<AffidavitOutcome> {
    const message = kind === 'payment' ? AFFIDAVITS_MESSAGES.paymentLinkSent : AFFIDAVITS_MESSAGES.downloadLinkSent;
    return inTx(async (q, tx) => {
      const row = await locked(q, input.id);
      const repeated = await q.selectFrom('affidavit_links').select(['affidavit_id', 'kind']).where('request_id', '=', input.request_id).executeTakeFirst();
      if (repeated) {
        if (repeated.affidavit_id !== row.id || repeated.kind !== kind) throw conflict(AFFIDAVITS_MESSAGES.otherRequest);
        return done(row, message);
      }
      const action = kind === 'payment' ? 'send_payment_link' : 'send_download_link';
      const targets = kind === 'payment' ? [row.buyer_phone] : [row.buyer_phone, row.seller_phone];
      const state = await move(tx, AFFIDAVIT_WORKFLOW, { entity: AFFIDAVIT_ENTITY, entityId: row.id, name: name(row.id), action, from: row.state, actor, details: { request_id: input.request_id } });
      const amount = kind === 'payment' ? row.fee : null;
      await q.insertInto('affidavit_links').values({ affidavit_id: row.id, kind, request_id: input.request_id, target: targets.join('، '), amount, created_by: actor.username }).execute();
      for (const target of targets) {
        const text =
          kind === 'payment'
            ? `کارنامه: کارمزد قولنامه شماره ${name(row.id)} (${row.car_title}) ${formatToman(amount!)} است. پرداخت: ${affidavitLink(linkBase, row.id, kind)}`
            : `کارنامه: قولنامه شماره ${name(row.id)} (${row.car_title}) آماده است. دانلود: ${affidavitLink(linkBase, row.id, kind)}`;
        await recordOutbox(tx, { channel: 'sms', target, text, amount: amount ?? undefined, entity: AFFIDAVIT_ENTITY, entityId: row.id, createdBy: actor.username });
      }
      const changed = await q.updateTable('affidavits').set({ state, version: row.version + 1, updated_at: sql<string>`now()` }).where('id', '=', row.id).returning(['id', 'state', 'version', 'fee']).executeTakeFirstOrThrow();
      return done(changed, message);
    });
  }

  return {
    add: (actor: Actor, input: AddAffidavitInput): Promise<AffidavitOutcome> =>
      inTx(async (q, tx) => {
        await saleExists(tx, input.concierge_sale_id);
        const row = await q.insertInto('affidavits').values({ ...input, created_by: actor.username }).returning(['id', 'state', 'version', 'fee']).executeTakeFirstOrThrow();
        await logAction(tx, { entity: AFFIDAVIT_ENTITY, entityId: row.id, action: 'add', to: row.state, actor });
        return done(row, AFFIDAVITS_MESSAGES.added);
      }),

    update: (actor: Actor, input: UpdateAffidavitInput): Promise<AffidavitOutcome> =>
      inTx(async (q, tx) => {
        const row = await locked(q, input.id, input.version);
        const state = await move(tx, AFFIDAVIT_WORKFLOW, { entity: AFFIDAVIT_ENTITY, entityId: row.id, name: name(row.id), action: 'update', from: row.state, actor });
        await saleExists(tx, input.fields.concierge_sale_id);
        const changed = await q
          .updateTable('affidavits')
          .set({ ...input.fields, state, fee: null, version: row.version + 1, updated_at: sql<string>`now()` })
          .where('id', '=', row.id)
          .returning(['id', 'state', 'version', 'fee'])
          .executeTakeFirstOrThrow();
        return done(changed, AFFIDAVITS_MESSAGES.updated);
      }),

    /** Computes the fee (the rule of decision 104) and keeps it: the purchase confirms this amount. */
    price: (actor: Actor, input: { id: number; version: number }): Promise<AffidavitOutcome> =>
      inTx(async (q, tx) => {
        const row = await locked(q, input.id, input.version);
        const fee = affidavitFee(row.price);
        const state = await move(tx, AFFIDAVIT_WORKFLOW, { entity: AFFIDAVIT_ENTITY, entityId: row.id, name: name(row.id), action: 'price', from: row.state, actor, reason: `کارمزد ${formatToman(fee)}`, details: { fee, price: row.price } });
        const changed = await q.updateTable('affidavits').set({ state, fee, version: row.version + 1, updated_at: sql<string>`now()` }).where('id', '=', row.id).returning(['id', 'state', 'version', 'fee']).executeTakeFirstOrThrow();
        return done(changed, AFFIDAVITS_MESSAGES.priced);
      }),

    /** One purchase per affidavit: the same request again answers it; another request finds it purchased (409). */
    purchase: (actor: Actor, input: PurchaseAffidavitInput): Promise<AffidavitOutcome> =>
      inTx(async (q, tx) => {
        const row = await locked(q, input.id);
        if (row.purchase_request_id === input.request_id) return done(row, AFFIDAVITS_MESSAGES.purchased);
        const other = await q.selectFrom('affidavits').select('id').where('purchase_request_id', '=', input.request_id).executeTakeFirst();
        if (other) throw conflict(AFFIDAVITS_MESSAGES.otherRequest);
        const state = await move(tx, AFFIDAVIT_WORKFLOW, { entity: AFFIDAVIT_ENTITY, entityId: row.id, name: name(row.id), action: 'purchase', from: row.state, actor, reason: row.fee ? `کارمزد ${formatToman(row.fee)}` : '', details: { request_id: input.request_id, fee: row.fee } });
        const changed = await q
          .updateTable('affidavits')
          .set({ state, purchase_request_id: input.request_id, purchased_at: sql<string>`now()`, version: row.version + 1, updated_at: sql<string>`now()` })
          .where('id', '=', row.id)
          .returning(['id', 'state', 'version', 'fee'])
          .executeTakeFirstOrThrow();
        return done(changed, AFFIDAVITS_MESSAGES.purchased);
      }),

    sendPaymentLink: (actor: Actor, input: SendAffidavitLinkInput) => sendLink('payment', actor, input),
    sendDownloadLink: (actor: Actor, input: SendAffidavitLinkInput) => sendLink('download', actor, input),

    /** Complete (its document checklist first) or cancel (with a reason). */
    step: (actor: Actor, input: AffidavitStepInput): Promise<AffidavitOutcome> =>
      inTx(async (q, tx) => {
        const row = await locked(q, input.id, input.version);
        if (input.action === 'complete' && AFFIDAVIT_WORKFLOW.can('complete', row.state)) {
          const kinds = new Set((await q.selectFrom('affidavit_documents').select('kind').where('affidavit_id', '=', row.id).execute()).map((d) => d.kind));
          const missing = AFFIDAVIT_CHECKLIST.find((kind) => !kinds.has(kind));
          if (missing) throw conflict(AFFIDAVITS_MESSAGES.checklist(AFFIDAVIT_DOCUMENT_KINDS[missing]));
        }
        const state = await move(tx, AFFIDAVIT_WORKFLOW, { entity: AFFIDAVIT_ENTITY, entityId: row.id, name: name(row.id), action: input.action, from: row.state, actor, reason: input.reason });
        const changed = await q.updateTable('affidavits').set({ state, version: row.version + 1, updated_at: sql<string>`now()` }).where('id', '=', row.id).returning(['id', 'state', 'version', 'fee']).executeTakeFirstOrThrow();
        return done(changed, input.action === 'complete' ? AFFIDAVITS_MESSAGES.completed : AFFIDAVITS_MESSAGES.canceled);
      }),

    /** A document uploaded to the media store, kept with its kind (the checklist reads it). */
    attach: (actor: Actor, input: AttachAffidavitDocumentInput): Promise<{ id: number; message: string }> =>
      inTx(async (q, tx) => {
        const row = await locked(q, input.id);
        const media = await q.selectFrom('media').select(['id', 'name', 'sha256']).where('id', '=', input.media_id).executeTakeFirst();
        if (!media) throw badRequest({ media_id: [AFFIDAVITS_MESSAGES.noMedia] });
        const document = await q.insertInto('affidavit_documents').values({ affidavit_id: row.id, media_id: media.id, kind: input.kind, created_by: actor.username }).returning('id').executeTakeFirstOrThrow();
        await logAction(tx, { entity: AFFIDAVIT_ENTITY, entityId: row.id, action: 'document', actor, reason: `${AFFIDAVIT_DOCUMENT_KINDS[input.kind]}: ${media.name}`, details: { media_id: media.id, sha256: media.sha256 } });
        return { id: document.id, message: AFFIDAVITS_MESSAGES.documentAdded };
      }),
  };
}
