// A copy stopped with SIGTERM under load: GETs and POSTs run through the balancer while one copy
// drains and exits. Every GET must succeed (the copy finishes what it accepted, the balancer's
// checks take it out, and its retries move refused connections elsewhere), and every POST is
// applied at most once: each creates a record with a name of its own, and the rows are counted.
import { call, CheckFailure, sleep } from './http.mjs';

const GET_WORKERS = 14;
const POST_WORKERS = 6;
const BEFORE_STOP_MS = 2_000;
const AFTER_STOP_MS = 4_000;

function tally(map, key) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

export async function checkSigterm({ balancer, haproxy, copies, adminToken, runId, sql, figures }) {
  const victim = copies[1];
  const prefix = `cluster-${runId}-load-`;
  const stats = {
    gets: 0,
    getFailures: new Map(),
    firstGetFailure: null,
    posts: 0,
    postOk: 0,
    postFailures: new Map(),
    firstPostFailure: null,
    servedBy: new Map(),
    victimAfterStop: 0,
  };
  let running = true;
  let stopSentAt = null;

  const getWorker = async () => {
    while (running) {
      stats.gets += 1;
      try {
        const answer = await call(balancer, '/api/social/accounts?per_page=5', { token: adminToken });
        tally(stats.servedBy, answer.servedBy);
        if (stopSentAt !== null && answer.servedBy === victim.name) stats.victimAfterStop += 1;
        if (answer.status !== 200) {
          tally(stats.getFailures, String(answer.status));
          stats.firstGetFailure ??= `${answer.status} from ${answer.servedBy ?? 'the balancer'}: ${JSON.stringify(answer.body).slice(0, 200)}`;
        }
      } catch (error) {
        tally(stats.getFailures, error.name === 'TimeoutError' ? 'timeout' : (error.cause?.code ?? error.message));
      }
    }
  };
  let sequence = 0;
  const postWorker = async () => {
    while (running) {
      sequence += 1;
      stats.posts += 1;
      try {
        const answer = await call(balancer, '/api/social/accounts', {
          method: 'POST',
          token: adminToken,
          body: { name: `${prefix}${sequence}`, type: 'business_manager', status: 'active' },
        });
        tally(stats.servedBy, answer.servedBy);
        if (answer.status === 201 || answer.status === 200) stats.postOk += 1;
        else {
          tally(stats.postFailures, String(answer.status));
          stats.firstPostFailure ??= `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
        }
      } catch (error) {
        tally(stats.postFailures, error.name === 'TimeoutError' ? 'timeout' : (error.cause?.code ?? error.message));
      }
    }
  };

  const workers = [
    ...Array.from({ length: GET_WORKERS }, getWorker),
    ...Array.from({ length: POST_WORKERS }, postWorker),
  ];
  await sleep(BEFORE_STOP_MS);
  stopSentAt = Date.now();
  victim.child.kill('SIGTERM');
  const exitedIn = victim.exited.then(({ code, signal }) => ({ code, signal, ms: Date.now() - stopSentAt }));
  await sleep(AFTER_STOP_MS);
  running = false;
  await Promise.all(workers);
  const exit = await exitedIn;

  const { rows } = await sql.query(
    'SELECT count(*)::int AS rows, count(DISTINCT name)::int AS names FROM social.accounts WHERE name LIKE $1',
    [`${prefix}%`],
  );
  const { rows: applied, names } = rows[0];
  const describe = (failures) =>
    failures.size === 0 ? '0' : [...failures].map(([why, count]) => `${count} × ${why}`).join(', ');
  const getFailed = [...stats.getFailures.values()].reduce((sum, count) => sum + count, 0);
  const postFailed = stats.posts - stats.postOk;

  figures.add(
    `${victim.name} stopped (SIGTERM) after`,
    `${(exit.ms / 1000).toFixed(2)} s, exit ${exit.code ?? exit.signal}`,
  );
  const down = haproxy.downAt(victim.name);
  figures.add(
    `HAProxy took ${victim.name} out after`,
    down === null ? 'not reported' : `${((down - stopSentAt) / 1000).toFixed(2)} s`,
  );
  figures.add('GETs through the balancer (failed)', `${stats.gets} (${describe(stats.getFailures)})`);
  figures.add(
    'POSTs through the balancer (2xx / failed)',
    `${stats.posts} (${stats.postOk} / ${postFailed}${postFailed > 0 ? `: ${describe(stats.postFailures)}` : ''})`,
  );
  figures.add('rows created (distinct names)', `${applied} (${names})`);
  figures.add(
    'answers by copy',
    [...stats.servedBy]
      .sort()
      .map(([copy, count]) => `${copy ?? 'balancer'} ${count}`)
      .join(', '),
  );
  figures.add(`answers from ${victim.name} after its SIGTERM`, String(stats.victimAfterStop));
  if (stats.firstGetFailure) figures.add('first failed GET', stats.firstGetFailure);
  if (stats.firstPostFailure) figures.add('first failed POST', stats.firstPostFailure);

  if (exit.code !== 0)
    throw new CheckFailure(`${victim.name} exited with ${exit.code ?? exit.signal} after SIGTERM (expected 0)`);
  if (getFailed > 0)
    throw new CheckFailure(
      `${getFailed} of ${stats.gets} GETs failed while ${victim.name} stopped: ${describe(stats.getFailures)}`,
    );
  if (names !== applied)
    throw new CheckFailure(`${applied - names} POST(s) were applied twice (${applied} rows, ${names} names)`);
  if (applied < stats.postOk)
    throw new CheckFailure(`${stats.postOk} POSTs answered 2xx but only ${applied} rows exist`);
  if (applied > stats.posts) throw new CheckFailure(`${applied} rows exist for ${stats.posts} POSTs sent`);
}
