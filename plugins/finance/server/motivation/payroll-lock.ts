import { ApiError, type Queryable } from '@core/sdk/server';
import { MOTIVATION_MESSAGES } from './messages';

/**
 * A payroll draft carries an approved month's pay, which is never changed: the draft may be
 * converted into its transaction (the convert action), but its amount, wallet and date stay.
 */
export async function assertNotPayroll(tx: Queryable, draftId: number): Promise<void> {
  const { rows } = await tx.query('SELECT 1 FROM finance.motivation_lines WHERE transaction_draft_id = $1 LIMIT 1', [
    draftId,
  ]);
  if (rows.length > 0) throw new ApiError(409, MOTIVATION_MESSAGES.payrollDraftIsFinal);
}
