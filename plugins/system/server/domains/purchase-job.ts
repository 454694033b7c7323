import {
  ApiError,
  PermanentJobError,
  type Actor,
  type JobBackoff,
  type JobContext,
  type JobKind,
  type JobRun,
  type ServerPluginContext,
} from '@core/sdk/server';
import type { FieldValue } from '@core/sdk/shared';
import { DOMAIN_PURCHASE_JOB } from '../../shared/domain-purchase';
import { domainsResource, type DomainJobStatus } from '../../shared/resources';
import { OutsideRefusal, ServiceNotConfigured } from './outside-call';
import { cdnFor, projectServices, registrarFor } from './project-services';
import type { DomainPurchaseConfig } from './purchase-config';
import { DomainPurchase, type PurchaseResult } from './purchase-steps';

/**
 * The purchase job (DOMAIN_PURCHASE_JOB, subject `system.domains:<id>`): the steps of
 * purchase-steps.ts, with the domain record mirroring the job (job_status running, then
 * succeeded, failed, cancelled, or queued again while a retry waits), every write through the
 * engine as the user who asked for the purchase.
 *
 * A refusal (a name taken, a registrar or CDN saying no, credentials missing) fails the job at
 * once; no answer, a 429 or a 5xx is thrown as it is, so the runner retries it after its backoff.
 */

export interface DomainPurchasePayload {
  readonly domain: number;
  /**
   * The premium price's amount the buyer confirmed, as jobs queued before the purchase's term kept it
   * carry it; the term's price comes first (purchase-steps.ts).
   */
  readonly premiumPrice?: string;
}

export interface PurchaseJobOptions {
  readonly backoff?: JobBackoff;
  readonly maxAttempts?: number;
  readonly timeoutMs?: number;
}

export const domainSubject = (domainId: number): string => `system.domains:${domainId}`;

/** The error the runner gets: permanent for refusals, as thrown for what another attempt may fix. */
function jobErrorOf(error: unknown): unknown {
  if (error instanceof PermanentJobError) return error;
  const refused =
    (error instanceof OutsideRefusal && !error.transient) ||
    error instanceof ServiceNotConfigured ||
    (error instanceof ApiError && error.status < 500);
  return refused ? new PermanentJobError((error as Error).message) : error;
}

export function definePurchaseJob(
  context: ServerPluginContext,
  config: DomainPurchaseConfig,
  options: PurchaseJobOptions = {},
): JobKind<DomainPurchasePayload> {
  const { db, records, jobs } = context;

  /** How the domain should read once this attempt failed; null to leave it (the server stops, another runner took the job). */
  async function statusAfter(
    job: JobRun,
    ctx: JobContext<DomainPurchasePayload>,
    error: unknown,
  ): Promise<DomainJobStatus | null> {
    if (ctx.signal.aborted) {
      if ((await jobs.find(job.id))?.cancel_requested) return 'cancelled';
      if ((ctx.signal.reason as Error | undefined)?.name !== 'TimeoutError') return null;
    }
    return error instanceof PermanentJobError || ctx.attempt >= job.maxAttempts ? 'failed' : 'queued';
  }

  return jobs.define<DomainPurchasePayload, PurchaseResult>({
    kind: DOMAIN_PURCHASE_JOB,
    requires: 'YD',
    timeoutMs: options.timeoutMs ?? 180_000,
    maxAttempts: options.maxAttempts ?? 4,
    backoff: options.backoff ?? { initialMs: 10_000, factor: 3 },
    async run(job, ctx) {
      const actor: Actor = { id: job.createdBy, language: 'en' };
      const domainId = ctx.payload.domain;
      const write = async (values: Readonly<Record<string, FieldValue>>): Promise<void> => {
        await records.change(domainsResource, domainId, { action: 'update', values }, actor);
      };
      try {
        await write({ job_status: 'running' });
        const domain = await db.query<{ project: string }>('SELECT project::text FROM system.domains WHERE id = $1', [
          domainId,
        ]);
        const services = await projectServices(db, Number(domain.rows[0]?.project));
        if ('problem' in services) throw new PermanentJobError(services.problem);
        const parts = {
          db,
          registrar: registrarFor(services.registrar, db, config),
          registrarName: services.registrar.name,
          cdn: cdnFor(services.cdn, db, config),
          cdnName: services.cdn.name,
          write,
        };
        const result = await new DomainPurchase(parts, ctx).run(domainId, ctx.payload.premiumPrice ?? null);
        await write({ job_status: 'succeeded' });
        return result;
      } catch (thrown) {
        const error = jobErrorOf(thrown);
        const status = await statusAfter(job, ctx, error);
        // Best effort: a domain deleted meanwhile cannot mirror the job, whose own state still tells.
        if (status) await write({ job_status: status }).catch(() => undefined);
        throw error;
      }
    },
  });
}
