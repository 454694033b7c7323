import type { FastifyInstance } from 'fastify';
import type { RussianMessages, ServerPluginContext } from '@core/sdk/server';
import { defineCheckJob } from './check-job';
import { PROXY_JOB_LOG_RU } from './job-log';
import { PROXY_MESSAGES_RU as PROXY_API_MESSAGES_RU } from './messages';
import { defineExpirySweep } from './expiry-sweep';
import { readProxyConfig } from './proxy-config';
import { proxyRoutes } from './proxy-routes';
import { definePurchaseJob } from './purchase-job';

/*
 * The proxies part: buying through a provider's adapter (Proxy6.net, or the local provider that
 * buys nothing), checking a proxy through itself, providers' balances, expiry, and the exact check
 * of a proxy's address as an engine hook. Configuration: proxy-config.ts.
 */

/** The proxies' messages in Russian: their API's, and their jobs' log lines and errors. */
export const PROXY_MESSAGES_RU: RussianMessages = { ...PROXY_API_MESSAGES_RU, ...PROXY_JOB_LOG_RU };
export { proxyResourceHooks } from './proxy-hooks';

/** The migration of the local provider's state; list it in the plugin's migrations under this name. */
export const LOCAL_PROXY_PROVIDER_MIGRATION = '0003_local_proxy_provider';

/** The job kinds, the routes and the expiry sweep; call it in the plugin's `register`. */
export function registerProxies(app: FastifyInstance, context: ServerPluginContext): void {
  const config = readProxyConfig(context.settings);
  const kinds = { purchase: definePurchaseJob(context, config), check: defineCheckJob(context, config) };
  proxyRoutes(app, context, config, kinds);
  defineExpirySweep(context);
}
