import type { FastifyInstance } from 'fastify';
import {
  ApiError,
  assertNoBody,
  ID_PARAMS,
  isUniqueViolation,
  type IdParams,
  type JobKind,
  type ServerPluginContext,
} from '@core/sdk/server';
import { formatMessage, type DataEnvelope, type FieldErrors } from '@core/sdk/shared';
import {
  DOMAIN_PURCHASE_JOB,
  type DomainAvailability,
  type DomainAvailabilityRequest,
  type DomainPurchaseRequest,
  type DomainPurchaseRetried,
  type DomainPurchaseStarted,
} from '../../shared/domain-purchase';
import { DOMAIN_NAME_PATTERN } from '../../shared/patterns';
import { domainsResource, type DomainJobStatus } from '../../shared/resources';
import { liveRecordExists, nameRecorded, purchaseTerm, readDomain } from './domain-state';
import { DOMAIN_RECORDED, DOMAIN_USER_MISSING, NEVER_PURCHASED, RETRY_REFUSED, SERVER_MISSING } from './messages';
import { OutsideRefusal, OutsideUnreachable, ServiceNotConfigured } from './outside-call';
import { cdnFor, projectServices, registrarFor, type ProjectServices } from './project-services';
import type { DomainPurchaseConfig } from './purchase-config';
import { domainSubject, type DomainPurchasePayload } from './purchase-job';

/*
 * Buying a domain (code YD): `POST domains/availability` asks the project's registrar,
 * `POST domains/purchase` records the domain (job status queued) and enqueues its purchase job in
 * the same transaction (202), `POST domains/:id/retry` starts a failed or cancelled purchase again
 * from the step it stopped at.
 */

const ACCESS = { access: { requires: 'YD' } } as const;
const ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const NAME = { type: 'string', minLength: 4, maxLength: 253, pattern: DOMAIN_NAME_PATTERN } as const;

const AVAILABILITY_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'project'],
  properties: { name: NAME, project: ID },
} as const;

const PURCHASE_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'project', 'domain_user', 'years'],
  properties: {
    name: NAME,
    project: ID,
    domain_user: ID,
    server: { anyOf: [ID, { type: 'null' }] },
    years: { type: 'integer', minimum: 1, maximum: 10 },
    comment: { type: 'string', maxLength: 2000 },
    premium_price: { type: 'string', maxLength: 20, pattern: '^[0-9]{1,12}(\\.[0-9]{1,4})?$' },
  },
} as const;

/** An outside system's failure as the API answers it: a gateway's 502 (503 for a service not set up). */
function outsideFailure(error: unknown): unknown {
  if (error instanceof ServiceNotConfigured) return new ApiError(503, error.message);
  if (error instanceof OutsideRefusal || error instanceof OutsideUnreachable) return new ApiError(502, error.message);
  return error;
}

/** The project's services, or a 422 on its field. */
async function servicesOr422(
  context: ServerPluginContext,
  projectId: number,
  errors: FieldErrors = {},
): Promise<ProjectServices> {
  const services = await projectServices(context.db, projectId);
  const problems: FieldErrors = 'problem' in services ? { project: [services.problem], ...errors } : errors;
  if (Object.keys(problems).length > 0) throw context.routes.validationError(problems);
  return services as ProjectServices;
}

export function registerPurchaseRoutes(
  app: FastifyInstance,
  context: ServerPluginContext,
  config: DomainPurchaseConfig,
  purchaseJob: JobKind<DomainPurchasePayload>,
): void {
  const { db, routes, jobs } = context;
  const base = `/${domainsResource.path}`;

  app.post<{ Body: DomainAvailabilityRequest }>(
    `${base}/availability`,
    { config: ACCESS, schema: { body: AVAILABILITY_BODY } },
    async (request): Promise<DataEnvelope<DomainAvailability>> => {
      const { name, project } = request.body;
      const services = await servicesOr422(context, project);
      try {
        const registrar = registrarFor(services.registrar, db, config);
        const checked = await registrar.check(name);
        const price = checked.available && checked.price === null ? await registrar.price(name) : checked.price;
        return {
          data: {
            name,
            available: checked.available,
            price,
            premium: checked.premium !== null,
            local: registrar.local,
          },
        };
      } catch (error) {
        throw outsideFailure(error);
      }
    },
  );

  app.post<{ Body: DomainPurchaseRequest }>(
    `${base}/purchase`,
    { config: ACCESS, schema: { body: PURCHASE_BODY } },
    async (request, reply): Promise<DataEnvelope<DomainPurchaseStarted>> => {
      const body = request.body;
      const server = body.server ?? null;
      const errors: FieldErrors = {};
      if (!(await liveRecordExists(db, 'system.domain_users', body.domain_user)))
        errors.domain_user = [DOMAIN_USER_MISSING];
      if (server !== null && !(await liveRecordExists(db, 'system.servers', server))) errors.server = [SERVER_MISSING];
      const services = await servicesOr422(context, body.project, errors);
      try {
        // Credentials missing is known now, before a record says a purchase is under way.
        registrarFor(services.registrar, db, config);
        cdnFor(services.cdn, db, config);
      } catch (error) {
        throw outsideFailure(error);
      }
      const recorded = formatMessage(DOMAIN_RECORDED, { name: body.name });
      if (await nameRecorded(db, body.name)) throw routes.conflict(recorded);
      const actor = routes.actorOf(request);
      const values = {
        name: body.name,
        project: body.project,
        domain_user: body.domain_user,
        server,
        comment: body.comment ?? null,
        job_status: 'queued',
        local: false,
      };
      try {
        const started = await db.transaction(async (tx): Promise<DomainPurchaseStarted> => {
          const domain = Number((await context.records.createIn(tx, domainsResource, values, actor)).id);
          // The confirmed premium price stays with the term, so a retry (a new job) buys at it too.
          await tx.query(
            'INSERT INTO system.domain_purchase_terms (domain_id, years, premium_price) VALUES ($1, $2, $3::numeric)',
            [domain, body.years, body.premium_price ?? null],
          );
          const job = await purchaseJob.enqueue(
            tx,
            { domain },
            { subject: domainSubject(domain), createdBy: actor.id },
          );
          return { domain, job };
        });
        return reply.code(202).send({ data: started });
      } catch (error) {
        // Another request recorded the same name in between.
        if (isUniqueViolation(error)) throw routes.conflict(recorded);
        throw error;
      }
    },
  );

  app.post<{ Params: IdParams }>(
    `${base}/:id/retry`,
    { config: ACCESS, schema: { params: ID_PARAMS } },
    async (request, reply): Promise<DataEnvelope<DomainPurchaseRetried>> => {
      assertNoBody(request.body);
      const id = request.params.id;
      const domain = await readDomain(db, id);
      if (!domain) throw routes.notFound();
      const status = await effectiveStatus(domain.jobStatus, id);
      if (status !== 'failed' && status !== 'cancelled')
        throw routes.conflict(formatMessage(RETRY_REFUSED, { status }));
      if ((await purchaseTerm(db, id)) === null) throw routes.conflict(NEVER_PURCHASED);
      const actor = routes.actorOf(request);
      const job = await db.transaction(async (tx) => {
        // Compare-and-set on the status read above: of two retries at once, one enqueues.
        await context.records.changeIn(
          tx,
          domainsResource,
          id,
          {
            action: 'update',
            values: { job_status: 'queued' },
            refuse: (row) =>
              row.before.job_status === domain.jobStatus
                ? null
                : formatMessage(RETRY_REFUSED, { status: String(row.before.job_status) }),
          },
          actor,
        );
        return purchaseJob.enqueue(tx, { domain: id }, { subject: domainSubject(id), createdBy: actor.id });
      });
      return reply.code(202).send({ data: { job } });
    },
  );

  /**
   * The purchase's state: the record's, unless its last job ended without the record hearing of it
   * (cancelled while queued, or abandoned past its attempts), when the job's own state tells.
   */
  async function effectiveStatus(recorded: DomainJobStatus, id: number): Promise<DomainJobStatus> {
    if (recorded !== 'queued' && recorded !== 'running') return recorded;
    const last = (await jobs.ofSubject(domainSubject(id), 1))[0];
    return last?.kind === DOMAIN_PURCHASE_JOB && (last.state === 'failed' || last.state === 'cancelled')
      ? last.state
      : recorded;
  }
}
