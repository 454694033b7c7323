import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@core/server/database/database';
import { BUSY_MESSAGE } from '@core/server/http/admission';
import type { AdmissionLimits } from '@core/server/http/admission-limiter';
import { CORE_MESSAGES_RU } from '@core/server/http/core-messages-ru';
import finance from '@plugins/finance/server';
import {
  bearer,
  buildServer,
  DB_TIMEOUT,
  errorBody,
  freshDatabase,
  mintToken,
} from '../../support/server/test-database';

/*
 * Overload used to queue without bound in front of the database, so a flood
 * made every request wait until clients timed out. Each statement here takes DB_DELAY_MS (the
 * database is slowed, not replaced: the real list runs on PGlite or PostgreSQL), so a handful of
 * requests fill the bounds and the rest must be told 503 at once.
 */

const DB_DELAY_MS = 300;
const LIST = '/api/finance/transactions?per_page=10';
const HEADERS = bearer(mintToken(['FT']));

/** How long each statement is held back now: nothing while a server is built, DB_DELAY_MS while it is flooded. */
let delayMs = 0;

/** `db` with every statement held back `delayMs` first, as a busy database would. */
function slowed(db: Database): Database {
  const pause = () => new Promise((resolve) => setTimeout(resolve, delayMs));
  return {
    kind: db.kind,
    exec: async (sql) => {
      await pause();
      await db.exec(sql);
    },
    query: async (sql, params) => {
      await pause();
      return db.query(sql, params);
    },
    transaction: (work) => db.transaction(work),
    close: () => db.close(),
  };
}

interface Answer {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly body: unknown;
  /** Milliseconds from sending to the whole answer. */
  readonly took: number;
  /** When the answer was complete, on the test's clock. */
  readonly at: number;
}

let db: Database;
let app: FastifyInstance | null = null;

beforeAll(async () => {
  db = await freshDatabase();
}, DB_TIMEOUT);

afterAll(async () => {
  await db.close();
});

afterEach(async () => {
  delayMs = 0;
  await app?.close();
  app = null;
});

async function serve(overload: AdmissionLimits): Promise<string> {
  app = await buildServer({ db: slowed(db), plugins: [finance], overload });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  delayMs = DB_DELAY_MS;
  return base;
}

async function get(url: string, headers: Record<string, string> = HEADERS, signal?: AbortSignal): Promise<Answer> {
  const start = performance.now();
  const response = await fetch(url, { headers, ...(signal ? { signal } : {}) });
  const body: unknown = await response.json();
  const at = performance.now();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body, took: at - start, at };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('admission control under a flood', () => {
  it('serves what fits the bounds and answers the rest 503 with Retry-After at once, before any served one finishes', async () => {
    const base = await serve({ maxConcurrent: 2, maxQueued: 3, maxQueueWaitMs: 1500 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(`${base}${LIST}`)));
    const served = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 503);
    expect(served).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.retryAfter).toBe('2');
      expect(answer.body).toEqual(errorBody(BUSY_MESSAGE));
    }
    // At once: every refusal is out before the first served request (one slow statement) is done.
    expect(Math.max(...refused.map((answer) => answer.at))).toBeLessThan(
      Math.min(...served.map((answer) => answer.at)),
    );
    // Nothing was lost for good: the places are free again.
    expect((await get(`${base}${LIST}`)).status).toBe(200);
  });

  it('refuses a queued request when its wait reaches maxQueueWaitMs, so none waits past the bound', async () => {
    const limits = { maxConcurrent: 1, maxQueued: 10, maxQueueWaitMs: 1.5 * DB_DELAY_MS };
    const base = await serve(limits);
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(`${base}${LIST}`)));
    // The first is served at once (~1 delay), the second after it (~2 delays, within the wait);
    // the others reach the deadline in the queue.
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 503, 503, 503, 503]);
    for (const answer of answers.filter((one) => one.status === 503)) {
      expect(answer.took).toBeGreaterThanOrEqual(limits.maxQueueWaitMs - 20);
      expect(answer.retryAfter).toBe('1');
    }
    // Waiting is bounded by the deadline plus one request's own work (slack for a busy machine).
    for (const answer of answers) expect(answer.took).toBeLessThan(limits.maxQueueWaitMs + 2 * DB_DELAY_MS + 1000);
  });

  it('answers the refusal in Russian to a Russian caller', async () => {
    const base = await serve({ maxConcurrent: 1, maxQueued: 0, maxQueueWaitMs: 1000 });
    const [, refused] = await Promise.all([
      get(`${base}${LIST}`),
      wait(20).then(() => get(`${base}${LIST}`, { ...HEADERS, 'accept-language': 'ru' })),
    ]);
    expect(refused?.status).toBe(503);
    expect(refused?.body).toEqual(errorBody(CORE_MESSAGES_RU[BUSY_MESSAGE]!));
    expect(CORE_MESSAGES_RU[BUSY_MESSAGE]).toBeTruthy();
  });

  it('keeps the health and readiness probes out of the bound', async () => {
    const base = await serve({ maxConcurrent: 1, maxQueued: 0, maxQueueWaitMs: 1000 });
    const [, health, ready] = await Promise.all([
      get(`${base}${LIST}`),
      wait(20).then(() => get(`${base}/api/health`, {})),
      wait(20).then(() => get(`${base}/api/ready`, {})),
    ]);
    expect(health?.status).toBe(200);
    expect(ready?.status).toBe(200);
  });

  it('holds the place of a request whose client hung up until its work is done, then frees it', async () => {
    const base = await serve({ maxConcurrent: 1, maxQueued: 0, maxQueueWaitMs: 1000 });
    const hangUp = new AbortController();
    const abandoned = get(`${base}${LIST}`, HEADERS, hangUp.signal).catch((error: unknown) => error);
    await wait(50);
    hangUp.abort();
    await abandoned;
    // Its statements still run: letting another request in now would put more on the database than the bound.
    expect((await get(`${base}${LIST}`)).status).toBe(503);
    await wait(3 * DB_DELAY_MS);
    expect((await get(`${base}${LIST}`)).status).toBe(200);
  });

  it('gives up the queue place of a client that hangs up while waiting', async () => {
    const base = await serve({ maxConcurrent: 1, maxQueued: 1, maxQueueWaitMs: 5000 });
    const first = get(`${base}${LIST}`);
    await wait(20);
    const hangUp = new AbortController();
    const abandoned = get(`${base}${LIST}`, HEADERS, hangUp.signal).catch((error: unknown) => error);
    await wait(20);
    hangUp.abort();
    await abandoned;
    await wait(20);
    // The queue's one place is free again, so this one waits for the first and is served.
    const third = await get(`${base}${LIST}`);
    expect(third.status).toBe(200);
    expect((await first).status).toBe(200);
  });
});
