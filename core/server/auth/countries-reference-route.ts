import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/shared/envelopes';
import { COUNTRIES_REFERENCE } from '@core/shared/resource/core-references';
import { REFERENCE_LIMIT } from '@core/shared/resource/definition';
import { labelColumnIn } from '@core/shared/resource/field';
import { preferredLanguage } from '@core/shared/resource/messages';
import type { Database } from '../database/database';
import { quoteIdentifier, quoteTable } from '../database/sql';
import { REFERENCE_QUERY, type ReferenceOption, type ReferenceQuery } from '../resource/references';
import { containsCondition, containsPattern, SqlParams, whereClause } from './users-common';

/** A country as a picker offers it: the label is its name in the caller's language, `code` its ISO alpha-2 code. */
export interface CountryOption extends ReferenceOption {
  readonly code: string;
}

/** Every name a country is searched by, whatever the caller reads: a Russian reader may type "Spain". */
const SEARCHED = ['c.name', 'c.name_ru', 'c.code'] as const;

/**
 * `GET references/countries` (COUNTRIES_REFERENCE): countries labelled in the caller's language
 * (Accept-Language) and in its alphabetical order, searched with `q` in the English and Russian
 * names and the alpha-2 code (the country whose code `q` is comes first, so "es" finds Spain among
 * the names containing "es"), or named by `ids=` (every id named, for a form's or list's labels).
 * Country names are public knowledge, so every signed-in user may list them, whatever plugin's
 * form asks.
 */
export function countriesReferenceRoute(app: FastifyInstance, db: Database): void {
  app.get<{ Querystring: ReferenceQuery }>(
    '/references/countries',
    { schema: { querystring: REFERENCE_QUERY }, config: { access: { signedIn: true } } },
    async (request): Promise<DataEnvelope<CountryOption[]>> => {
      const label = `c.${quoteIdentifier(labelColumnIn(COUNTRIES_REFERENCE, preferredLanguage(request.headers['accept-language'])))}`;
      const params = new SqlParams();
      const conditions: string[] = [];
      const order: string[] = [];
      const { q, ids } = request.query;
      if (q) {
        conditions.push(containsCondition(SEARCHED, params.bind(containsPattern(q))));
        order.push(`c.code = upper(${params.bind(q)}) DESC`);
      }
      if (ids) conditions.push(`c.id = ANY(${params.bind([...new Set(ids.split(','))])}::bigint[])`);
      order.push(`lower(${label})`, 'c.id');
      const limit = ids ? '' : `LIMIT ${params.bind(REFERENCE_LIMIT)}`;
      const { rows } = await db.query<{ id: string; label: string; code: string }>(
        `SELECT c.id, ${label} AS label, c.code FROM ${quoteTable(COUNTRIES_REFERENCE.table)} c ${whereClause(conditions)} ORDER BY ${order.join(', ')} ${limit}`,
        params.values,
      );
      return { data: rows.map((row) => ({ id: Number(row.id), label: row.label, code: row.code })) };
    },
  );
}
