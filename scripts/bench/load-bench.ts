import { execFile } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '@core/server/database/database';
import { COUNT_AHEAD_ROWS } from '@core/server/resource/records';
import type { ListPage } from '@core/shared/envelopes';
import type { ResourceRecord } from '@core/shared/resource/definition';
import type { RunningServer } from '@host/server/start-server';
import { apiPath, engineStatements, type ListCase, queryString, type Statement } from './api-bench';
import { ROOT } from './bench-server';
import { count, ms } from './measure';
import { PROFILE } from './profile';

/*
 * The load figures: the list API under 50 and 200 concurrent connections
 * (autocannon on loopback, each run bounded), side by side with a bare Fastify route that sends
 * the engine's own statements for the same page to the same database and answers the same JSON.
 * The API should reach at least 70 % of the bare route's successful requests per second, and
 * never let a request time out: past its admission bound it answers 503 at once.
 */

const CONNECTIONS = PROFILE.loadConnections;
const SECONDS = PROFILE.loadSeconds;
const WARMUP_SECONDS = PROFILE.loadWarmupSeconds;
/** The share of the bare route's throughput the API is to reach. */
const TARGET_SHARE = 0.7;
const BARE_PATH = '/bare';

export interface LoadRun {
  readonly seconds: number;
  /** 2xx answers. */
  readonly ok: number;
  readonly non2xx: number;
  readonly statusCodes: Readonly<Record<string, number>>;
  readonly timeouts: number;
  /** Socket errors, timeouts included. */
  readonly errors: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/** One autocannon run from its own process (load-client.mjs); the server's event loop stays free meanwhile. */
function runLoad(
  url: string,
  connections: number,
  seconds: number,
  headers: Readonly<Record<string, string>>,
): Promise<LoadRun> {
  const args = [`${ROOT}/scripts/bench/load-client.mjs`, JSON.stringify({ url, connections, seconds, headers })];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: ROOT, timeout: (seconds + 60) * 1000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`load client failed: ${error.message}\n${stderr}`));
      else resolve(JSON.parse(stdout) as LoadRun);
    });
  });
}

/**
 * The baseline: Fastify with nothing but one route that runs the statements the engine sends for
 * the page (the count beside the page, as listRecords does) and answers the API's envelope. No
 * access check, no hooks, no query decoding: what is left is the database and the JSON.
 */
export async function startBareServer(
  db: Database,
  statements: readonly Statement[],
  perPage: number,
): Promise<{ readonly app: FastifyInstance; readonly url: string }> {
  const [countStatement, pageStatement] = statements;
  if (!countStatement || !pageStatement || statements.length !== 2)
    throw new Error(`the list page sent ${statements.length} statements, the baseline expects the count and the page`);
  const app = fastify({ logger: false });
  app.get(BARE_PATH, async (): Promise<{ data: ListPage<ResourceRecord> }> => {
    const [counted, page] = await Promise.all([
      db.query<{ total: number }>(countStatement.sql, countStatement.params),
      db.query<{ record: ResourceRecord }>(pageStatement.sql, pageStatement.params),
    ]);
    const total = counted.rows[0]?.total ?? 0;
    return {
      data: {
        data: page.rows.map((row) => row.record),
        current_page: 1,
        last_page: Math.max(1, Math.ceil(total / perPage)),
        per_page: perPage,
        total,
        total_exact: total < COUNT_AHEAD_ROWS,
      },
    };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

export interface LoadLine {
  readonly database: string;
  readonly target: 'API' | 'bare route';
  readonly connections: number;
  readonly run: LoadRun;
}

const perSecond = (run: LoadRun): number => run.ok / run.seconds;

/**
 * Waits until the work a run left behind is done: the bare route has no bound, so when the client
 * stops, its last requests are still queued at the database and would eat into the next run. A
 * statement sent now is answered after them.
 */
async function settle(db: Database): Promise<void> {
  await db.query('SELECT 1');
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** The API and the bare route at each connection count, one after the other on an otherwise idle server. */
export async function measureLoad(
  database: string,
  server: RunningServer,
  token: string,
  list: ListCase,
): Promise<LoadLine[]> {
  const perPage = Number(list.params.per_page);
  const apiUrl = `${server.url}${apiPath(list.definition)}?${queryString(list.params)}`;
  const headers = { authorization: `Bearer ${token}` };
  const statements = await engineStatements(server.db, list.definition, list.params);
  const bare = await startBareServer(server.db, statements, perPage);
  try {
    const bareUrl = `${bare.url}${BARE_PATH}`;
    // The same answer, so the two sides do the same work apart from the API's own layers.
    const [apiBody, bareBody] = await Promise.all([
      fetch(apiUrl, { headers }).then((r) => r.json()),
      fetch(bareUrl).then((r) => r.json()),
    ]);
    if (!isDeepStrictEqual(apiBody, bareBody)) throw new Error('the bare route does not answer what the API answers');
    const measure = async (
      url: string,
      connections: number,
      seconds: number,
      sent: Readonly<Record<string, string>>,
    ): Promise<LoadRun> => {
      const run = await runLoad(url, connections, seconds, sent);
      await settle(server.db);
      return run;
    };
    if (WARMUP_SECONDS > 0) {
      await measure(apiUrl, 50, WARMUP_SECONDS, headers);
      await measure(bareUrl, 50, WARMUP_SECONDS, {});
    }
    const lines: LoadLine[] = [];
    for (const connections of CONNECTIONS) {
      lines.push({
        database,
        target: 'bare route',
        connections,
        run: await measure(bareUrl, connections, SECONDS, {}),
      });
      lines.push({ database, target: 'API', connections, run: await measure(apiUrl, connections, SECONDS, headers) });
    }
    return lines;
  } finally {
    await bare.app.close();
  }
}

const HEADER = [
  'database',
  'route',
  'conns',
  '2xx/s',
  'p50',
  'p99',
  'max',
  'non-2xx',
  'timeouts',
  'errors',
  'API / bare',
];

/** The load figures as one table: throughput counts 2xx answers only; non-2xx are the 503s of the admission bound. */
export function loadTable(list: ListCase, lines: readonly LoadLine[]): string {
  const rows = lines.map((line) => {
    const bare = lines.find(
      (other) =>
        other.database === line.database && other.connections === line.connections && other.target === 'bare route',
    );
    const share = line.target === 'API' && bare ? perSecond(line.run) / perSecond(bare.run) : null;
    const codes = Object.entries(line.run.statusCodes)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, n]) => `${count(n)}×${code}`)
      .join(' ');
    return [
      line.database,
      line.target,
      String(line.connections),
      count(perSecond(line.run)),
      ms(line.run.p50),
      ms(line.run.p99),
      ms(line.run.max),
      codes || '0',
      count(line.run.timeouts),
      count(line.run.errors - line.run.timeouts),
      share === null ? '' : `${(share * 100).toFixed(0)} % ${share >= TARGET_SHARE ? '✓' : '✗'}`,
    ];
  });
  const widths = HEADER.map((cell, index) => Math.max(cell.length, ...rows.map((row) => (row[index] ?? '').length)));
  const format = (cells: readonly string[]) =>
    cells
      .map((cell, index) => (index <= 1 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0)))
      .join('  ');
  const rule = '─'.repeat(widths.reduce((sum, width) => sum + width + 2, 0));
  const timeouts = lines.filter((line) => line.target === 'API').reduce((sum, line) => sum + line.run.timeouts, 0);
  return [
    `Load: GET ${apiPath(list.definition)}?${queryString(list.params)}, ${SECONDS} s per run (autocannon on loopback, its own process); target: API ≥ ${TARGET_SHARE * 100} % of the bare route's 2xx/s, 0 timeouts`,
    rule,
    format(HEADER),
    rule,
    ...rows.map(format),
    rule,
    `API timeouts: ${timeouts} ${timeouts === 0 ? '✓' : '✗'}`,
  ].join('\n');
}
