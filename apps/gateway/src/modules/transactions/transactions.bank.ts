import type { BankAnswer } from '@panel/contracts/transactions';
import type { Queryable } from '../../db/db';

// The bank that pays refunds back is outside the system (decision 118). The status check asks it
// through this adapter; a real bank would be one more implementation. The reference bank answers
// deterministically: an answer set for a refund in `bank_refund_answers` (by the seed or a test)
// is given once, in order; with none set it accepts a request and then pays it.

export interface BankReply {
  answer: BankAnswer;
  note: string;
}

export interface RefundBank {
  /** The bank's answer about `refund`, asked inside the check's transaction. */
  status(tx: Queryable, refund: { id: number; state: string }): Promise<BankReply>;
}

export const referenceBank: RefundBank = {
  async status(tx, refund) {
    const [scripted] = await tx.query<BankReply>(
      `UPDATE bank_refund_answers SET given_at = now()
        WHERE id = (SELECT id FROM bank_refund_answers WHERE refund_id = $1 AND given_at IS NULL ORDER BY id LIMIT 1)
        RETURNING answer, note`,
      [refund.id],
    );
    if (scripted) return scripted;
    return { answer: refund.state === 'requested' ? 'accepted' : 'paid', note: '' };
  },
};

/** The bank's trace number of an attempt: digits, the refund's and the attempt's. */
export const traceNumberOf = (id: number, attempt: number) => `8${String(id).padStart(9, '0')}${String(attempt).padStart(2, '0')}`;
