import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/shared/envelopes';
import { REFERENCE_LIMIT } from '@core/shared/resource/definition';
import type { Database } from '../database/database';
import { REFERENCE_QUERY, type ReferenceOption, type ReferenceQuery } from '../resource/references';
import { containsCondition, containsPattern, SqlParams, whereClause } from './users-common';

/** A country as a picker offers it: the label is its English name, `code` its ISO alpha-2 code. */
export interface CountryOption extends ReferenceOption {
  readonly code: string;
}

/**
 * `GET references/countries` (COUNTRIES_REFERENCE): countries by name, searched with `q` in name
 * and alpha-2 code, or named by `ids=` (every id named, for a form's or list's labels). Country
 * names are public knowledge, so every signed-in user may list them, whatever plugin's form asks.
 */
export function countriesReferenceRoute(app: FastifyInstance, db: Database): void {
  app.get<{ Querystring: ReferenceQuery }>(
    '/references/countries',
    { schema: { querystring: REFERENCE_QUERY }, config: { access: { signedIn: true } } },
    async (request): Promise<DataEnvelope<CountryOption[]>> => {
      const params = new SqlParams();
      const conditions: string[] = [];
      const { q, ids } = request.query;
      if (q) conditions.push(containsCondition(['c.name', 'c.code'], params.bind(containsPattern(q))));
      if (ids) conditions.push(`c.id = ANY(${params.bind([...new Set(ids.split(','))])}::bigint[])`);
      const limit = ids ? '' : `LIMIT ${params.bind(REFERENCE_LIMIT)}`;
      const { rows } = await db.query<{ id: string; label: string; code: string }>(
        `SELECT c.id, c.name AS label, c.code FROM core.countries c ${whereClause(conditions)} ORDER BY lower(c.name), c.id ${limit}`,
        params.values,
      );
      return { data: rows.map((row) => ({ id: Number(row.id), label: row.label, code: row.code })) };
    },
  );
}
