import type { FastifyInstance } from 'fastify';
import type { ServerPluginContext } from '@core/sdk/server';
import { KeitaroAdminApi } from './keitaro-api';
import { KeitaroSync } from './record-sync';
import { syncActionRoutes } from './sync-action';
import { syncAfterWrites } from './sync-trigger';

/**
 * The Keitaro sync of offers and streams (issue 16): pushes after each committed write, the `sync`
 * row actions, and a server that waits for pushes in flight before it closes (and its database with it).
 */
export function registerKeitaroSync(app: FastifyInstance, { db, records, routes }: ServerPluginContext): void {
  const sync = new KeitaroSync({ db, records, keitaro: (connection) => new KeitaroAdminApi(connection), now: () => new Date(), log: app.log });
  syncAfterWrites(app, routes, sync);
  syncActionRoutes(app, routes, sync);
  app.addHook('onClose', () => sync.idle());
}
export { KEITARO_SYNC_MESSAGES_RU } from './sync-failures';
