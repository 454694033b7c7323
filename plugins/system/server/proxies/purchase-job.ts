import { ApiError, PermanentJobError, type Actor, type JobKind, type ServerPluginContext } from '@core/sdk/server';
import { formatMessage, type FieldValue } from '@core/sdk/shared';
import { systemManifest } from '../../manifest';
import {
  BUYING,
  BUYING_LOCAL,
  NOT_RECORDED,
  ORDER_NOT_RECORDED,
  ORDER_WITHOUT_NUMBER,
  PROVIDER_DELETED,
  RECORDED,
  RETURNED,
  RETURNED_WITHOUT_ORDER,
} from './job-log';
import { PROXY_PURCHASE_JOB, type ProxyPurchaseRequest, type ProxyPurchaseResult } from '../../shared/proxy-purchase';
import { proxiesResource } from '../../shared/resources';
import { formatHostPort } from './host-port';
import type { BoughtProxy, ProxyProviderAdapter, Purchase } from './provider-adapter';
import type { ProxyConfig } from './proxy-config';
import { adapterFor, findProvider, providerFailure, requireCountryCode } from './providers';

/*
 * A purchase as a background job: the provider's adapter buys, then one proxy record is created per
 * proxy it returned, through the engine's write path (audited, authored by whoever asked). A
 * purchase is never attempted twice on its own: a second attempt after a lost answer could pay
 * twice, so the job has one attempt and its error says what happened. The payload holds no secret.
 */

/** Names bought proxies take without a name given: the local provider's say they were not bought. */
export const LOCAL_PROXY_NAME = 'Local (no purchase)';

export type PurchasePayload = ProxyPurchaseRequest;

/** A refusal of the provider, or anything the route would have answered with a 422, fails the job at once with that message. */
function permanent(error: unknown): never {
  if (error instanceof ApiError) throw new PermanentJobError(error.message);
  throw new PermanentJobError(providerFailure(error).message);
}

function proxyValues(
  request: PurchasePayload,
  purchase: Purchase,
  bought: BoughtProxy,
  index: number,
  local: boolean,
): Record<string, FieldValue> {
  const base = request.name?.trim() ?? (local ? LOCAL_PROXY_NAME : null);
  return {
    ...(base === null ? {} : { name: `${base} ${index + 1}` }),
    country: request.country,
    period_days: request.period_days,
    status: 'active',
    ...(request.team === undefined ? {} : { team: request.team }),
    address: formatHostPort(bought.host, bought.port),
    credentials_pair: `${bought.user}:${bought.pass}`,
    type: bought.type,
    provider: request.provider,
    end_date: bought.endDate,
    ...(purchase.orderId === null ? {} : { order_id: purchase.orderId }),
  };
}

/**
 * Where a finished purchase's notification leads: the bought proxy's page, the proxies list showing
 * the order when it bought several, the list itself when nothing was bought (a failure).
 */
export function purchasedProxiesPath(result: ProxyPurchaseResult | null): string | null {
  const list = systemManifest.pages.find((page) => page.record === proxiesResource.id)?.path ?? null;
  const [first, ...others] = result?.proxies ?? [];
  if (list === null || first === undefined) return list;
  if (others.length === 0) return `${list}/${first}`;
  return result?.order_id ? `${list}?filter[order_id][eq]=${encodeURIComponent(result.order_id)}` : list;
}

export function definePurchaseJob(context: ServerPluginContext, config: ProxyConfig): JobKind<PurchasePayload> {
  const { db, jobs, records } = context;
  return jobs.define<PurchasePayload, ProxyPurchaseResult>({
    kind: PROXY_PURCHASE_JOB,
    requires: 'YP',
    label: { en: 'Proxy purchase', ru: 'Покупка прокси' },
    link: (_job, result) => purchasedProxiesPath(result),
    timeoutMs: 120_000,
    maxAttempts: 1,
    async run(job, ctx) {
      const request = ctx.payload;
      const provider = await findProvider(db, request.provider);
      if (!provider) throw new PermanentJobError(PROVIDER_DELETED);
      const country = await requireCountryCode(db, request.country).catch(permanent);
      let adapter: ProxyProviderAdapter;
      try {
        adapter = adapterFor(provider, config, db);
      } catch (error) {
        permanent(error);
      }

      await ctx.step('Buying', 10);
      await ctx.log({
        key: adapter.local ? BUYING_LOCAL : BUYING,
        params: {
          quantity: request.quantity,
          type: request.type,
          country: country.toUpperCase(),
          days: request.period_days,
          provider: provider.name,
        },
      });
      const purchase = await adapter
        .buy({
          country,
          type: request.type,
          periodDays: request.period_days,
          quantity: request.quantity,
          note: `erp-job-${job.id}`,
          signal: ctx.signal,
        })
        .catch(permanent);
      const count = purchase.proxies.length;
      await ctx.log(
        purchase.orderId === null
          ? { key: RETURNED_WITHOUT_ORDER, params: { count } }
          : { key: RETURNED, params: { count, order: purchase.orderId } },
      );
      for (const skipped of purchase.skipped) await ctx.log({ key: NOT_RECORDED, params: { reason: skipped } }, 'warn');

      await ctx.step('Recording', 70);
      const actor: Actor = { id: job.createdBy, language: 'en' };
      let ids: number[];
      try {
        ids = await db.transaction(async (tx) => {
          const created: number[] = [];
          for (const [index, bought] of purchase.proxies.entries()) {
            const values = records.readValues(
              proxiesResource,
              proxyValues(request, purchase, bought, index, adapter.local),
              'create',
              'en',
            );
            created.push((await records.createIn(tx, proxiesResource, values, actor)).id);
          }
          return created;
        });
      } catch (error) {
        const reason = error instanceof ApiError ? error.message : 'the database refused the records';
        throw new PermanentJobError(
          formatMessage(ORDER_NOT_RECORDED, { order: purchase.orderId ?? ORDER_WITHOUT_NUMBER, reason }),
        );
      }
      await ctx.log({ key: RECORDED, params: { count: ids.length } });
      return { proxies: ids, order_id: purchase.orderId, local: adapter.local };
    },
  });
}
