import type { FastifyInstance } from 'fastify';
import type { Database } from '@core/server/database/database';
import { validationError } from '@core/server/http/api-error';
import { parseRatesCsv } from './rates-csv';

/**
 * `POST exchange-rates/import` (FT): CSV text, as `{ "csv": "…" }` or a `text/csv` body. Every line
 * is checked first; any bad line answers 422 with every problem by line number and stores nothing.
 * Otherwise all rates are upserted on (currency, rate_date) in one statement.
 */
export function ratesRoutes(app: FastifyInstance, db: Database): void {
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post<{ Body: { csv: string } | string }>(
    '/exchange-rates/import',
    {
      schema: {
        body: {
          anyOf: [
            { type: 'object', additionalProperties: false, required: ['csv'], properties: { csv: { type: 'string', maxLength: 1_000_000 } } },
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
      const { rows } = await db.query<{ inserted: boolean }>(
        `INSERT INTO finance.exchange_rates (currency, rate_date, usd_rate)
         SELECT * FROM unnest($1::text[], $2::date[], $3::numeric[])
         ON CONFLICT (currency, rate_date) DO UPDATE
           SET usd_rate = EXCLUDED.usd_rate, updated_at = now(), version = finance.exchange_rates.version + 1
           WHERE finance.exchange_rates.usd_rate IS DISTINCT FROM EXCLUDED.usd_rate
         RETURNING (xmax = 0) AS inserted`,
        [rates.map((rate) => rate.currency), rates.map((rate) => rate.date), rates.map((rate) => rate.rate)],
      );
      const inserted = rows.filter((row) => row.inserted).length;
      return { data: { total: rates.length, inserted, updated: rows.length - inserted, unchanged: rates.length - rows.length } };
    },
  );
}
