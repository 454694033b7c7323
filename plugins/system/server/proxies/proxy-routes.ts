import type { FastifyInstance } from 'fastify';
import {
  actorOf,
  assertNoBody,
  ID_PARAMS,
  notFound,
  type IdParams,
  type JobKind,
  type ServerPluginContext,
} from '@core/sdk/server';
import type { DataEnvelope, ResourceRecord } from '@core/sdk/shared';
import type { ProxyJobStarted, ProxyPurchaseRequest, ProxyQuote, ProxyQuoteRequest } from '../../shared/proxy-purchase';
import { proxiesResource, proxyProvidersResource } from '../../shared/resources';
import type { CheckPayload } from './check-job';
import type { ProxyConfig } from './proxy-config';
import { TypeNotOfferedError } from './provider-adapter';
import { adapterFor, findProvider, providerFailure, requireCountryCode, requireProvider } from './providers';
import type { PurchasePayload } from './purchase-job';
import { PURCHASE_SCHEMA, QUOTE_SCHEMA } from './purchase-body';
import { requireTeam } from './purchase-team';

/*
 * The proxies' own routes (YP): a quote asked of the provider while the caller waits, a purchase
 * and a check started as jobs (202 with the job's id, read through /api/jobs), and a provider's
 * balance asked again (its definition's row action).
 */

const ACCESS = { access: { requires: 'YP' } } as const;

export interface ProxyJobKinds {
  readonly purchase: JobKind<PurchasePayload>;
  readonly check: JobKind<CheckPayload>;
}

export function proxyRoutes(
  app: FastifyInstance,
  context: ServerPluginContext,
  config: ProxyConfig,
  kinds: ProxyJobKinds,
): void {
  const { db, records } = context;

  app.post<{ Body: ProxyQuoteRequest }>(
    '/proxies/quote',
    { config: ACCESS, schema: { body: QUOTE_SCHEMA } },
    async (request): Promise<DataEnvelope<ProxyQuote>> => {
      const body = request.body;
      const provider = await requireProvider(db, body.provider);
      const country = await requireCountryCode(db, body.country);
      const adapter = adapterFor(provider, config, db);
      const quote = await adapter
        .quote({ country, type: body.type, periodDays: body.period_days, quantity: body.quantity })
        .catch((error: unknown) => {
          throw providerFailure(error);
        });
      return { data: { ...quote, local: adapter.local } };
    },
  );

  app.post<{ Body: ProxyPurchaseRequest }>(
    '/proxies/purchase',
    { config: ACCESS, schema: { body: PURCHASE_SCHEMA } },
    async (request, reply): Promise<DataEnvelope<ProxyJobStarted>> => {
      const body = request.body;
      // What can be known before buying is refused now, not in the job: the provider, its key, the country, the team, a type it sells.
      const provider = await requireProvider(db, body.provider);
      await requireCountryCode(db, body.country);
      await requireTeam(db, body.team);
      const adapter = adapterFor(provider, config, db);
      if (!adapter.types.includes(body.type)) throw providerFailure(new TypeNotOfferedError(provider.name, body.type));
      const job = await db.transaction((tx) =>
        kinds.purchase.enqueue(tx, body, {
          subject: `${proxyProvidersResource.id}:${provider.id}`,
          createdBy: actorOf(request).id,
        }),
      );
      reply.code(202);
      return { data: { job } };
    },
  );

  app.post<{ Params: IdParams }>(
    '/proxies/:id/check',
    { config: ACCESS, schema: { params: ID_PARAMS } },
    async (request, reply): Promise<DataEnvelope<ProxyJobStarted>> => {
      assertNoBody(request.body);
      const id = request.params.id;
      const job = await db.transaction(async (tx) => {
        const found = await tx.query(`SELECT 1 FROM ${proxiesResource.table} WHERE id = $1 AND deleted_at IS NULL`, [
          id,
        ]);
        if (found.rows.length === 0) throw notFound();
        return kinds.check.enqueue(
          tx,
          { proxy: id },
          { subject: `${proxiesResource.id}:${id}`, createdBy: actorOf(request).id },
        );
      });
      reply.code(202);
      return { data: { job } };
    },
  );

  app.post<{ Params: IdParams }>(
    '/proxy-providers/:id/balance',
    { config: ACCESS, schema: { params: ID_PARAMS } },
    async (request): Promise<DataEnvelope<ResourceRecord>> => {
      assertNoBody(request.body);
      const provider = await findProvider(db, request.params.id);
      if (!provider) throw notFound();
      // The provider is asked outside any transaction: it may take seconds.
      const balance = await adapterFor(provider, config, db)
        .balance()
        .catch((error: unknown) => {
          throw providerFailure(error);
        });
      const record = await records.change(
        proxyProvidersResource,
        provider.id,
        { action: 'balance', values: { balance, balance_checked_at: new Date().toISOString() } },
        actorOf(request),
      );
      return { data: record };
    },
  );
}
