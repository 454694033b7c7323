import type { FastifyInstance } from 'fastify';
import type { ServerPluginContext } from '@core/sdk/server';
import { exchangeRatesResource } from '../../shared/resources';
import { parseRatesCsv } from './rates-csv';

/**
 * `POST exchange-rates/import` (FT): CSV text, as `{ "csv": "…" }` or a `text/csv` body. Every line
 * is checked first; any bad line answers 422 with every problem by line number and stores nothing.
 * Otherwise all rates are upserted on (currency, rate_date) in one statement, each new or changed
 * rate getting an `import` entry in its history, all in one transaction.
 */

interface Upserted {
  readonly id: number;
  readonly currency: string;
  readonly rate_date: string;
  readonly usd_rate: string;
  readonly old_rate: string | null;
}
export function ratesRoutes(app: FastifyInstance, { db, users, audit, routes }: ServerPluginContext): void {
  const { validationError } = routes;
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post<{ Body: { csv: string } | string }>(
    '/exchange-rates/import',
    {
      schema: {
        body: {
          anyOf: [
            {
              type: 'object',
              additionalProperties: false,
              required: ['csv'],
              properties: { csv: { type: 'string', maxLength: 1_000_000 } },
            },
            { type: 'string' },
          ],
        },
      },
      config: { access: { requires: 'FT' } },
    },
    async (request) => {
      const text = typeof request.body === 'string' ? request.body : request.body.csv;
      const { rates, errors } = parseRatesCsv(text);
      const bad = Object.keys(errors).length;
      if (bad > 0) {
        const lines = Object.keys(errors).filter((key) => key.startsWith('line_')).length;
        throw validationError(errors, lines > 0 ? `Nothing was imported: ${lines} line(s) have problems.` : undefined);
      }
      const actorId = users.callerOf(request);
      const rows = await db.transaction(async (tx) => {
        const { rows: written } = await tx.query<Upserted>(
          `WITH incoming AS (
             SELECT * FROM unnest($1::text[], $2::date[], $3::numeric[]) AS i(currency, rate_date, usd_rate)
           ), previous AS (
             SELECT r.currency, r.rate_date, r.usd_rate FROM finance.exchange_rates r JOIN incoming i USING (currency, rate_date)
           ), upserted AS (
             INSERT INTO finance.exchange_rates AS r (currency, rate_date, usd_rate, created_by, updated_by)
             SELECT currency, rate_date, usd_rate, $4, $4 FROM incoming
             ON CONFLICT (currency, rate_date) DO UPDATE
               SET usd_rate = EXCLUDED.usd_rate, updated_at = now(), updated_by = EXCLUDED.updated_by, version = r.version + 1
               WHERE r.usd_rate IS DISTINCT FROM EXCLUDED.usd_rate
             RETURNING r.id, r.currency, r.rate_date, r.usd_rate
           )
           SELECT u.id::int AS id, u.currency, to_char(u.rate_date, 'YYYY-MM-DD') AS rate_date, u.usd_rate::text AS usd_rate, p.usd_rate::text AS old_rate
             FROM upserted u LEFT JOIN previous p USING (currency, rate_date)`,
          [rates.map((rate) => rate.currency), rates.map((rate) => rate.date), rates.map((rate) => rate.rate), actorId],
        );
        for (const row of written) {
          const snapshot = (rate: string) => ({ currency: row.currency, rate_date: row.rate_date, usd_rate: rate });
          await audit.record(tx, {
            resource: exchangeRatesResource.id,
            recordId: row.id,
            action: 'import',
            actorId,
            before: row.old_rate === null ? null : snapshot(row.old_rate),
            after: snapshot(row.usd_rate),
          });
        }
        return written;
      });
      const inserted = rows.filter((row) => row.old_rate === null).length;
      return {
        data: { total: rates.length, inserted, updated: rows.length - inserted, unchanged: rates.length - rows.length },
      };
    },
  );
}
