import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/sdk/shared';
import type { Queryable } from '@core/sdk/server';
import { cardCorrectionsResource, type CardWalletSummary } from '../../shared/card-corrections';

/**
 * `GET card-corrections/summary` (FW), the list's panel of open differences: one row per live
 * wallet that is a card (its source says so) or has corrections, with its book balance now, the
 * latest statement recorded (open or approved; reversed corrections and reversals are not
 * statements anyone still stands by) and the Σ difference of the corrections not yet approved.
 * Sums are SQL numeric, sent as decimal text.
 */

/** A wallet whose source names a card (`Card`, `Corporate card`, `Карта`). */
const CARD_WALLET_SQL = `(w.source ILIKE '%card%' OR w.source ILIKE '%карт%')`;

interface SummaryRow {
  readonly wallet_id: number;
  readonly wallet_name: string;
  readonly currency: string;
  readonly balance: string;
  readonly statement_date: string | null;
  readonly statement_balance: string | null;
  readonly open_difference: string;
  readonly open_count: number;
}

export async function cardWalletSummary(db: Queryable): Promise<CardWalletSummary[]> {
  const { rows } = await db.query<SummaryRow>(
    `SELECT w.id::int AS wallet_id, w.name AS wallet_name, w.currency,
            trim_scale(coalesce(w.balance, 0))::text AS balance,
            to_char(latest.correction_date, 'YYYY-MM-DD') AS statement_date,
            trim_scale(latest.statement_balance)::text AS statement_balance,
            trim_scale(coalesce(pending.total, 0))::text AS open_difference,
            coalesce(pending.n, 0)::int AS open_count
       FROM finance.wallets w
       LEFT JOIN LATERAL (
         SELECT c.correction_date, c.statement_balance FROM finance.card_corrections c
          WHERE c.wallet_id = w.id AND c.status IN ('open', 'approved') AND c.reverses_id IS NULL
          ORDER BY c.correction_date DESC, c.id DESC LIMIT 1
       ) latest ON true
       LEFT JOIN LATERAL (
         SELECT sum(c.difference) AS total, count(*) AS n FROM finance.card_corrections c WHERE c.wallet_id = w.id AND c.status = 'open'
       ) pending ON true
      WHERE w.deleted_at IS NULL
        AND (${CARD_WALLET_SQL} OR EXISTS (SELECT 1 FROM finance.card_corrections c WHERE c.wallet_id = w.id))
      ORDER BY w.name, w.id`,
  );
  return rows.map((row) => ({
    wallet_id: row.wallet_id,
    wallet_name: row.wallet_name,
    book_balance: { amount: row.balance, currency: row.currency },
    latest_statement:
      row.statement_date === null || row.statement_balance === null
        ? null
        : { date: row.statement_date, balance: { amount: row.statement_balance, currency: row.currency } },
    open_difference: { amount: row.open_difference, currency: row.currency },
    open_count: row.open_count,
  }));
}

export function registerSummaryRoute(app: FastifyInstance, db: Queryable): void {
  app.get(
    `/${cardCorrectionsResource.path}/summary`,
    {
      config: { access: { requires: cardCorrectionsResource.access.read } },
      schema: { querystring: { type: 'object', additionalProperties: false } },
    },
    async (): Promise<DataEnvelope<CardWalletSummary[]>> => ({ data: await cardWalletSummary(db) }),
  );
}
