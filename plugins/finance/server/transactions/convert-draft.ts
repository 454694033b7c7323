import type { FieldValue, Money } from '@core/sdk/shared';
import { ApiError, notFound, type Queryable } from '@core/sdk/server';

/**
 * Turning a draft into a transaction (`POST transaction-drafts/{id}/convert`, FF and FT): the
 * draft row is locked, a draft already linked is refused with 409, and the transaction is created
 * from the draft's wallet, amount, commission and hash with the caller's article and the rest of
 * the body (`date_fact` defaults to the draft date), then both records point at each other. It
 * all happens in one database transaction, so a draft is converted at most once even when two
 * requests race: the second waits for the lock and then finds the link.
 */

export const ALREADY_CONVERTED_MESSAGE = 'This draft has already been converted into a transaction.';

export interface LockedDraft {
  readonly id: number;
  readonly wallet_id: number;
  readonly amount: Money;
  readonly commission: Money | null;
  readonly hash: string;
  readonly draft_date: string;
  /** Whom a payroll draft pays: the transaction's employee unless the caller names another. */
  readonly employee_id: number | null;
  readonly transaction_id: number | null;
}

export async function lockDraftForConversion(tx: Queryable, draftId: number): Promise<LockedDraft> {
  const { rows } = await tx.query<{
    id: number;
    wallet_id: number;
    amount: string;
    amount_currency: string;
    commission: string | null;
    commission_currency: string | null;
    hash: string;
    draft_date: string;
    employee_id: number | null;
    transaction_id: number | null;
  }>(
    `SELECT id::int AS id, wallet_id::int AS wallet_id, trim_scale(amount)::text AS amount, amount_currency,
            trim_scale(commission)::text AS commission, commission_currency, hash,
            to_char(draft_date, 'YYYY-MM-DD') AS draft_date, employee_id::int AS employee_id, transaction_id::int AS transaction_id
       FROM finance.transaction_drafts WHERE id = $1 FOR UPDATE`,
    [draftId],
  );
  const row = rows[0];
  if (!row) throw notFound('Draft');
  if (row.transaction_id !== null) throw new ApiError(409, ALREADY_CONVERTED_MESSAGE);
  return {
    id: row.id,
    wallet_id: row.wallet_id,
    amount: { amount: row.amount, currency: row.amount_currency },
    commission:
      row.commission === null
        ? null
        : { amount: row.commission, currency: row.commission_currency ?? row.amount_currency },
    hash: row.hash,
    draft_date: row.draft_date,
    employee_id: row.employee_id,
    transaction_id: row.transaction_id,
  };
}

/** The new transaction's input: the draft's money and hash, the caller's choices for the rest (the draft's day and employee unless chosen). */
export function transactionInputFromDraft(
  draft: LockedDraft,
  body: Readonly<Record<string, FieldValue>>,
): Record<string, FieldValue> {
  return {
    date_fact: draft.draft_date,
    employee_id: draft.employee_id,
    ...body,
    wallet_id: draft.wallet_id,
    amount: draft.amount,
    commission: draft.commission,
    hash: draft.hash,
  };
}
