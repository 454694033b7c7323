import type { FastifyInstance } from 'fastify';
import { translated, type ServerPluginContext } from '@core/sdk/server';
import { exchangeRatesResource } from '../../shared/resources';
import { parseRatesCsv } from './rates-csv';

/**
 * `POST exchange-rates/import` (FT): CSV text, as `{ "csv": "…" }` or a `text/csv` body. Every line
 * is checked first; any bad line answers 422 with every problem by line number and stores nothing.
 * Otherwise the rates are upserted on (currency, rate_date) through the engine's set-based writes:
 * the new ones created and the changed ones changed, each with an `import` entry in its history
 * and the changed ones with version + 1, all in one transaction.
 */

const IMPORT_ACTION = 'import';

export function ratesRoutes(app: FastifyInstance, { db, records, routes }: ServerPluginContext): void {
  const { validationError, actorOf } = routes;
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
      const actor = actorOf(request);
      const written = await translated(exchangeRatesResource, actor.language, () =>
        db.transaction(async (tx) => {
          const { rows: stored } = await tx.query<{ id: number; key: string; usd_rate: string }>(
            `SELECT r.id::int AS id, r.currency || ' ' || to_char(r.rate_date, 'YYYY-MM-DD') AS key, trim_scale(r.usd_rate)::text AS usd_rate
               FROM finance.exchange_rates r
               JOIN unnest($1::text[], $2::date[]) AS i(currency, rate_date) USING (currency, rate_date)
                FOR UPDATE OF r`,
            [rates.map((rate) => rate.currency), rates.map((rate) => rate.date)],
          );
          const held = new Map(stored.map((row) => [row.key, row]));
          const fresh = rates.filter((rate) => !held.has(`${rate.currency} ${rate.date}`));
          const changed = rates.flatMap((rate) => {
            const row = held.get(`${rate.currency} ${rate.date}`);
            // Both in canonical form (no trailing zeros): 1.10 is the stored 1.1.
            return row && row.usd_rate !== rate.rate ? [{ id: row.id, values: { usd_rate: rate.rate } }] : [];
          });
          const created = await records.createManyIn(
            tx,
            exchangeRatesResource,
            fresh.map((rate) => ({ currency: rate.currency, rate_date: rate.date, usd_rate: rate.rate })),
            actor,
            IMPORT_ACTION,
          );
          await records.changeEachIn(tx, exchangeRatesResource, changed, { action: IMPORT_ACTION }, actor);
          return { inserted: created.length, updated: changed.length };
        }),
      );
      return {
        data: {
          total: rates.length,
          ...written,
          unchanged: rates.length - written.inserted - written.updated,
        },
      };
    },
  );
}
