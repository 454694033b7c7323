import { addDecimals, type FieldValue, type ResourceRecord } from '@core/sdk/shared';
import type { DemoContext, Queryable } from '@core/sdk/server';
import { cardCorrectionsResource } from '../../shared/card-corrections';
import { approvalIn } from './approve-action';
import { bookBalanceOn } from './figures';
import { reversalIn } from './reverse-action';

/**
 * The card corrections' demo, on the bookkeeping demo's card wallets (found by name): on the RUB
 * card, an approved correction for unbooked SMS fees (with its adjusting transaction) and an open
 * one for a payment the books do not have yet; on the EUR operations account (a Wise debit card),
 * a refund approved and then reversed as a duplicate. Statements are the books on the day plus a
 * believable gap, so the figures hold whatever the demo's transactions are. The correction
 * articles are created by the first approval, as in use. Everything goes through the engine with
 * the demo's author, approvals and the reversal through the same code as the row actions.
 */

interface DemoWallet {
  readonly id: number;
  readonly currency: string;
}

async function walletNamed(tx: Queryable, name: string): Promise<DemoWallet | null> {
  const { rows } = await tx.query<DemoWallet>(
    'SELECT id::int AS id, currency FROM finance.wallets WHERE name = $1 AND deleted_at IS NULL',
    [name],
  );
  return rows[0] ?? null;
}

async function daysBefore(tx: Queryable, daysAgo: number): Promise<string> {
  const { rows } = await tx.query<{ day: string }>(`SELECT to_char(current_date - $1::int, 'YYYY-MM-DD') AS day`, [
    daysAgo,
  ]);
  return rows[0]?.day ?? '';
}

export async function seedCardCorrectionsDemo(tx: Queryable, demo: DemoContext): Promise<void> {
  const card = await walletNamed(tx, 'RUB card');
  const operations = await walletNamed(tx, 'Operations EUR');
  if (!card || !operations) return;

  /** A correction whose statement is the books on the day moved by `gap`. */
  const record = async (
    wallet: DemoWallet,
    daysAgo: number,
    gap: string,
    reason: string,
    comment: string | null = null,
  ): Promise<ResourceRecord> => {
    const date = await daysBefore(tx, daysAgo);
    const books = await bookBalanceOn(tx, wallet.id, date, wallet.currency);
    const values: Record<string, FieldValue> = {
      wallet_id: wallet.id,
      correction_date: date,
      statement_balance: { amount: addDecimals(books.amount, gap), currency: wallet.currency },
      reason,
      comment,
    };
    return demo.records.createIn(tx, cardCorrectionsResource, values, demo.author);
  };
  const approve = async (correction: ResourceRecord): Promise<ResourceRecord> =>
    demo.records.changeIn(
      tx,
      cardCorrectionsResource,
      correction.id,
      { action: 'approve', values: await approvalIn(tx, demo.records, correction, demo.author) },
      demo.author,
    );

  await approve(
    await record(
      card,
      10,
      '-149.5',
      'SMS notification fees charged by the bank were not booked.',
      'Statement for the first ten days of the month',
    ),
  );
  const refund = await approve(await record(operations, 20, '45', 'The statement shows a 45 EUR refund from Hetzner.'));
  await reversalIn(
    tx,
    demo.records,
    refund,
    'Duplicate: the refund is already booked in the USD account.',
    demo.author,
    null,
  );
  await record(card, 1, '-2350', 'The statement shows a Yandex Direct top-up not booked yet.');
}
