import type { FastifyInstance } from 'fastify';
import {
  ApiError,
  assertNoBody,
  ID_PARAMS,
  type IdParams,
  type JobKind,
  type ServerPluginContext,
} from '@core/sdk/server';
import { formatMessage, type DataEnvelope, type FieldErrors } from '@core/sdk/shared';
import {
  ACCOUNT_SYNC_JOB,
  MAX_INSIGHTS_DAYS,
  type InsightsSyncRequest,
  type JobStarted,
} from '../../shared/platform-jobs';
import { accountsResource, adAccountsResource } from '../../shared/resources';
import { NO_SERVICE } from '../graph/messages';
import { accountToken, platformTarget } from '../graph/service-token';
import type { AccountSyncPayload } from './account-sync-job';
import { accountSubject } from './account-sync-job';
import { adAccountSubject } from './insights-sync-job';
import { AD_ACCOUNT_MISSING, NOT_A_DAY, NOT_ON_PLATFORM, RANGE_REVERSED, RANGE_TOO_LONG } from './messages';

/*
 * Starting the syncs (MA): `POST accounts/:id/sync` (the accounts' row action) and
 * `POST insights/sync { ad_account, from, to }`, each 202 `{ data: { job } }` with the job read
 * through /api/jobs. Without a platform service behind the account, 503 saying what to set up.
 * A sync asked for while the same one is still queued or running answers that job.
 */

const ACCESS = { access: { requires: 'MA' } } as const;
const DAY = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
const INSIGHTS_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['ad_account', 'from', 'to'],
  properties: { ad_account: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, from: DAY, to: DAY },
} as const;

const DAY_MS = 86_400_000;

/** A real calendar day's time at UTC midnight, or null (`2026-02-30`). */
function dayTime(day: string): number | null {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? null : time;
}

export interface SyncKinds {
  readonly account: JobKind<AccountSyncPayload>;
  readonly insights: JobKind<InsightsSyncRequest>;
}

export function registerSyncRoutes(app: FastifyInstance, context: ServerPluginContext, kinds: SyncKinds): void {
  const { db, jobs, routes } = context;

  /** The job of the same kind still queued or running for `subject`, if any. */
  async function unfinished(subject: string, kind: string): Promise<number | null> {
    const job = (await jobs.ofSubject(subject, 10)).find(
      (found) => found.kind === kind && (found.state === 'queued' || found.state === 'running'),
    );
    return job?.id ?? null;
  }

  app.post<{ Params: IdParams }>(
    `/${accountsResource.path}/:id/sync`,
    { config: ACCESS, schema: { params: ID_PARAMS } },
    async (request, reply): Promise<DataEnvelope<JobStarted>> => {
      assertNoBody(request.body);
      const id = request.params.id;
      const found = await db.query(`SELECT 1 FROM ${accountsResource.table} WHERE id = $1 AND deleted_at IS NULL`, [
        id,
      ]);
      if (found.rows.length === 0) throw routes.notFound();
      if ((await accountToken(db, id)) === null) throw new ApiError(503, NO_SERVICE);
      const subject = accountSubject(id);
      const job =
        (await unfinished(subject, ACCOUNT_SYNC_JOB)) ??
        (await db.transaction((tx) =>
          kinds.account.enqueue(tx, { account: id }, { subject, createdBy: routes.actorOf(request).id }),
        ));
      reply.code(202);
      return { data: { job } };
    },
  );

  app.post<{ Body: InsightsSyncRequest }>(
    '/insights/sync',
    { config: ACCESS, schema: { body: INSIGHTS_BODY } },
    async (request, reply): Promise<DataEnvelope<JobStarted>> => {
      const body = request.body;
      const errors: FieldErrors = {};
      const [from, to] = [dayTime(body.from), dayTime(body.to)];
      if (from === null) errors.from = [NOT_A_DAY];
      if (to === null) errors.to = [NOT_A_DAY];
      else if (from !== null && to < from) errors.to = [RANGE_REVERSED];
      else if (from !== null && (to - from) / DAY_MS + 1 > MAX_INSIGHTS_DAYS)
        errors.to = [formatMessage(RANGE_TOO_LONG, { days: MAX_INSIGHTS_DAYS })];
      const live = await db.query(`SELECT 1 FROM ${adAccountsResource.table} WHERE id = $1 AND deleted_at IS NULL`, [
        body.ad_account,
      ]);
      const target = live.rows.length > 0 ? await platformTarget(db, adAccountsResource.id, body.ad_account) : null;
      if (!target) errors.ad_account = [AD_ACCOUNT_MISSING];
      else if (target.adAccount === null) errors.ad_account = [NOT_ON_PLATFORM];
      if (Object.keys(errors).length > 0) throw routes.validationError(errors);
      if (target?.token == null) throw new ApiError(503, NO_SERVICE);
      const subject = adAccountSubject(body.ad_account);
      const payload: InsightsSyncRequest = { ad_account: body.ad_account, from: body.from, to: body.to };
      const job = await db.transaction((tx) =>
        kinds.insights.enqueue(tx, payload, { subject, createdBy: routes.actorOf(request).id }),
      );
      reply.code(202);
      return { data: { job } };
    },
  );
}
