import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteDatabase } from '@core/server/database/pglite-database';
import { CONTRIBUTION_SQL } from '@plugins/finance/server/transactions/balances';
import { Api, scratchDir, startServer, stopServer, type RunningServer } from './support/server-process';

const WRITES = 200;
/** The server is killed once this many writes are acknowledged, with the rest in flight. */
const KILL_AFTER = 60;

let root: string;
let dataDir: string;
let server: RunningServer;

beforeAll(async () => {
  root = scratchDir('kill');
  dataDir = join(root, 'data');
  server = await startServer(dataDir);
});
afterAll(() => {
  server.child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

type Outcome = { readonly hash: string } & (
  | { readonly status: 201; readonly id: number }
  | { readonly status: number | 'no answer'; readonly id?: undefined }
);

describe('kill -9 during parallel writes', () => {
  it(`keeps every acknowledged one of ${WRITES} parallel transactions, with balances and the audit trail agreeing, after a restart`, async () => {
    const api = await Api.signIn(server.url);
    const wallet = await api.expect<{ id: number }>(201, 'POST', '/api/finance/wallets', {
      name: 'Kill wallet',
      currency: 'USD',
    });
    const income = await api.expect<{ id: number }>(201, 'POST', '/api/finance/articles', {
      name: 'Kill income',
      direction: 'income',
    });
    const expense = await api.expect<{ id: number }>(201, 'POST', '/api/finance/articles', {
      name: 'Kill expense',
      direction: 'expense',
    });

    let acknowledged = 0;
    let killedAt = 0;
    const started = performance.now();
    const writes = Array.from({ length: WRITES }, async (_, index): Promise<Outcome> => {
      const hash = `fault-${index}`;
      const body = {
        date_fact: '2026-01-15',
        wallet_id: wallet.id,
        article_id: index % 3 === 0 ? expense.id : income.id,
        amount: { amount: `${index + 1}.25`, currency: 'USD' },
        ...(index % 4 === 0 ? { commission: { amount: '0.5', currency: 'USD' } } : {}),
        hash,
      };
      try {
        const answer = await api.call<{ data?: { id: number } }>('POST', '/api/finance/transactions', body);
        if (answer.status !== 201 || answer.body.data === undefined) return { hash, status: answer.status };
        acknowledged += 1;
        if (acknowledged === KILL_AFTER) {
          killedAt = performance.now();
          server.child.kill('SIGKILL');
        }
        return { hash, status: 201, id: answer.body.data.id };
      } catch {
        return { hash, status: 'no answer' };
      }
    });
    const outcomes = await Promise.all(writes);
    await server.exited;
    const acked = outcomes.filter((outcome) => outcome.status === 201);
    const refused = outcomes.filter((outcome) => typeof outcome.status === 'number' && outcome.status !== 201);

    // The restart recovers the lock the killed server left and replays its log; then the files are read directly.
    const lockHolder = () =>
      (JSON.parse(readFileSync(join(dataDir, 'erp-server.lock'), 'utf8')) as { pid: number }).pid;
    expect(lockHolder()).toBe(server.pid);
    const restartedAt = performance.now();
    const restarted = await startServer(dataDir);
    const restartMs = Math.round(performance.now() - restartedAt);
    expect(lockHolder()).toBe(restarted.pid);
    expect((await stopServer(restarted)).code).toBe(0);
    const db = await PgliteDatabase.open(dataDir);
    try {
      const present = await db.query<{ id: number; hash: string }>(
        `SELECT id::int AS id, hash FROM finance.transactions WHERE hash LIKE 'fault-%'`,
      );
      const presentIds = new Map(present.rows.map((row) => [row.hash, row.id]));
      const lost = acked.filter((outcome) => presentIds.get(outcome.hash) !== outcome.id);
      const refusedButStored = refused.filter((outcome) => presentIds.has(outcome.hash));
      const audited = await db.query<{ record_id: number }>(
        `SELECT record_id::int AS record_id FROM core.audit_log WHERE resource = 'finance.transactions' AND action = 'create'`,
      );
      const auditedIds = new Set(audited.rows.map((row) => row.record_id));
      const unaudited = present.rows.filter((row) => !auditedIds.has(row.id));
      const balance = await db.query<{ stored: string; summed: string; agree: boolean }>(
        `SELECT w.balance::text AS stored, s.total::text AS summed, w.balance = s.total AS agree
           FROM finance.wallets w,
                (SELECT coalesce(sum(${CONTRIBUTION_SQL}), 0) AS total
                   FROM finance.transactions t JOIN finance.articles a ON a.id = t.article_id WHERE t.wallet_id = $1) s
          WHERE w.id = $1`,
        [wallet.id],
      );
      console.log(
        `kill -9 after ${KILL_AFTER} acknowledged of ${WRITES} parallel writes (${Math.round(killedAt - started)} ms in): ` +
          `${acked.length} acknowledged, ${refused.length} refused, ${WRITES - acked.length - refused.length} unanswered; ` +
          `after a restart (${restartMs} ms): ${present.rows.length} present, ${lost.length} acknowledged lost, ` +
          `${present.rows.length - (acked.length - lost.length)} unacknowledged but committed, ${refusedButStored.length} refused but stored; ` +
          `audit entries for ${present.rows.length - unaudited.length} of ${present.rows.length}; ` +
          `balance ${balance.rows[0]?.stored} vs sum ${balance.rows[0]?.summed}`,
      );
      expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(lost).toEqual([]);
      expect(refusedButStored).toEqual([]);
      expect(unaudited).toEqual([]);
      expect(balance.rows[0]?.agree).toBe(true);
    } finally {
      await db.close();
    }
  });
});
