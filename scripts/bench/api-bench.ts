import type { Database, Queryable } from '@core/server/database/database';
import { readListQuery } from '@core/server/resource/list-params';
import { listRecords } from '@core/server/resource/records';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import type { RunningServer } from '@host/server/start-server';
import { count, mb, ms, type Report, sample, type Samples, signedMb } from './measure';
import { PROFILE } from './profile';

/*
 * The list page and the export, measured at four depths: the bare SQL the engine sends, the
 * engine's list function, the HTTP API through Fastify's `inject` (routing, access check, query
 * decoding, serialization; no socket), and the HTTP API over a real loopback socket with fetch
 * (everything a browser's request goes through on the server, plus the client's own work).
 */

export interface Statement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/**
 * The statements the engine runs for one list request, exactly as it sends them: listRecords is
 * called once through a Queryable that records each statement and passes it on. (The engine has
 * no separate SQL builder to ask; this takes the SQL from the engine itself, so the "bare SQL"
 * figure is the same text with the same bound values, not a hand-written look-alike.)
 */
export async function engineStatements(
  db: Queryable,
  definition: ResourceDefinition,
  params: Readonly<Record<string, string>>,
): Promise<Statement[]> {
  const statements: Statement[] = [];
  const recorder: Queryable = {
    exec: (sql) => db.exec(sql),
    query: (sql, values = []) => {
      // Copied: the engine goes on binding into the same array after sending a statement.
      statements.push({ sql, params: [...values] });
      return db.query(sql, values);
    },
  };
  await listRecords(recorder, definition, readListQuery(definition, params, 'en'));
  return statements;
}

export interface ListCase {
  /** A short name for the table's rows ("A"); the case is described once in a note. */
  readonly label: string;
  readonly description: string;
  readonly definition: ResourceDefinition;
  /** The list parameters as the browser's URL and the API carry them. */
  readonly params: Readonly<Record<string, string>>;
}

export const apiPath = (definition: ResourceDefinition): string => `/api/${definition.service}/${definition.path}`;
export const queryString = (params: Readonly<Record<string, string>>): string => new URLSearchParams(params).toString();

// A p95 of 40 samples is their second-worst: one pause of the collector decides it. 200 make it a tail.
const RUNS = PROFILE.listRuns;

export interface ListFigures {
  readonly sql: Samples;
  readonly engine: Samples;
  readonly inject: Samples;
  readonly http: Samples;
  readonly total: number;
}

/** p50/p95 of the four depths for one list case, printed with the targets. */
export async function measureList(
  report: Report,
  database: string,
  server: RunningServer,
  token: string,
  list: ListCase,
  p95Target: number,
  runs = RUNS,
): Promise<ListFigures> {
  const db: Database = server.db;
  const url = `${apiPath(list.definition)}?${queryString(list.params)}`;
  const headers = { authorization: `Bearer ${token}` };
  const statements = await engineStatements(db, list.definition, list.params);
  const first = await server.app.inject({ url, headers });
  if (first.statusCode !== 200) throw new Error(`${url} answered ${first.statusCode}: ${first.body}`);
  const total = first.json<{ data: { total: number } }>().data.total;

  const sql = await sample(async () => {
    for (const statement of statements) await db.query(statement.sql, statement.params);
  }, runs);
  const engine = await sample(
    () => listRecords(db, list.definition, readListQuery(list.definition, list.params, 'en')),
    runs,
  );
  const inject = await sample(async () => {
    const response = await server.app.inject({ url, headers });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    response.json();
  }, runs);
  const http = await sample(async () => {
    const response = await fetch(`${server.url}${url}`, { headers });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    await response.json();
  }, runs);

  const name = `list ${list.label}`;
  report.note(
    `${database}: list ${list.label} = ${list.description}: ${count(total)} matching rows, ${runs} runs each`,
  );
  report.add({
    database,
    what: `${name}: bare SQL (the engine's ${statements.length} statements)`,
    p50: ms(sql.p50),
    p95: ms(sql.p95),
    target: 'the baseline',
    mark: 'info',
  });
  report.add({
    database,
    what: `${name}: engine listRecords()`,
    p50: ms(engine.p50),
    p95: ms(engine.p95),
    target: `×${(engine.p50 / sql.p50).toFixed(2)} of SQL`,
    mark: 'info',
  });
  for (const [via, figures] of [
    ['API, Fastify inject', inject],
    ['API, HTTP on a loopback port', http],
  ] as const) {
    const ratio = figures.p50 / sql.p50;
    const fast = figures.p95 < p95Target;
    const close = ratio <= 1.5;
    report.add({
      database,
      what: `${name}: ${via}`,
      p50: ms(figures.p50),
      p95: ms(figures.p95),
      target: `p95 < ${p95Target} ms ${fast ? '✓' : '✗'}; p50 ≤ 1.5× SQL: ×${ratio.toFixed(2)} ${close ? '✓' : '✗'}`,
      mark: fast && close ? 'pass' : 'miss',
    });
  }
  return { sql, engine, inject, http, total };
}

const indent = (line: string): number => line.length - line.trimStart().length;

/** A plan without its label subplans (one lookup per page row each), which are summed up in one line. */
export function compactPlan(lines: readonly string[]): string[] {
  const kept: string[] = [];
  let subplans = 0;
  let at = -1;
  let skipBelow: number | null = null;
  for (const line of lines) {
    if (skipBelow !== null && indent(line) > skipBelow) continue;
    skipBelow = null;
    if (/^\s*SubPlan \d+/.test(line)) {
      if (subplans === 0) at = kept.length;
      subplans += 1;
      skipBelow = indent(line);
      continue;
    }
    if (!/^\s+(Index Searches|Buffers)/.test(line)) kept.push(line);
  }
  if (subplans > 0)
    kept.splice(at, 0, `  (${subplans} SubPlans: the references' labels, one lookup per page row each)`);
  return kept;
}

/** EXPLAIN ANALYZE of each statement the engine sends for the case, for the notes under a missed target. */
export async function explainList(db: Queryable, list: ListCase): Promise<string[]> {
  const plans: string[] = [];
  for (const statement of await engineStatements(db, list.definition, list.params)) {
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, COSTS OFF, BUFFERS OFF) ${statement.sql}`,
      statement.params,
    );
    plans.push(
      `${statement.sql.replace(/\s+/g, ' ').slice(0, 90)}…\n${compactPlan(rows.map((row) => row['QUERY PLAN'])).join('\n')}`,
    );
  }
  return plans;
}

interface MemoryPeak {
  rss: number;
  heap: number;
}

const collect = () => (globalThis as { gc?: () => void }).gc?.();

export interface ExportFigures {
  readonly rows: number;
  readonly seconds: number;
  readonly rssDelta: number;
  readonly heapDelta: number;
  readonly rssPeak: number;
}

/**
 * One CSV export over the socket, read as a stream and thrown away chunk by chunk (so only the
 * server's memory is what grows, not a buffer of the answer), with this process's RSS and heap
 * sampled every 5 ms. The server runs in this process, so its memory is what is sampled.
 */
export async function exportOnce(
  server: RunningServer,
  token: string,
  definition: ResourceDefinition,
  params: Readonly<Record<string, string>>,
): Promise<ExportFigures> {
  const qs = queryString(params);
  const url = `${server.url}${apiPath(definition)}/export.csv${qs ? `?${qs}` : ''}`;
  collect();
  const base = process.memoryUsage();
  const peak: MemoryPeak = { rss: base.rss, heap: base.heapUsed };
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heapUsed);
  }, 5);
  const start = performance.now();
  let lines = 0;
  try {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - start) / 1000;
  return {
    rows: lines - 1,
    seconds,
    rssDelta: peak.rss - base.rss,
    heapDelta: peak.heap - base.heapUsed,
    rssPeak: peak.rss,
  };
}

export interface ExportStep {
  readonly rows: number;
  readonly params: Readonly<Record<string, string>>;
}

// Flat: the largest export's peak may exceed the smallest one's by this much at most.
const FLAT_MARGIN = 16 * 1024 * 1024;

/** Exports of growing size; rows per second and peak memory of each, and whether memory stayed flat. */
export async function measureExports(
  report: Report,
  database: string,
  server: RunningServer,
  token: string,
  definition: ResourceDefinition,
  steps: readonly ExportStep[],
  warmup: Readonly<Record<string, string>>,
): Promise<ExportFigures[]> {
  // A small export first, so JIT warm-up and the database's caches are not counted in the first step.
  await exportOnce(server, token, definition, warmup);
  const figures: ExportFigures[] = [];
  for (const step of steps) {
    const result = await exportOnce(server, token, definition, step.params);
    if (result.rows !== step.rows) throw new Error(`export of ${step.rows} rows gave ${result.rows}`);
    figures.push(result);
    report.add({
      database,
      what: `CSV export of ${count(result.rows)} rows: ${count(result.rows / result.seconds)} rows/s (${result.seconds.toFixed(1)} s)`,
      p50: '',
      p95: '',
      target: `peak RSS ${signedMb(result.rssDelta)} (${mb(result.rssPeak)}), heap ${signedMb(result.heapDelta)}`,
      mark: 'info',
    });
  }
  const first = figures[0];
  const last = figures.at(-1);
  if (first && last) {
    const rssGrowth = last.rssDelta - first.rssDelta;
    const heapGrowth = last.heapDelta - first.heapDelta;
    const flat = rssGrowth <= FLAT_MARGIN && heapGrowth <= FLAT_MARGIN;
    report.add({
      database,
      what: `CSV export memory from ${count(first.rows)} to ${count(last.rows)} rows`,
      p50: '',
      p95: '',
      target: `flat (growth ≤ ${mb(FLAT_MARGIN)}): RSS ${signedMb(rssGrowth)}, heap ${signedMb(heapGrowth)} ${flat ? '✓' : '✗'}`,
      mark: flat ? 'pass' : 'miss',
    });
  }
  return figures;
}
