import type { MessageValues } from '@core/shared/format-message';
import type { Queryable } from '../database/database';
import { sqlState, UNIQUE_VIOLATION } from '../database/sql';
import type { JobInfo, JobLogLevel, JobLogLine, JobState } from './types';

/*
 * The jobs' SQL. Every statement stands alone (no transaction spans a handler's run), and every
 * write a run makes is fenced by its lease: `id`, `locked_by` and `attempts` together name one
 * attempt of one runner, so a runner that lost the job (its lease expired and another took it, it
 * was cancelled or timed out) changes nothing.
 */

/** One attempt of one runner: what every write of a run is fenced by. */
export interface Lease {
  readonly id: number;
  readonly runner: string;
  readonly attempt: number;
}

/** A job as a runner claims it. */
export interface ClaimedJob {
  readonly id: number;
  readonly kind: string;
  readonly payload: unknown;
  readonly attempt: number;
  readonly maxAttempts: number;
  readonly timeoutMs: number;
  readonly checkpoint: unknown;
  readonly subject: string | null;
  readonly createdBy: number | null;
}

interface JobRow {
  readonly id: unknown;
  readonly kind: string;
  readonly state: JobState;
  readonly subject: string | null;
  readonly attempts: unknown;
  readonly max_attempts: unknown;
  readonly step: string | null;
  readonly percent: unknown;
  readonly result: unknown;
  readonly error: string | null;
  readonly cancel_requested: boolean;
  readonly run_at: unknown;
  readonly created_by: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
  readonly finished_at: unknown;
  readonly created_by_name: string | null;
}

const INFO_COLUMNS = `id, kind, state, subject, attempts, max_attempts, step, percent, result, error, cancel_requested,
  run_at, created_by, created_at, updated_at, finished_at,
  (SELECT username FROM core.users WHERE users.id = jobs.created_by) AS created_by_name`;

const FENCE = `id = $1 AND locked_by = $2 AND attempts = $3 AND state = 'running'`;
const fence = (lease: Lease): unknown[] => [lease.id, lease.runner, lease.attempt];

const iso = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));
const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function info(row: JobRow): JobInfo {
  return {
    id: Number(row.id),
    kind: row.kind,
    state: row.state,
    subject: row.subject,
    attempts: Number(row.attempts),
    max_attempts: Number(row.max_attempts),
    step: row.step,
    percent: numberOrNull(row.percent),
    result: row.result ?? null,
    error: row.error,
    cancel_requested: row.cancel_requested,
    run_at: iso(row.run_at),
    created_by: numberOrNull(row.created_by),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    finished_at: isoOrNull(row.finished_at),
    label: null,
    created_by_name: row.created_by_name ?? null,
  };
}

/** JSON text for a jsonb parameter; `undefined` (a handler returning nothing) is null. */
export function jsonParam(value: unknown): string {
  return JSON.stringify(value === undefined ? null : value);
}

export interface NewJob {
  readonly kind: string;
  readonly payload: unknown;
  readonly maxAttempts: number;
  readonly timeoutMs: number;
  readonly subject: string | null;
  readonly runAt: Date | null;
  readonly createdBy: number | null;
  readonly dedupeKey: string | null;
  readonly concurrencyKey: string | null;
}

/**
 * Adds a job; with a dedupe key already queued, adds nothing and gives the queued job's id. The
 * unique index on queued keys decides between copies enqueueing at once (ON CONFLICT waits for the
 * other's insert to commit); the queued job may start between the two statements, freeing its
 * key, so the insert is tried again.
 */
export async function insertJob(db: Queryable, job: NewJob): Promise<number> {
  for (;;) {
    const { rows } = await db.query<{ id: unknown }>(
      `INSERT INTO core.jobs (kind, payload, max_attempts, timeout_ms, subject, run_at, created_by, dedupe_key, concurrency_key)
       VALUES ($1, $2::jsonb, $3, $4, $5, COALESCE($6::timestamptz, now()), $7, $8, $9)
       ON CONFLICT (dedupe_key) WHERE state = 'queued' DO NOTHING
       RETURNING id`,
      [
        job.kind,
        jsonParam(job.payload),
        job.maxAttempts,
        job.timeoutMs,
        job.subject,
        job.runAt?.toISOString() ?? null,
        job.createdBy,
        job.dedupeKey,
        job.concurrencyKey,
      ],
    );
    if (rows[0]) return Number(rows[0].id);
    if (job.dedupeKey === null) throw new Error('The job insert returned no id.');
    const queued = await db.query<{ id: unknown }>(
      `SELECT id FROM core.jobs WHERE dedupe_key = $1 AND state = 'queued'`,
      [job.dedupeKey],
    );
    if (queued.rows[0]) return Number(queued.rows[0].id);
  }
}

/** What the retry of a finished job enqueues: its kind, payload, subject and keys. */
export async function jobToRetry(db: Queryable, id: number): Promise<Omit<NewJob, 'runAt' | 'createdBy'> | null> {
  const { rows } = await db.query<{
    kind: string;
    payload: unknown;
    max_attempts: unknown;
    timeout_ms: unknown;
    subject: string | null;
    dedupe_key: string | null;
    concurrency_key: string | null;
  }>(
    `SELECT kind, payload, max_attempts, timeout_ms, subject, dedupe_key, concurrency_key FROM core.jobs WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    kind: row.kind,
    payload: row.payload ?? null,
    maxAttempts: Number(row.max_attempts),
    timeoutMs: Number(row.timeout_ms),
    subject: row.subject,
    dedupeKey: row.dedupe_key,
    concurrencyKey: row.concurrency_key,
  };
}

/**
 * Takes one job for `runner`: a queued job that is due, or a running one whose lease expired (its
 * runner died), oldest first. `FOR UPDATE SKIP LOCKED` lets runners claim side by side without
 * waiting on each other or taking the same row; the claim is one statement, committed at once.
 *
 * A job whose concurrency key another job is running with waits. Two copies claiming two jobs of
 * one key at the same moment both pass that check (neither sees the other's claim); the unique
 * index on running keys then lets one claim commit and fails the other, which takes nothing this
 * time (null) and polls again.
 */
export async function claimJob(
  db: Queryable,
  runner: string,
  leaseMs: number,
  kinds: readonly string[],
): Promise<ClaimedJob | null> {
  let rows: Record<string, unknown>[];
  try {
    ({ rows } = await db.query<Record<string, unknown>>(
      `UPDATE core.jobs
          SET state = 'running', attempts = attempts + 1, locked_by = $1,
              locked_until = now() + $2 * interval '1 millisecond', updated_at = now()
        WHERE id = (
          SELECT id FROM core.jobs candidate
           WHERE kind = ANY($3::text[])
             AND ((state = 'queued' AND run_at <= now())
               OR (state = 'running' AND locked_until < now() AND attempts < max_attempts AND NOT cancel_requested))
             AND (concurrency_key IS NULL OR NOT EXISTS (
               SELECT 1 FROM core.jobs other
                WHERE other.concurrency_key = candidate.concurrency_key AND other.state = 'running' AND other.id <> candidate.id))
           ORDER BY run_at, id
           LIMIT 1
           FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, payload, attempts, max_attempts, timeout_ms, checkpoint, subject, created_by`,
      [runner, leaseMs, [...kinds]],
    ));
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) return null;
    throw error;
  }
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    kind: String(row.kind),
    payload: row.payload,
    attempt: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    timeoutMs: Number(row.timeout_ms),
    checkpoint: row.checkpoint ?? null,
    subject: (row.subject as string | null) ?? null,
    createdBy: numberOrNull(row.created_by),
  };
}

/**
 * Hands back a job claimed as the runner began to stop, as if it had never been claimed. When a
 * job with its dedupe key was queued meanwhile, the claim stays, and its lease expires.
 */
export async function releaseClaim(db: Queryable, lease: Lease): Promise<void> {
  try {
    await db.query(
      `UPDATE core.jobs SET state = 'queued', attempts = attempts - 1, locked_by = NULL, locked_until = NULL, updated_at = now() WHERE ${FENCE}`,
      fence(lease),
    );
  } catch (error) {
    if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
  }
}

export const LEASE_EXPIRED_ON_LAST_ATTEMPT =
  'The job stopped without finishing on its last attempt (its server stopped or lost the database).';

/** A job as it reached its final state, for the runner's settled listeners. */
export interface FinalJob {
  readonly id: number;
  readonly kind: string;
  readonly state: 'succeeded' | 'failed' | 'cancelled';
  readonly subject: string | null;
  readonly createdBy: number | null;
  readonly error: string | null;
  readonly result: unknown;
}

const FINAL_COLUMNS = 'id, kind, state, subject, created_by, error, result';

function finalJob(row: Record<string, unknown>): FinalJob {
  return {
    id: Number(row.id),
    kind: String(row.kind),
    state: row.state as FinalJob['state'],
    subject: (row.subject as string | null) ?? null,
    createdBy: numberOrNull(row.created_by),
    error: (row.error as string | null) ?? null,
    result: row.result ?? null,
  };
}

/**
 * Settles running jobs whose lease expired and that no runner may take again: asked to cancel
 * (cancelled), or on their last attempt (failed). Returns them.
 */
export async function settleAbandoned(db: Queryable, kinds: readonly string[]): Promise<FinalJob[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `UPDATE core.jobs
        SET state = CASE WHEN cancel_requested THEN 'cancelled' ELSE 'failed' END,
            error = CASE WHEN cancel_requested THEN error ELSE $2 END,
            locked_by = NULL, locked_until = NULL, finished_at = now(), updated_at = now()
      WHERE state = 'running' AND locked_until < now() AND (cancel_requested OR attempts >= max_attempts)
        AND kind = ANY($1::text[])
      RETURNING ${FINAL_COLUMNS}`,
    [[...kinds], LEASE_EXPIRED_ON_LAST_ATTEMPT],
  );
  return rows.map(finalJob);
}

/** Renews the lease; null when the run no longer holds the job, else whether a cancel was asked for. */
export async function renewLease(
  db: Queryable,
  lease: Lease,
  leaseMs: number,
): Promise<{ cancelRequested: boolean } | null> {
  const { rows } = await db.query<{ cancel_requested: boolean }>(
    `UPDATE core.jobs SET locked_until = now() + $4 * interval '1 millisecond', updated_at = now()
      WHERE ${FENCE} RETURNING cancel_requested`,
    [...fence(lease), leaseMs],
  );
  const row = rows[0];
  return row ? { cancelRequested: row.cancel_requested } : null;
}

/** Sets the step (and the percent, when given); false when the run no longer holds the job. */
export async function writeStep(db: Queryable, lease: Lease, step: string, percent: number | null): Promise<boolean> {
  const { affectedRows } = await db.query(
    `UPDATE core.jobs SET step = $4, percent = COALESCE($5, percent), updated_at = now() WHERE ${FENCE}`,
    [...fence(lease), step, percent],
  );
  return affectedRows > 0;
}

export async function writeCheckpoint(db: Queryable, lease: Lease, checkpoint: unknown): Promise<boolean> {
  const { affectedRows } = await db.query(
    `UPDATE core.jobs SET checkpoint = $4::jsonb, updated_at = now() WHERE ${FENCE}`,
    [...fence(lease), jsonParam(checkpoint)],
  );
  return affectedRows > 0;
}

/**
 * Appends a log line while the run holds the job: a message key and its values (`params`), or a
 * finished text (`params` null).
 */
export async function appendLog(
  db: Queryable,
  lease: Lease,
  level: JobLogLevel,
  message: string,
  params: MessageValues | null,
): Promise<boolean> {
  const { affectedRows } = await db.query(
    `INSERT INTO core.job_logs (job_id, level, message, params)
     SELECT id, $4, $5, $6::jsonb FROM core.jobs WHERE ${FENCE}`,
    [...fence(lease), level, message, params === null ? null : jsonParam(params)],
  );
  return affectedRows > 0;
}

/** How an attempt ended, as the runner records it. */
export type AttemptEnd =
  | { readonly state: 'succeeded'; readonly result: unknown }
  | { readonly state: 'failed'; readonly error: string }
  | { readonly state: 'cancelled' }
  | { readonly state: 'retry'; readonly error: string; readonly delayMs: number };

/**
 * Records the end of an attempt, only while the run still holds the job: the job as it stands when
 * that was its final state, `true` when it goes on (a retry), null when the run no longer held it.
 * A retry finding a job of its dedupe key queued meanwhile fails instead: that job does the work.
 */
export async function finishAttempt(db: Queryable, lease: Lease, end: AttemptEnd): Promise<FinalJob | true | null> {
  try {
    return await recordEnd(db, lease, end);
  } catch (error) {
    if (end.state !== 'retry' || sqlState(error) !== UNIQUE_VIOLATION) throw error;
    return recordEnd(db, lease, { state: 'failed', error: end.error });
  }
}

async function recordEnd(db: Queryable, lease: Lease, end: AttemptEnd): Promise<FinalJob | true | null> {
  const released = `locked_by = NULL, locked_until = NULL, updated_at = now()`;
  let sql: string;
  let extra: unknown[];
  switch (end.state) {
    case 'succeeded':
      sql = `state = 'succeeded', result = $4::jsonb, error = NULL, percent = 100, finished_at = now(), ${released}`;
      extra = [jsonParam(end.result)];
      break;
    case 'failed':
      sql = `state = 'failed', error = $4, finished_at = now(), ${released}`;
      extra = [end.error];
      break;
    case 'cancelled':
      sql = `state = 'cancelled', finished_at = now(), ${released}`;
      extra = [];
      break;
    case 'retry':
      sql = `state = 'queued', error = $4, run_at = now() + $5 * interval '1 millisecond', ${released}`;
      extra = [end.error, end.delayMs];
      break;
  }
  const { rows } = await db.query<Record<string, unknown>>(
    `UPDATE core.jobs SET ${sql} WHERE ${FENCE} RETURNING ${FINAL_COLUMNS}`,
    [...fence(lease), ...extra],
  );
  const row = rows[0];
  if (!row) return null;
  return end.state === 'retry' ? true : finalJob(row);
}

export async function findJob(db: Queryable, id: number): Promise<JobInfo | null> {
  const { rows } = await db.query<JobRow>(`SELECT ${INFO_COLUMNS} FROM core.jobs WHERE id = $1`, [id]);
  return rows[0] ? info(rows[0]) : null;
}

/**
 * Cancels a queued job at once; marks a running one for cancelling (its runner aborts it). A
 * finished job is left as it is. Null when there is no such job; `cancelledNow` when this call
 * settled a queued job.
 */
export async function requestCancel(
  db: Queryable,
  id: number,
): Promise<{ job: JobInfo; cancelledNow: boolean } | null> {
  const { rows } = await db.query<JobRow>(
    `UPDATE core.jobs
        SET cancel_requested = true,
            state = CASE WHEN state = 'queued' THEN 'cancelled' ELSE state END,
            finished_at = CASE WHEN state = 'queued' THEN now() ELSE finished_at END,
            updated_at = now()
      WHERE id = $1 AND state IN ('queued', 'running')
      RETURNING ${INFO_COLUMNS}`,
    [id],
  );
  if (rows[0]) return { job: info(rows[0]), cancelledNow: rows[0].state === 'cancelled' };
  const job = await findJob(db, id);
  return job ? { job, cancelledNow: false } : null;
}

/** A job cancelled while queued, as the settled listeners are told it. */
export function cancelledJob(job: JobInfo): FinalJob {
  return {
    id: job.id,
    kind: job.kind,
    state: 'cancelled',
    subject: job.subject,
    createdBy: job.created_by,
    error: job.error,
    result: null,
  };
}

/** A log line as stored: with `params`, its message is a key still to be worded for a reader. */
export interface StoredLogLine extends JobLogLine {
  readonly params: MessageValues | null;
}

export async function readLogs(db: Queryable, id: number, afterLogId: number, limit: number): Promise<StoredLogLine[]> {
  const { rows } = await db.query<{
    id: unknown;
    at: unknown;
    level: JobLogLevel;
    message: string;
    params: MessageValues | null;
  }>(`SELECT id, at, level, message, params FROM core.job_logs WHERE job_id = $1 AND id > $2 ORDER BY id LIMIT $3`, [
    id,
    afterLogId,
    limit,
  ]);
  return rows.map((row) => ({
    id: Number(row.id),
    at: iso(row.at),
    level: row.level,
    message: row.message,
    params: row.params ?? null,
  }));
}

/** Which jobs a list shows: of these kinds, and of one subject and state when given. */
export interface JobFilter {
  readonly kinds: readonly string[];
  readonly subject?: string;
  readonly state?: JobState;
}

/** The jobs that pass `filter`, newest first, and how many pass it. */
export async function listJobs(
  db: Queryable,
  filter: JobFilter,
  limit: number,
  offset = 0,
): Promise<{ jobs: JobInfo[]; total: number }> {
  const where = `kind = ANY($1::text[]) AND ($2::text IS NULL OR subject = $2) AND ($3::text IS NULL OR state = $3)`;
  const params = [[...filter.kinds], filter.subject ?? null, filter.state ?? null];
  const { rows } = await db.query<JobRow & { total: unknown }>(
    `SELECT ${INFO_COLUMNS}, count(*) OVER () AS total FROM core.jobs WHERE ${where} ORDER BY id DESC LIMIT $4 OFFSET $5`,
    [...params, limit, offset],
  );
  if (rows.length === 0 && offset > 0) {
    const counted = await db.query<{ total: unknown }>(
      `SELECT count(*) AS total FROM core.jobs WHERE ${where}`,
      params,
    );
    return { jobs: [], total: Number(counted.rows[0]?.total ?? 0) };
  }
  return { jobs: rows.map(info), total: Number(rows[0]?.total ?? 0) };
}
