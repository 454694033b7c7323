import { defineServerPlugin, type ServerPlugin } from '@core/sdk/server';
import { shopManifest } from '../manifest';
import { SHOP_RESOURCES } from '../shared/resources';
import { SHOP_MESSAGES_RU } from './messages-ru';

/**
 * The shop service (spec §2 Shop routes, §3, §6 S*): its resources through the core engine, the
 * order engine that hands stock out once (server/orders), bulk loading of positions, manual
 * transfer, the setup queue, reports and the team bots' order handler. See README.md.
 */
export function createShopServerPlugin(): ServerPlugin {
  return defineServerPlugin({
    manifest: shopManifest,
    migrations: [],
    resources: SHOP_RESOURCES,
    resourceHooks: {},
    messages: { ru: { ...SHOP_MESSAGES_RU } },
    // Each part registers its own routes here, one line each.
    register(_app, _context) {},
  });
}

export default createShopServerPlugin();
