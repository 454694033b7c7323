import type { FastifyInstance } from 'fastify';
import { validationError, type Database } from '@core/sdk/server';
import { BASE_CURRENCY } from '../../shared/currencies';
import { AMOUNT_SCALE } from '../money/usd';

/**
 * The finance widgets of the main dashboard:
 * - `GET dashboard/balances` (FW): every live wallet's balance in its currency, and in dollars at
 *   the latest rate on or before today (null when no rate is known), with the dollar total.
 * - `GET dashboard/month?month=YYYY-MM` (FT): income and expense of a calendar month (this one by
 *   default, UTC) by article direction, in dollars: Σ amount_usd per direction, and the month's
 *   commissions (Σ commission_usd) apart. All sums are SQL `numeric`, sent as decimal strings.
 */

interface BalanceRow {
  readonly id: number;
  readonly name: string;
  readonly currency: string;
  readonly balance: string;
  readonly balance_usd: string | null;
}

const MONTH = /^([1-9]\d{3})-(0[1-9]|1[0-2])$/;

export function dashboardRoutes(app: FastifyInstance, db: Database): void {
  app.get('/dashboard/balances', { config: { access: { requires: 'FW' } } }, async () => {
    const { rows } = await db.query<BalanceRow>(
      `SELECT w.id::int AS id, w.name, w.currency, trim_scale(coalesce(w.balance, 0))::text AS balance,
              trim_scale(round(coalesce(w.balance, 0) * r.rate, ${AMOUNT_SCALE}))::text AS balance_usd
         FROM finance.wallets w
         LEFT JOIN LATERAL (
           SELECT CASE WHEN w.currency = $1 THEN 1::numeric
                       ELSE (SELECT usd_rate FROM finance.exchange_rates x
                              WHERE x.currency = w.currency AND x.rate_date <= current_date
                              ORDER BY x.rate_date DESC LIMIT 1) END AS rate
         ) r ON true
        WHERE w.deleted_at IS NULL
        ORDER BY w.name, w.id`,
      [BASE_CURRENCY],
    );
    const { rows: total } = await db.query<{ total: string }>(
      'SELECT trim_scale(coalesce(sum(value::numeric), 0))::text AS total FROM unnest($1::text[]) AS value',
      [rows.flatMap((row) => (row.balance_usd === null ? [] : [row.balance_usd]))],
    );
    return {
      data: {
        data: rows,
        total_usd: total[0]?.total ?? '0',
        // Wallets without a known rate are left out of the dollar total; the browser can say so.
        wallets_without_rate: rows.filter((row) => row.balance_usd === null).map((row) => row.id),
      },
    };
  });

  app.get<{ Querystring: { month?: string } }>(
    '/dashboard/month',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { month: { type: 'string', maxLength: 7 } },
        },
      },
      config: { access: { requires: 'FT' } },
    },
    async (request) => {
      const month = request.query.month;
      if (month !== undefined && !MONTH.test(month)) throw validationError({ month: ['Give the month as YYYY-MM.'] });
      const { rows: bounds } = await db.query<{ from: string; to: string }>(
        `SELECT to_char(m, 'YYYY-MM-DD') AS "from", to_char((m + interval '1 month' - interval '1 day')::date, 'YYYY-MM-DD') AS "to"
           FROM (SELECT CASE WHEN $1::text IS NULL THEN date_trunc('month', (now() AT TIME ZONE 'UTC'))::date
                             ELSE to_date($1::text || '-01', 'YYYY-MM-DD') END AS m) AS b`,
        [month ?? null],
      );
      const { from, to } = bounds[0] as { from: string; to: string };
      const { rows } = await db.query<{ direction: string; amount_usd: string; commission_usd: string; count: number }>(
        `SELECT d.direction,
                trim_scale(coalesce(sum(t.amount_usd), 0))::text AS amount_usd,
                trim_scale(coalesce(sum(t.commission_usd), 0))::text AS commission_usd,
                count(t.id)::int AS count
           FROM (VALUES ('income'), ('expense')) AS d(direction)
           LEFT JOIN finance.articles a ON a.direction = d.direction
           LEFT JOIN finance.transactions t ON t.article_id = a.id AND t.date_fact BETWEEN $1::date AND $2::date
          GROUP BY d.direction ORDER BY d.direction DESC`,
        [from, to],
      );
      const of = (direction: string) => rows.find((row) => row.direction === direction);
      const { rows: commission } = await db.query<{ total: string }>(
        'SELECT trim_scale($1::numeric + $2::numeric)::text AS total',
        [of('income')?.commission_usd ?? '0', of('expense')?.commission_usd ?? '0'],
      );
      return {
        data: {
          from,
          to,
          currency: BASE_CURRENCY,
          income: of('income')?.amount_usd ?? '0',
          expense: of('expense')?.amount_usd ?? '0',
          commission: commission[0]?.total ?? '0',
          directions: rows.map((row) => ({
            direction: row.direction,
            amount_usd: row.amount_usd,
            commission_usd: row.commission_usd,
            count: row.count,
          })),
        },
      };
    },
  );
}
