import { compareDecimals, type FieldValue, type Money, type ResourceRecord, type RowAction } from '@core/sdk/shared';
import {
  assertNoBody,
  type Actor,
  type Queryable,
  type RecordWriter,
  type ServerPluginContext,
} from '@core/sdk/server';
import { adjustingTransactionHash, cardCorrectionsResource } from '../../shared/card-corrections';
import { transactionsResource } from '../../shared/resources';
import { lockWallets } from '../transactions/balances';
import { correctionArticle } from './correction-articles';
import { figuresOn, negated } from './figures';
import { adjustingComment } from './messages';

/**
 * `POST card-corrections/{id}/approve` (FW and FT), the `approve` row action, taking no input
 * (only the engine's optional `version`). The engine locks the correction and refuses one that is
 * not open (409: a second, concurrent approval waits for the lock, then finds it approved). Then,
 * in the same database transaction, the wallet is locked, the figures are recomputed on the
 * correction date, and a non-zero difference is booked through the engine as the adjusting
 * transaction (validated, USD from the date's rate, the balance moved, audited): |difference|
 * under the income correction article when the statement is higher, the expense one when lower.
 * A zero difference closes the correction with no transaction. A missing rate is the
 * transaction's 422, and nothing is written.
 */

export interface Adjustment {
  readonly walletId: number;
  readonly date: string;
  /** Statement minus books: its sign picks the article, its size is the amount. */
  readonly difference: Money;
  readonly correctionId: number;
  readonly comment: string;
}

/** Books the adjusting transaction of a non-zero difference; its id, or null when there is nothing to book. */
export async function bookAdjustment(
  tx: Queryable,
  records: RecordWriter,
  adjustment: Adjustment,
  actor: Actor,
): Promise<number | null> {
  const { amount, currency } = adjustment.difference;
  const sign = compareDecimals(amount, '0');
  if (sign === 0) return null;
  const article = await correctionArticle(tx, records, sign > 0 ? 'income' : 'expense', actor);
  const values: Record<string, FieldValue> = {
    date_fact: adjustment.date,
    wallet_id: adjustment.walletId,
    article_id: article,
    amount: { amount: sign > 0 ? amount : negated(amount), currency },
    commission: { amount: '0', currency },
    hash: adjustingTransactionHash(adjustment.correctionId),
    comment: adjustment.comment,
  };
  return (await records.createIn(tx, transactionsResource, values, actor)).id;
}

/** What the approval stores: who approved and when, and the transaction booked (if any). */
export function approvalValues(actor: Actor, transactionId: number | null): Record<string, FieldValue> {
  return {
    status: 'approved',
    approved_by: actor.id,
    approved_at: new Date().toISOString(),
    transaction_id: transactionId,
  };
}

/**
 * Approves an open correction (locked by the caller) in `tx`: the figures recomputed with the
 * wallet locked, the adjusting transaction booked; the values the correction gets, to be written
 * as its `approve` change.
 */
export async function approvalIn(
  tx: Queryable,
  records: RecordWriter,
  correction: ResourceRecord,
  actor: Actor,
): Promise<Record<string, FieldValue>> {
  const walletId = correction.wallet_id as number;
  const date = correction.correction_date as string;
  await lockWallets(tx, [walletId]);
  const figures = await figuresOn(tx, walletId, date, correction.statement_balance as Money);
  const transactionId = await bookAdjustment(
    tx,
    records,
    {
      walletId,
      date,
      difference: figures.difference,
      correctionId: correction.id,
      comment: adjustingComment(correction.id),
    },
    actor,
  );
  return { ...figures, ...approvalValues(actor, transactionId) };
}

export function registerApproveAction({ records, resources }: ServerPluginContext, action: RowAction): void {
  resources.rowAction(cardCorrectionsResource, action, async ({ tx, record, request, actor }) => {
    const { version: _version, ...input } =
      typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
    assertNoBody(input);
    return approvalIn(tx, records, record, actor);
  });
}
