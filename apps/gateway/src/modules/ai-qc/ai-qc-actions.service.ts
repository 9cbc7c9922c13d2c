import { sql } from 'kysely';
import { normalizePersian } from '@panel/contracts/cms';
import { toPersianDigits } from '@panel/contracts/common';
import {
  AI_QC_MESSAGES,
  AI_REJECT_REASONS,
  AI_SUBJECT_LABELS,
  AI_TEXT_SUBJECT,
  AI_TEXT_WORKFLOW,
  type AiTextOutcome,
  type AiTextStepInput,
  type ApproveAiTextInput,
  type EditApproveAiTextInput,
  type RejectAiTextInput,
  type ResubmitAiTextInput,
  type SubmitAiTextInput,
} from '@panel/contracts/ai-qc';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { badRequest, conflict, notFound } from '../../errors';
import { logAction, mayAct, move, type Actor } from '../../workflow';
import { wordChange } from './ai-qc-change';
import { AI_TEXT_ENTITY, getAiText, type AiQcDb, type AiQcTablesAll } from './ai-qc.service';

// AI text changes (decision 116). Each runs in one transaction: it locks the text, refuses a stale
// version (409: two reviewers deciding one text at once give one winner) after the actor's roles
// (403 first: someone who may not act learns that, not that the text moved on), moves the declared
// table (which checks the roles and writes the action log) and changes the row. Texts are
// Persian-normalised on save with the CMS's normaliser; an edit's word change is measured here,
// once, and kept on the row.

const name = (id: number) => toPersianDigits(id);
const reviewer = (actor: Actor) => actor.fullname || actor.username;

async function locked(q: AiQcDb, id: number, version?: number) {
  const row = await q.selectFrom('ai_texts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(AI_QC_MESSAGES.notFound);
  if (version !== undefined && row.version !== version) throw conflict(AI_QC_MESSAGES.stale);
  return row;
}

async function knownModel(q: AiQcDb, model: string) {
  await q.insertInto('ai_models').values({ name: model }).onConflict((oc) => oc.column('name').doNothing()).execute();
}

export function aiTextActions(db: Db) {
  const inTx = <T>(work: (q: AiQcDb, tx: Queryable) => Promise<T>) => db.transaction((tx) => work(kyselyOf<AiQcTablesAll>(tx), tx));
  const answer = async (q: AiQcDb, id: number, message: string): Promise<AiTextOutcome> => ({ text: await getAiText(q, id), message });
  const bump = (row: { version: number }) => ({ version: row.version + 1, updated_at: sql<string>`now()` });

  return {
    /** A model's text about an order or a post, into the queue. */
    submit: (actor: Actor, input: SubmitAiTextInput): Promise<AiTextOutcome> =>
      inTx(async (q, tx) => {
        mayAct(AI_TEXT_WORKFLOW, 'resubmit', actor);
        const subject = AI_TEXT_SUBJECT[input.kind];
        const found =
          subject === 'inspection'
            ? await q.selectFrom('inspections').select('pk as id').where('pk', '=', input.subject_id).executeTakeFirst()
            : await q.selectFrom('car_posts').select('id').where('id', '=', input.subject_id).executeTakeFirst();
        if (!found) throw badRequest({ subject_id: [AI_QC_MESSAGES.noSubject(AI_SUBJECT_LABELS[subject])] });
        await knownModel(q, input.model);
        const row = await q
          .insertInto('ai_texts')
          .values({
            kind: input.kind,
            model: input.model,
            inspection_pk: subject === 'inspection' ? input.subject_id : null,
            car_post_id: subject === 'car_post' ? input.subject_id : null,
            machine_text: normalizePersian(input.text),
            created_by: actor.username,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await logAction(tx, { entity: AI_TEXT_ENTITY, entityId: row.id, action: 'submit', to: 'pending', actor, reason: input.model, details: { model: input.model } });
        return answer(q, row.id, AI_QC_MESSAGES.submitted);
      }),

    /** The model's new text for one sent back to it: a new revision in the queue. */
    resubmit: (actor: Actor, input: ResubmitAiTextInput): Promise<AiTextOutcome> =>
      inTx(async (q, tx) => {
        mayAct(AI_TEXT_WORKFLOW, 'resubmit', actor);
        const row = await locked(q, input.id, input.version);
        const state = await move(tx, AI_TEXT_WORKFLOW, { entity: AI_TEXT_ENTITY, entityId: row.id, name: name(row.id), action: 'resubmit', from: row.state, actor, reason: input.model, details: { model: input.model, revision: row.revision + 1 } });
        await knownModel(q, input.model);
        await q
          .updateTable('ai_texts')
          .set({ state, model: input.model, machine_text: normalizePersian(input.text), revision: row.revision + 1, review_note: '', ...bump(row) })
          .where('id', '=', row.id)
          .execute();
        return answer(q, row.id, AI_QC_MESSAGES.resubmitted);
      }),

    /** The machine's text approved as it is. */
    approve: (actor: Actor, input: ApproveAiTextInput): Promise<AiTextOutcome> =>
      inTx(async (q, tx) => {
        mayAct(AI_TEXT_WORKFLOW, 'approve', actor);
        const row = await locked(q, input.id, input.version);
        const state = await move(tx, AI_TEXT_WORKFLOW, { entity: AI_TEXT_ENTITY, entityId: row.id, name: name(row.id), action: 'approve', from: row.state, actor });
        await q
          .updateTable('ai_texts')
          .set({ state, final_text: row.machine_text, edited: false, changed_words: 0, change_percent: 0, reviewed_by: reviewer(actor), reviewed_at: sql<string>`now()`, ...bump(row) })
          .where('id', '=', row.id)
          .execute();
        return answer(q, row.id, AI_QC_MESSAGES.approved);
      }),

    /** The reviewer's edit of the machine's text, normalised, measured and approved. */
    editApprove: (actor: Actor, input: EditApproveAiTextInput): Promise<AiTextOutcome> =>
      inTx(async (q, tx) => {
        mayAct(AI_TEXT_WORKFLOW, 'edit_approve', actor);
        const row = await locked(q, input.id, input.version);
        const text = normalizePersian(input.text);
        const change = wordChange(row.machine_text, text);
        const reason = `تغییر ${toPersianDigits(change.percent)}٪ واژه‌ها (${toPersianDigits(change.changedWords)} واژه حذف یا افزوده شد)`;
        const state = await move(tx, AI_TEXT_WORKFLOW, { entity: AI_TEXT_ENTITY, entityId: row.id, name: name(row.id), action: 'edit_approve', from: row.state, actor, reason, details: { changed_words: change.changedWords, change_percent: change.percent } });
        // Only spacing changed (or nothing): that is the machine's text, approved with «تأیید».
        if (change.changedWords === 0) throw badRequest({ text: [AI_QC_MESSAGES.unchanged] });
        await q
          .updateTable('ai_texts')
          .set({ state, final_text: text, edited: true, changed_words: change.changedWords, change_percent: change.percent, reviewed_by: reviewer(actor), reviewed_at: sql<string>`now()`, ...bump(row) })
          .where('id', '=', row.id)
          .execute();
        return answer(q, row.id, AI_QC_MESSAGES.editApproved);
      }),

    /** Rejected for a reason of the declared list (and a note, required for «سایر»). */
    reject: (actor: Actor, input: RejectAiTextInput): Promise<AiTextOutcome> =>
      inTx(async (q, tx) => {
        mayAct(AI_TEXT_WORKFLOW, 'reject', actor);
        const row = await locked(q, input.id, input.version);
        const reason = [AI_REJECT_REASONS[input.reason_code], input.note].filter(Boolean).join(': ');
        const state = await move(tx, AI_TEXT_WORKFLOW, { entity: AI_TEXT_ENTITY, entityId: row.id, name: name(row.id), action: 'reject', from: row.state, actor, reason, details: { reason_code: input.reason_code } });
        await q
          .updateTable('ai_texts')
          .set({ state, reject_reason: input.reason_code, review_note: input.note, reviewed_by: reviewer(actor), reviewed_at: sql<string>`now()`, ...bump(row) })
          .where('id', '=', row.id)
          .execute();
        return answer(q, row.id, AI_QC_MESSAGES.rejected);
      }),

    /**
     * Back to the model with what to fix (regenerate), or a decided text back to the queue (reopen,
     * a supervisor's): its approved text or rejection is cleared here and kept in the log.
     */
    step: (actor: Actor, input: AiTextStepInput): Promise<AiTextOutcome> =>
      inTx(async (q, tx) => {
        mayAct(AI_TEXT_WORKFLOW, input.action, actor);
        const row = await locked(q, input.id, input.version);
        const details = input.action === 'reopen' ? { final_text: row.final_text, reject_reason: row.reject_reason, reviewed_by: row.reviewed_by } : undefined;
        const state = await move(tx, AI_TEXT_WORKFLOW, { entity: AI_TEXT_ENTITY, entityId: row.id, name: name(row.id), action: input.action, from: row.state, actor, reason: input.reason, details });
        const cleared = { final_text: null, edited: false, changed_words: null, change_percent: null, reject_reason: null, reviewed_by: null, reviewed_at: null };
        await q
          .updateTable('ai_texts')
          .set({ state, ...cleared, review_note: input.action === 'regenerate' ? input.reason : '', ...bump(row) })
          .where('id', '=', row.id)
          .execute();
        return answer(q, row.id, input.action === 'regenerate' ? AI_QC_MESSAGES.regenerate : AI_QC_MESSAGES.reopened);
      }),
  };
}
