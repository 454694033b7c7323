import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { test } from 'vitest';
import { enabledResources } from '@core/server/resource';
import { transactionsResource } from '@plugins/finance/shared/resources';
import type { RunningServer } from '@host/server/start-server';
import { startProductionServer } from '../../e2e/support/server';
import { explainList, type ExportStep, type ListCase, measureExports, measureList } from './api-bench';
import { benchRecordsResource } from './bench-resource';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BENCH_SERVER_PLUGINS, ROOT, signIn, startBenchServer } from './bench-server';
import { chromiumPath, launchChromium, measurePages, type PageCase } from './browser-bench';
import { type LoadLine, loadTable, measureLoad } from './load-bench';
import { count, Report } from './measure';
import { SMOKE } from './profile';
import { explainSearch, measureOverview, measureSearch, seededTransaction } from './search-bench';
import { factDateHolding, ROWS, seedBenchData } from './seed';

/*
 * `npm run bench` (scripts/bench/bench.mjs runs this file through vitest): figures for the
 * resource engine's list and export on 100 000 rows, on PGlite and, when one is available,
 * PostgreSQL, for the generated list screen in Chromium (section `list`, with the record
 * search and record page request, search-bench.ts), and for the list API under load beside a bare
 * route (section `load`, load-bench.ts). It prints; it asserts nothing
 * (only that the pages it measures really show what they should).
 *
 * The sample is the product's finance `transactions` resource (dates, money, seven references
 * whose labels the list reads in the same query, a searchable hash), served by the product's
 * server start-up code (host/server/start-server.ts) with the product's plugins. The 1000-row
 * page needs the bench's own resource (bench-resource.ts), since no product resource offers 1000.
 */

const PGLITE_P95_MS = 50;
const POSTGRES_P95_MS = 15;

const LIST_CASES: readonly (ListCase & { readonly runs?: number })[] = [
  {
    label: 'A',
    description: 'transactions, 50 rows, hash contains "abc", sorted by amount descending',
    definition: transactionsResource,
    params: { 'filter[hash][contains]': 'abc', sort: '-amount', per_page: '50' },
  },
  {
    // Two letters make no trigram, so no index can answer: the count reads rows until it has
    // seen COUNT_AHEAD_ROWS matches (then reports a lower bound), the page until it has 50.
    label: 'B',
    description:
      'as A with the broad filter hash contains "ab" (a stress case: two letters, which no trigram index can serve)',
    definition: transactionsResource,
    params: { 'filter[hash][contains]': 'ab', sort: '-amount', per_page: '50' },
    runs: 8,
  },
  {
    label: 'C',
    description:
      'transactions, 50 rows, no filter, default order (fact date descending): what opening the screen asks for',
    definition: transactionsResource,
    params: { per_page: '50' },
  },
];

// The oldest quarter and half of the transactions (by fact date), then all of them.
const EXPORT_STEPS: readonly ExportStep[] = [ROWS / 4, ROWS / 2, ROWS].map(
  (rows): ExportStep => ({ rows, params: rows === ROWS ? {} : { 'filter[date_fact][lte]': factDateHolding(rows) } }),
);

// The target: a cold navigation to the transactions screen shows its rows within 450 ms (p50). The smoke
// run's 1 000 transactions hold only 15 that list A matches, so it opens the screen unfiltered.
const TRANSACTIONS_SCREEN: PageCase = SMOKE
  ? {
      label: 'transactions screen, list C (50 rows)',
      definition: transactionsResource,
      screen: '/transactions',
      params: LIST_CASES[2]?.params ?? {},
      expectRows: 50,
      navigationP50Ms: 450,
    }
  : {
      label: 'transactions screen, list A (50 rows)',
      definition: transactionsResource,
      screen: '/transactions',
      params: LIST_CASES[0]?.params ?? {},
      expectRows: 50,
      navigationP50Ms: 450,
    };

// The smoke run opens one screen of each server: the transactions screen's target, the bench's 1000 rows.
const PRODUCT_PAGES: readonly PageCase[] = SMOKE
  ? [TRANSACTIONS_SCREEN]
  : [
      TRANSACTIONS_SCREEN,
      {
        label: 'transactions screen, 500 rows (its most)',
        definition: transactionsResource,
        screen: '/transactions',
        params: { per_page: '500' },
        expectRows: 500,
      },
    ];

const BENCH_1000_ROWS: PageCase = {
  label: 'bench screen, 1000 rows',
  definition: benchRecordsResource,
  screen: '/bench-records',
  params: { per_page: '1000' },
  expectRows: 1000,
};
const BENCH_PAGES: readonly PageCase[] = SMOKE
  ? [BENCH_1000_ROWS]
  : [
      {
        label: 'bench screen, 50 rows',
        definition: benchRecordsResource,
        screen: '/bench-records',
        params: { per_page: '50' },
        expectRows: 50,
      },
      BENCH_1000_ROWS,
    ];

/** The load case: the transactions screen's first page as the browser asks for it. */
const LOAD_CASE: ListCase = {
  label: 'load',
  description: 'transactions, page 1 of 50 rows, default order',
  definition: transactionsResource,
  params: { page: '1', per_page: '50' },
};

const BENCH_WEB_ROOT = resolve(ROOT, '.tmp/bench/web');

/** The parts to run (BENCH_SECTIONS, set by bench.mjs from its arguments): all when unset. */
type Section = 'list' | 'load';
const SECTIONS: ReadonlySet<Section> = new Set(
  (process.env.BENCH_SECTIONS || 'list,load')
    .split(',')
    .filter((section): section is Section => section === 'list' || section === 'load'),
);

/** Seeds the started server's database and measures the list cases and the exports on it, then the load. */
async function measureDatabase(
  report: Report,
  label: string,
  server: RunningServer,
  p95Target: number,
): Promise<LoadLine[]> {
  const seeded = await seedBenchData(server.db, enabledResources(BENCH_SERVER_PLUGINS));
  report.note(
    `${label}: seeded ${count(ROWS)} transactions in ${(seeded.transactions / 1000).toFixed(1)} s and ${count(ROWS)} bench records in ${(seeded.benchRecords / 1000).toFixed(1)} s; ` +
      `indexes built by the schema sync in ${(seeded.indexes / 1000).toFixed(1)} s`,
  );
  if (server.db.kind === 'postgres') {
    // The state autovacuum keeps a table in (visibility map set, statistics fresh), reached now
    // rather than by an autovacuum run in the middle of the measurements. PGlite has no
    // autovacuum, so there the tables stay as the server leaves them.
    await server.db.query('VACUUM (ANALYZE) finance.transactions, bench.records');
    report.note(`${label}: VACUUM (ANALYZE) after seeding, as autovacuum would`);
  }
  // The planner's statistics: the engine's schema sync analyses the tables it keeps.
  const { rows } = await server.db.query<{ analysed: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_stats WHERE schemaname = 'finance' AND tablename = 'transactions') AS analysed`,
  );
  report.note(
    `${label}: planner statistics on finance.transactions: ${rows[0]?.analysed ? 'present (the schema sync analysed it)' : 'none'}`,
  );
  const token = await signIn(server.app);
  if (SECTIONS.has('list')) await measureLists(report, label, server, token, p95Target);
  return SECTIONS.has('load') ? measureLoad(label, server, token, LOAD_CASE) : [];
}

async function measureLists(
  report: Report,
  label: string,
  server: RunningServer,
  token: string,
  p95Target: number,
): Promise<void> {
  const missed: ListCase[] = [];
  for (const list of LIST_CASES) {
    const figures = await measureList(report, label, server, token, list, p95Target, list.runs);
    const ratio = Math.max(figures.inject.p50, figures.http.p50) / figures.sql.p50;
    if (figures.http.p95 >= p95Target || figures.inject.p95 >= p95Target || ratio > 1.5) missed.push(list);
  }
  await measureExports(report, label, server, token, transactionsResource, EXPORT_STEPS, {
    'filter[date_fact][lte]': factDateHolding(1_000),
  });
  for (const list of missed) {
    for (const plan of await explainList(server.db, list)) report.plan(`${label}, list ${list.label}`, plan);
  }
  // Record search across every readable resource and a record page's one request.
  const transaction = await seededTransaction(server.db);
  await measureSearch(report, label, server, token, transaction);
  await measureOverview(report, label, server, token, transaction);
  await explainSearch(report, label, server.db, transaction);
}

async function postgresDatabase(serverUrl: string): Promise<{ readonly url: string; drop(): Promise<void> }> {
  const name = `erp_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name}`) };
}

test('resource list benchmark', async () => {
  const report = new Report();
  const load: LoadLine[] = [];
  const started = performance.now();
  const lists = SECTIONS.has('list');
  const distBuilt = () => (lists ? statSync(resolve(ROOT, 'dist/web/index.html')).mtime.toISOString() : 'not needed');
  const built = distBuilt();
  console.log(
    `\nResource list benchmark${SMOKE ? ', smoke run' : ''} (${[...SECTIONS].join(', ')}): ${count(ROWS)} rows; dist/ built ${built}\n`,
  );
  const chromium = lists ? chromiumPath() : null;

  // PGlite: a data directory the server creates, seeded, measured in this process, then served to
  // Chromium twice: by this process with the bench build, and by the production server (dist/).
  const dataDir = mkdtempSync(join(tmpdir(), 'erp-bench-'));
  try {
    const server = await startBenchServer({ dataDir, webRoot: lists ? BENCH_WEB_ROOT : null });
    try {
      load.push(...(await measureDatabase(report, 'PGlite', server, PGLITE_P95_MS)));
      if (chromium) {
        const browser = await launchChromium(chromium);
        try {
          report.note(
            'Chromium: the bench screens from the server started in this process (startServer, as main.ts runs it) and the bench build of the web app',
          );
          await measurePages(
            report,
            'PGlite',
            browser,
            { url: server.url, email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
            BENCH_PAGES,
          );
        } finally {
          await browser.close();
        }
      }
    } finally {
      await server.stop();
    }
    if (chromium) {
      const production = await startProductionServer({
        plugins: 'admin,finance',
        dataDir,
        env: { ERP_ADMIN_EMAIL: ADMIN_EMAIL, ERP_ADMIN_PASSWORD: ADMIN_PASSWORD },
      });
      const browser = await launchChromium(chromium);
      try {
        report.note(
          'Chromium: the transactions screens from the production server (dist/server/main.js, own process) and build (dist/web) on the same data',
        );
        await measurePages(
          report,
          'PGlite',
          browser,
          { url: production.url, email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
          PRODUCT_PAGES,
        );
      } finally {
        await browser.close();
        await production.stop();
      }
    } else if (lists) {
      report.note('Chromium: not found (CHROMIUM_PATH or /usr/bin/chromium); the screen figures are left out');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const postgresUrl = SMOKE ? undefined : process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const database = await postgresDatabase(postgresUrl);
    try {
      const server = await startBenchServer({ databaseUrl: database.url, webRoot: null });
      try {
        load.push(...(await measureDatabase(report, 'PostgreSQL', server, POSTGRES_P95_MS)));
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  } else {
    report.note(
      SMOKE
        ? 'PostgreSQL: left out of the smoke run'
        : 'PostgreSQL: none (no /usr/lib/postgresql/*/bin/initdb and no TEST_DATABASE_URL); its figures are left out',
    );
  }

  if (distBuilt() !== built)
    report.note(
      `dist/ was rebuilt during the run (${distBuilt()}): the production screen figures may have seen a half-built app`,
    );
  if (lists) console.log(`\n${report.table()}\n${report.plans()}`);
  if (load.length > 0) console.log(`\n${loadTable(LOAD_CASE, load)}\n`);
  console.log(`benchmark took ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
});
