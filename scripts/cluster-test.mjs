// `npm run test:cluster`: three copies of the built server (dist/) on one PostgreSQL behind HAProxy,
// showing what many copies must keep: sessions across copies, a block seen by every copy within
// seconds, jobs run once, a notification published on one copy reaching the pages on the others, a
// schedule run once per period, and a copy stopped under load without a failed GET or a doubled POST.
// Prints a table of figures; exits 1 with one line at the first check that fails.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { checkBlocking } from './cluster/check-blocking.mjs';
import { checkDomainPurchase } from './cluster/check-domain-purchase.mjs';
import { checkNotification } from './cluster/check-notification.mjs';
import { checkSchedule } from './cluster/check-schedule.mjs';
import { checkSessions } from './cluster/check-sessions.mjs';
import { checkSigterm } from './cluster/check-sigterm.mjs';
import { ADMIN, startCopies, stopCopies } from './cluster/copies.mjs';
import { clusterDatabase } from './cluster/database.mjs';
import { Figures } from './cluster/figures.mjs';
import { haproxyBin, startHaproxy } from './cluster/haproxy.mjs';
import { call, CheckFailure, waitFor } from './cluster/http.mjs';
import { serverBundle } from './lib/built-server.mjs';
import { freePort } from './lib/postgres.mjs';

const COPIES = 3;

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const step = (line) => console.log(`cluster: ${line} (${elapsed()})`);

function fail(line) {
  console.error(`cluster test failed: ${line}`);
  process.exitCode = 1;
}

/** Resolves once round robin through the balancer has reached every copy (the checks have seen each ready). */
async function balancerReachesAll(url, copies) {
  const seen = new Set();
  await waitFor(
    'the balancer reaching every copy',
    async () => {
      const answer = await call(url, '/api/ready', { timeoutMs: 2_000 }).catch(() => null);
      if (answer?.status === 200) seen.add(answer.servedBy);
      return copies.every((copy) => seen.has(copy.name)) ? true : undefined;
    },
    { timeoutMs: 15_000, everyMs: 50 },
  );
}

const bin = haproxyBin();
if (!existsSync(serverBundle)) fail(`no ${serverBundle}: run npm run build first`);
else if (!bin) fail("no haproxy: install Debian's `haproxy` package (.ci/run does)");
else await run();

async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'erp-cluster-'));
  const runId = Date.now().toString(36);
  const figures = new Figures();
  let database = null;
  let copies = [];
  let balancer = null;
  // The test's own connection, to count what the copies did.
  let sql = null;
  // Interrupted (Ctrl-C, npm test stopped): no copy, balancer or database outlives the test.
  const interrupted = async () => {
    balancer?.stop();
    stopCopies(copies);
    await database?.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    database = await clusterDatabase(runId);
    step('PostgreSQL up; starting 3 copies at once');
    const startAt = Date.now();
    copies = await startCopies({ count: COPIES, databaseUrl: database.url, dir });
    figures.add(
      `${COPIES} copies started at once on one fresh database`,
      `${((Date.now() - startAt) / 1000).toFixed(1)} s`,
    );
    balancer = startHaproxy({ bin, dir, port: await freePort(), copies });
    await balancerReachesAll(balancer.url, copies);
    step(`HAProxy at ${balancer.url} reaches ${copies.map((copy) => copy.name).join(', ')}`);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();

    const context = { balancer: balancer.url, copies, runId, sql, figures };
    const admin = await checkSessions({ ...context, admin: ADMIN });
    step('sign-in and refresh across copies: ok');
    await checkBlocking({ ...context, adminToken: admin.token });
    step('blocked user refused on every copy: ok');
    await checkDomainPurchase({ ...context, adminToken: admin.token });
    step('domain purchase jobs run once: ok');
    await checkNotification({ ...context, adminToken: admin.token });
    step('notification reached the streams on every copy: ok');
    await checkSchedule(context);
    step('schedule run once per period: ok');
    await checkSigterm({ ...context, haproxy: balancer, adminToken: admin.token });
    step('copy stopped under load: ok');
    figures.add('whole test', elapsed());
    figures.print();
  } catch (error) {
    figures.print();
    if (!(error instanceof CheckFailure)) {
      for (const copy of copies)
        console.error(`--- ${copy.name} output (last lines)\n${copy.output().split('\n').slice(-15).join('\n')}`);
      if (balancer)
        console.error(`--- haproxy output (last lines)\n${balancer.output().split('\n').slice(-15).join('\n')}`);
    }
    fail(error instanceof CheckFailure ? error.message : (error.stack ?? String(error)));
  } finally {
    await sql?.end().catch(() => undefined);
    balancer?.stop();
    stopCopies(copies);
    await Promise.all(copies.map((copy) => copy.exited));
    await database?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
