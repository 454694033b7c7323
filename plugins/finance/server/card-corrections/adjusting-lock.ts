import { ApiError, type Queryable } from '@core/sdk/server';
import { CORRECTION_MESSAGES } from './messages';

/**
 * A correction, once approved, is never edited: its adjusting transaction is part of it, so that
 * transaction is not edited either (deleting it is already refused while the correction points at
 * it). The way back is a reversal, which books an opposite transaction.
 */
export async function assertNotAdjusting(tx: Queryable, transactionId: number): Promise<void> {
  const { rows } = await tx.query('SELECT 1 FROM finance.card_corrections WHERE transaction_id = $1 LIMIT 1', [
    transactionId,
  ]);
  if (rows.length > 0) throw new ApiError(409, CORRECTION_MESSAGES.adjustingIsFinal);
}
