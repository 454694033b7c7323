import { compareDecimals, divideDecimals, type Money, type ResourceRecord } from '@core/sdk/shared';
import { validationError, type Actor, type Queryable, type RecordWriter } from '@core/sdk/server';
import { BASE_CURRENCY } from '../../shared/currencies';
import { motivationLinesResource, motivationSheetsResource, payrollHash } from '../../shared/motivation';
import { transactionDraftsResource } from '../../shared/resources';
import { AMOUNT_SCALE, requireRate } from '../money/usd';
import { payMonth } from '../pay/month';

/**
 * What approving a month pays: one transaction draft per line with a positive total, in the payroll
 * wallet's currency at the rate of the month's last day (a USD wallet takes the dollars as they
 * are), dated that day and hashed `payroll:<month>:<employee>`; each line then points at its draft.
 * Then the sheet is approved with the wallet, who and when. The caller holds the draft sheet's lock.
 */

interface PaidLine {
  readonly id: number;
  readonly employee_id: number;
  readonly total_usd: string;
}

async function walletCurrency(tx: Queryable, walletId: number): Promise<string> {
  const { rows } = await tx.query<{ currency: string }>(
    'SELECT currency FROM finance.wallets WHERE id = $1 AND deleted_at IS NULL',
    [walletId],
  );
  const wallet = rows[0];
  if (!wallet) throw validationError({ wallet_id: ['The chosen wallet does not exist.'] });
  return wallet.currency;
}

/** Dollars in the wallet's currency: divided by its USD rate (dollars for one unit), to the stored amounts' scale. */
function inWalletCurrency(usd: string, currency: string, rate: string): string {
  if (currency === BASE_CURRENCY) return usd;
  const amount = divideDecimals(usd, rate, AMOUNT_SCALE);
  // The rates screen refuses a rate of 0, so the division always has an answer.
  if (amount === null) throw new Error(`The ${currency} rate is 0.`);
  return amount;
}

export async function approveSheet(
  tx: Queryable,
  records: RecordWriter,
  sheet: { id: number; month: string },
  walletId: number,
  actor: Actor,
  version: number | null = null,
): Promise<ResourceRecord> {
  const currency = await walletCurrency(tx, walletId);
  const day = payMonth(sheet.month).last;
  const rate = await requireRate(tx, currency, day, 'wallet_id');
  const { rows: lines } = await tx.query<PaidLine>(
    `SELECT id::int AS id, employee_id::int AS employee_id, total_usd::text AS total_usd
       FROM finance.motivation_lines WHERE sheet_id = $1 ORDER BY employee_id FOR UPDATE`,
    [sheet.id],
  );
  for (const line of lines) {
    if (compareDecimals(line.total_usd, '0') <= 0) continue;
    const amount: Money = { amount: inWalletCurrency(line.total_usd, currency, rate), currency };
    const draft = await records.createIn(
      tx,
      transactionDraftsResource,
      {
        wallet_id: walletId,
        amount,
        commission: { amount: '0', currency },
        hash: payrollHash(sheet.month, line.employee_id),
        draft_date: day,
        employee_id: line.employee_id,
      },
      actor,
    );
    await records.changeIn(
      tx,
      motivationLinesResource,
      line.id,
      { action: 'approve', values: { transaction_draft_id: draft.id } },
      actor,
    );
  }
  const values = {
    status: 'approved',
    approved_by: actor.id,
    approved_at: new Date().toISOString(),
    wallet_id: walletId,
  };
  return records.changeIn(tx, motivationSheetsResource, sheet.id, { action: 'approve', values, version }, actor);
}
