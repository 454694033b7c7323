import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGING_PROPERTIES, listPage, pageOffset, type Paging } from '../auth/users-common';
import type { Database } from '../database/database';
import { ApiError, forbidden, notFound, validationError } from '../http/api-error';
import { ID_PARAMS, type IdParams } from '../http/ids';
import type { MessageTranslator } from '../http/message-translations';
import { readerOf } from '../http/reader';
import { callerHolds, callerId } from '../http/route-access';
import { assertNoBody } from '../http/no-input';
import { logLineFor } from './log-lines';
import type { JobRegistry } from './registry';
import { listSchedules } from './schedule-store';
import { cancelledJob, findJob, insertJob, jobToRetry, listJobs, readLogs, requestCancel } from './store';
import {
  JOB_STATES,
  type JobInfo,
  type JobKindInfo,
  type JobLogPage,
  type JobScheduleInfo,
  type JobState,
} from './types';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { JobRunner } from './runner';

/*
 * The jobs' API, under /api/jobs. Each route is open to any signed-in caller and checks the job
 * kind's own `requires` itself: a job the caller may not read, or of a kind this server does not
 * run, is a 404 like a job that does not exist. A page shows a job's progress by polling
 * `GET /api/jobs/:id` (and its log after the last line it has) every second while the job is
 * queued or running. Log lines and a job's error are worded for the caller (Accept-Language and
 * time zone): see log-lines.ts.
 */

const SUBJECT = { type: 'string', minLength: 1, maxLength: 200 } as const;
const KIND = { type: 'string', minLength: 3, maxLength: 100 } as const;
const MAX_LOG_PAGE = 500;

const LOGS_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    after: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: MAX_LOG_PAGE, default: 100 },
  },
} as const;

const LIST_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { subject: SUBJECT, kind: KIND, state: { type: 'string', enum: JOB_STATES }, ...PAGING_PROPERTIES },
} as const;

interface LogsQuery {
  readonly after: number;
  readonly limit: number;
}

interface ListQuery extends Paging {
  readonly subject?: string;
  readonly kind?: string;
  readonly state?: JobState;
}

const NO_QUERY = { type: 'object', additionalProperties: false, properties: {} } as const;

/** Who sees the schedules: those who see the Jobs screen. */
const SCHEDULES_ACCESS = { access: { requires: 'JS' } } as const;

const signedIn = { access: { signedIn: true } } as const;

export interface JobRoutesOptions {
  readonly db: Database;
  readonly registry: JobRegistry;
  readonly runner: JobRunner;
  /** The server's messages in every language: the log lines' keys and the jobs' errors are worded with it. */
  readonly translator: MessageTranslator;
}

/** Mounts /api/jobs on the server's root. */
export function registerJobRoutes(app: FastifyInstance, { db, registry, runner, translator }: JobRoutesOptions): void {
  const mayRead = (request: FastifyRequest, kind: string): boolean => {
    const entry = registry.get(kind);
    return entry !== undefined && callerHolds(request, entry.requires);
  };
  /** The job, when the caller may read it; else the same 404 as a job that does not exist. */
  const readable = async (request: FastifyRequest, id: number): Promise<JobInfo> => {
    const job = await findJob(db, id);
    if (!job || !mayRead(request, job.kind)) throw notFound('Job');
    return job;
  };
  /** The job as the caller reads it: its label, and its error when the error's wording is known, in their language. */
  const forReader = (request: FastifyRequest, job: JobInfo): JobInfo => {
    const reader = readerOf(request);
    const named = registry.labelled(job, reader.language);
    if (named.error === null) return named;
    return { ...named, error: translator.translate(named.error, reader.language, reader.format) };
  };

  app.get<{ Params: IdParams }>(
    '/api/jobs/:id',
    { config: signedIn, schema: { params: ID_PARAMS } },
    async (request) => ({
      data: forReader(request, await readable(request, request.params.id)),
    }),
  );

  app.get<{ Params: IdParams; Querystring: LogsQuery }>(
    '/api/jobs/:id/logs',
    { config: signedIn, schema: { params: ID_PARAMS, querystring: LOGS_QUERY } },
    async (request): Promise<DataEnvelope<JobLogPage>> => {
      const job = await readable(request, request.params.id);
      const { after, limit } = request.query;
      // One more than asked tells whether another page follows.
      const lines = await readLogs(db, job.id, after, limit + 1);
      const page = lines.slice(0, limit);
      const reader = readerOf(request);
      return {
        data: {
          lines: page.map((line) => logLineFor(line, translator, reader)),
          next_after: page.at(-1)?.id ?? after,
          has_more: lines.length > limit,
          state: job.state,
        },
      };
    },
  );

  app.post<{ Params: IdParams }>(
    '/api/jobs/:id/cancel',
    { config: signedIn, schema: { params: ID_PARAMS } },
    async (request) => {
      assertNoBody(request.body);
      const job = await readable(request, request.params.id);
      if (job.state !== 'queued' && job.state !== 'running') throw new ApiError(409, 'The job has already finished.');
      const cancelled = await requestCancel(db, job.id);
      if (cancelled?.job.state === 'running') runner.cancelLocal(job.id);
      if (cancelled?.cancelledNow) runner.announce(cancelledJob(cancelled.job));
      return { data: forReader(request, cancelled?.job ?? job) };
    },
  );

  // A new job with the same payload, subject and keys, started by the caller; the old one stays as it ended.
  app.post<{ Params: IdParams }>(
    '/api/jobs/:id/retry',
    { config: signedIn, schema: { params: ID_PARAMS } },
    async (request) => {
      assertNoBody(request.body);
      const job = await readable(request, request.params.id);
      if (job.state !== 'failed' && job.state !== 'cancelled')
        throw new ApiError(409, 'Only a failed or cancelled job can be retried.');
      const again = await jobToRetry(db, job.id);
      if (!again) throw notFound('Job');
      const id = await insertJob(db, { ...again, runAt: null, createdBy: callerId(request) });
      runner.wake();
      const created = await findJob(db, id);
      if (!created) throw notFound('Job');
      return { data: forReader(request, created) };
    },
  );

  // The Jobs screen's kind filter: the kinds the caller may read, named in their language.
  app.get(
    '/api/jobs/kinds',
    { config: signedIn, schema: { querystring: NO_QUERY } },
    async (request): Promise<DataEnvelope<JobKindInfo[]>> => {
      const { language } = readerOf(request);
      return {
        data: registry
          .entries()
          .filter((entry) => callerHolds(request, entry.requires))
          .map((entry) => ({
            kind: entry.kind,
            label: entry.label ? (language === 'ru' ? entry.label.ru : entry.label.en) : null,
          })),
      };
    },
  );

  app.get(
    '/api/jobs/schedules',
    { config: SCHEDULES_ACCESS, schema: { querystring: NO_QUERY } },
    async (request): Promise<DataEnvelope<JobScheduleInfo[]>> => {
      const { language } = readerOf(request);
      const rows = await listSchedules(db);
      return {
        data: rows.map((row): JobScheduleInfo => {
          const declared = registry.getSchedule(row.id);
          const label = declared?.label ?? registry.get(row.kind)?.label ?? null;
          const overdueMs = row.now.getTime() - row.nextRunAt.getTime();
          return {
            id: row.id,
            kind: row.kind,
            label: label ? (language === 'ru' ? label.ru : label.en) : row.id,
            every_ms: row.everyMs,
            cron: row.cron,
            missed: row.missed,
            next_run_at: row.nextRunAt.toISOString(),
            last_run_at: row.lastRunAt?.toISOString() ?? null,
            last_job: row.lastJob,
            lag_ms: declared && overdueMs > 0 ? overdueMs : (row.lastLagMs ?? 0),
            declared: declared !== undefined,
          };
        }),
      };
    },
  );

  app.get<{ Querystring: ListQuery }>(
    '/api/jobs',
    { config: signedIn, schema: { querystring: LIST_QUERY } },
    async (request) => {
      const { subject, kind, state } = request.query;
      let kinds: string[];
      if (kind !== undefined) {
        if (!registry.get(kind)) throw validationError({ kind: ['The kind is not a job kind of this server.'] });
        if (!mayRead(request, kind)) throw forbidden();
        kinds = [kind];
      } else {
        kinds = registry.names().filter((name) => mayRead(request, name));
        // A caller who may read no kind of job at all is refused, as a route requiring any of their codes would.
        if (kinds.length === 0) throw forbidden();
      }
      const filter = { kinds, ...(subject !== undefined && { subject }), ...(state !== undefined && { state }) };
      const { jobs, total } = await listJobs(db, filter, request.query.per_page, pageOffset(request.query));
      return {
        data: listPage(
          jobs.map((job) => forReader(request, job)),
          total,
          request.query,
        ),
      };
    },
  );
}
