import type { Queryable } from '@core/server/database/database';
import { hooksOf } from '@core/server/resource/hooks';
import { searchStatement } from '@core/server/resource/search';
import type { RecordOverview, SearchAnswer } from '@core/shared/resource/record-page';
import { transactionsResource } from '@plugins/finance/shared/resources';
import type { RunningServer } from '@host/server/start-server';
import { apiPath, compactPlan } from './api-bench';
import { count, ms, type Report, sample } from './measure';
import { PROFILE } from './profile';
import { ROWS } from './seed';

/*
 * The record figures on the seeded data, as the superadmin: record search (Ctrl+K,
 * `GET /api/auth/search?q=`, every readable resource, one statement each) and a record page's one
 * request (`GET <path>/:id/overview`), through Fastify's inject; and the plan of the search
 * statement for the 100 000 transactions, from the engine's own statement builder.
 */

export const SEARCH_P95_MS = 100;
export const OVERVIEW_P95_MS = 50;
/** Few runs: the search and the overview add seconds to the bench, not minutes. */
const RUNS = PROFILE.searchRuns;

/** A seeded transaction in the middle of the table: the overview's record and the hash searched for. */
export interface SeededTransaction {
  readonly id: number;
  readonly hash: string;
}

export async function seededTransaction(db: Queryable): Promise<SeededTransaction> {
  // One from the middle of the table (row 54 320 of the full run's 100 000).
  const { rows } = await db.query<{ id: string; hash: string }>(
    'SELECT id::text AS id, hash FROM finance.transactions ORDER BY id OFFSET $1 LIMIT 1',
    [Math.floor(ROWS * 0.5432)],
  );
  const row = rows[0];
  if (!row?.hash) throw new Error('the seeded transactions have no hash to search for');
  return { id: Number(row.id), hash: row.hash };
}

interface SearchCase {
  readonly label: string;
  readonly description: string;
  readonly q: string;
  /** The resource and record the answer must hold (null: the answer must be empty). */
  readonly expect: { readonly resource: string; readonly id?: number } | null;
}

/**
 * The four search cases: two characters (the prefix match), part of a counterparty's name
 * (seed.ts names them `Counterparty <i> <md5 part>`; "party 123" is part of 11 of them), a
 * fragment from inside a transaction's hash (its label and searchable field), and text nothing holds.
 */
export function searchCases(transaction: SeededTransaction): SearchCase[] {
  const fragment = transaction.hash.slice(20, 32);
  return [
    {
      label: 'a',
      description: '2 characters, "ab" (a prefix of about 1 in 256 transaction hashes)',
      q: 'ab',
      expect: { resource: transactionsResource.id },
    },
    {
      label: 'b',
      description: 'part of a counterparty name, "party 123" (11 counterparties)',
      q: 'party 123',
      expect: { resource: 'finance.counterparties' },
    },
    {
      label: 'c',
      description: `a transaction hash fragment, "${fragment}" (transaction #${transaction.id})`,
      q: fragment,
      expect: { resource: transactionsResource.id, id: transaction.id },
    },
    { label: 'd', description: 'text nothing holds, "zzqx nothing"', q: 'zzqx nothing', expect: null },
  ];
}

function check(answer: SearchAnswer, search: SearchCase): void {
  const expect = search.expect;
  if (expect === null) {
    if (answer.groups.length > 0)
      throw new Error(
        `search "${search.q}" was to find nothing; it found ${answer.groups.map((group) => group.resource).join(', ')}`,
      );
    return;
  }
  const group = answer.groups.find((candidate) => candidate.resource === expect.resource);
  if (!group || (expect.id !== undefined && !group.hits.some((hit) => hit.id === expect.id))) {
    throw new Error(
      `search "${search.q}" did not find ${expect.resource}${expect.id === undefined ? '' : ` #${expect.id}`}: ${JSON.stringify(answer)}`,
    );
  }
}

/** p50/p95 of the search API for each case, with whether every answer reached every resource. */
export async function measureSearch(
  report: Report,
  database: string,
  server: RunningServer,
  token: string,
  transaction: SeededTransaction,
): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  for (const search of searchCases(transaction)) {
    const url = `/api/auth/search?${new URLSearchParams({ q: search.q }).toString()}`;
    const unreached = new Set<string>();
    let answer: SearchAnswer | null = null;
    const figures = await sample(async () => {
      const response = await server.app.inject({ url, headers });
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      answer = response.json<{ data: SearchAnswer }>().data;
      for (const id of answer.unreached) unreached.add(id);
    }, RUNS);
    const last = answer as SearchAnswer | null;
    if (!last) throw new Error(`${url} gave no answer`);
    check(last, search);
    const hits = last.groups.map((group) => `${group.resource} ${group.hits.length}`).join(', ') || 'none';
    report.note(`${database}: search ${search.label} = ${search.description}: hits ${hits}; ${RUNS} runs`);
    const fast = figures.p95 < SEARCH_P95_MS;
    const reached = unreached.size === 0;
    report.add({
      database,
      what: `search ${search.label}: GET auth/search?q=, Fastify inject`,
      p50: ms(figures.p50),
      p95: ms(figures.p95),
      target: `p95 < ${SEARCH_P95_MS} ms ${fast ? '✓' : '✗'}; unreached empty ${reached ? '✓' : `✗ (${[...unreached].join(', ')})`}`,
      mark: fast && reached ? 'pass' : 'miss',
    });
  }
}

/** EXPLAIN ANALYZE of the search statement for the transactions, for a 2-character and a longer query. */
export async function explainSearch(
  report: Report,
  database: string,
  db: Queryable,
  transaction: SeededTransaction,
): Promise<void> {
  const [twoCharacters, , fragment] = searchCases(transaction);
  for (const search of [twoCharacters, fragment]) {
    if (!search) continue;
    const statement = searchStatement(transactionsResource, search.q, hooksOf(transactionsResource).listScope);
    if (!statement) throw new Error('the transactions have nothing to search by');
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, COSTS OFF, BUFFERS OFF) ${statement.sql}`,
      statement.params,
    );
    const plan = compactPlan(rows.map((row) => row['QUERY PLAN']));
    const scan = plan.some((line) => /Seq Scan on transactions/.test(line))
      ? 'a Seq Scan on transactions ✗'
      : 'no Seq Scan on transactions ✓';
    report.plan(
      `${database}, search ${search.label} on ${count(ROWS)} transactions, q = "${search.q}" (searchStatement of core/server/resource/search.ts; ${scan})`,
      `${statement.sql.replace(/\s+/g, ' ')}\n  params: ${JSON.stringify(statement.params)}\n${plan.join('\n')}`,
    );
  }
}

/** p50/p95 of a record page's one request for a seeded transaction. */
export async function measureOverview(
  report: Report,
  database: string,
  server: RunningServer,
  token: string,
  transaction: SeededTransaction,
): Promise<void> {
  const url = `${apiPath(transactionsResource)}/${transaction.id}/overview`;
  const headers = { authorization: `Bearer ${token}` };
  let overview: RecordOverview | null = null;
  const figures = await sample(async () => {
    const response = await server.app.inject({ url, headers });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    overview = response.json<{ data: RecordOverview }>().data;
  }, RUNS);
  const last = overview as RecordOverview | null;
  if (!last || last.record.id !== transaction.id)
    throw new Error(`${url} did not answer transaction #${transaction.id}`);
  report.note(
    `${database}: overview = GET ${url} (the record with its references' labels, who created and changed it, the timeline's first page: ${last.timeline.entries.length} entries); ${RUNS} runs`,
  );
  const fast = figures.p95 < OVERVIEW_P95_MS;
  report.add({
    database,
    what: 'record page: GET transactions/:id/overview, Fastify inject',
    p50: ms(figures.p50),
    p95: ms(figures.p95),
    target: `p95 < ${OVERVIEW_P95_MS} ms ${fast ? '✓' : '✗'}`,
    mark: fast ? 'pass' : 'miss',
  });
}
