import type { FastifyInstance } from 'fastify';
import type { Migration, ServerPluginContext } from '@core/sdk/server';
import premiumPriceSql from '../migrations/0005_premium_price.sql?raw';
import { definePurchaseJob, type PurchaseJobOptions } from './purchase-job';
import { readDomainPurchaseConfig } from './purchase-config';
import { registerPurchaseRoutes } from './purchase-routes';

export { DOMAIN_PURCHASE_MESSAGES_RU } from './messages-ru';
export type { PurchaseJobOptions } from './purchase-job';

/** Keeps the confirmed premium price with the purchase's term (system.domain_purchase_terms). */
export const PREMIUM_PRICE_MIGRATION: Migration = { name: '0005_premium_price', sql: premiumPriceSql };

/**
 * Buying domains: the purchase job and its routes under the system service.
 * Call from the plugin's `register(app, context)`; the migration 0002_local_registrar_cdn holds
 * the local registrar's and CDN's state and each purchase's term, 0005_premium_price the premium
 * price the buyer confirmed. `options` tune the job's
 * retries (tests make them quick).
 */
export function registerDomainPurchase(
  app: FastifyInstance,
  context: ServerPluginContext,
  options: PurchaseJobOptions = {},
): void {
  const config = readDomainPurchaseConfig(context.settings);
  const purchaseJob = definePurchaseJob(context, config, options);
  registerPurchaseRoutes(app, context, config, purchaseJob);
}
