import { defineServerPlugin, type ServerPlugin } from '@core/sdk/server';
import { shopManifest } from '../manifest';
import { SHOP_RESOURCES } from '../shared/resources';
import { SHOP_MESSAGES_RU } from './messages-ru';
import sheetExportLeasesSql from './migrations/0005_sheet_export_leases.sql?raw';
import { sheetExportRoute } from './sheet-export/sheet-export-route';

/**
 * The shop service (spec §2 Shop routes, §3, §6 S*): its resources through the core engine, the
 * order engine that hands stock out once (server/orders), bulk loading of positions, manual
 * transfer, the setup queue, reports and the team bots' order handler. See README.md.
 */
export function createShopServerPlugin(): ServerPlugin {
  return defineServerPlugin({
    manifest: shopManifest,
    migrations: [{ name: '0005_sheet_export_leases', sql: sheetExportLeasesSql }],
    resources: SHOP_RESOURCES,
    resourceHooks: {},
    messages: { ru: { ...SHOP_MESSAGES_RU } },
    // Each part registers its own routes here, one line each.
    register(app, context) {
      sheetExportRoute(app, context);
    },
  });
}

export default createShopServerPlugin();
