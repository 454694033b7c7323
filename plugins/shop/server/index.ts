import { defineServerPlugin, type ServerPlugin } from '@core/sdk/server';
import { shopManifest } from '../manifest';
import { SHOP_RESOURCES } from '../shared/resources';
import { SHOP_MESSAGES_RU } from './messages-ru';
import { SETUP_MESSAGES_RU } from './setup/messages-ru';
import { registerSetupQueue } from './setup/setup-routes';
import { TRANSFER_MESSAGES_RU } from './transfer/messages-ru';
import { registerTransfer } from './transfer/transfer-routes';
import { REPORT_MESSAGES_RU } from './reports/messages-ru';
import { reportHooks } from './reports/report-identity';
import { registerReportRoutes } from './reports/report-routes';
import sheetExportLeasesSql from './migrations/0005_sheet_export_leases.sql?raw';
import { sheetExportRoute } from './sheet-export/sheet-export-route';
import { POSITIONS_MESSAGES_RU, positionRoutes, registerPositionHooks, type PositionStock } from './positions';
import { OrderEngine, orderHooks, ORDER_MESSAGES_RU, registerOrders } from './orders';
import { teamHooks, TEAMS_MESSAGES_RU } from './teams/team-rules';
import { registerTeamBot } from './bot/team-bot';
import { seedShopDemo } from './demo/shop-demo';
import { SPREADSHEETS } from '@plugins/finance/server/services';
import { BOT_HANDLERS, NOTIFICATIONS } from '@plugins/messenger/server/services';
import { ordersResource, reportsResource, teamsResource } from '../shared/resources';

export interface ShopServerOptions {
  /** The shop's clock (team days, reservations); tests stand a fixed one in. */
  readonly now?: () => Date;
  /** The order engine to run, when a test keeps a handle on it (to hear its events, to call it); one of the plugin's own by default. */
  readonly orders?: OrderEngine;
}

/**
 * The shop service: its resources through the core engine, the
 * order engine that hands stock out once (server/orders), bulk loading of positions, manual
 * transfer, the setup queue, reports and the team bots' order handler. See README.md.
 */
export function createShopServerPlugin(options: ShopServerOptions = {}): ServerPlugin {
  const now = options.now ?? (() => new Date());
  const orders = options.orders ?? new OrderEngine(now);
  // The stock engine as the positions part calls it: new free stock fills presale orders first, then recounts.
  const POSITION_STOCK: PositionStock = orders.stockEntryPoints;
  return defineServerPlugin({
    manifest: shopManifest,
    migrations: [{ name: '0005_sheet_export_leases', sql: sheetExportLeasesSql }],
    resources: SHOP_RESOURCES,
    services: { requires: [NOTIFICATIONS], uses: [SPREADSHEETS], extends: [BOT_HANDLERS] },
    messages: {
      ru: {
        ...SHOP_MESSAGES_RU,
        ...REPORT_MESSAGES_RU,
        ...POSITIONS_MESSAGES_RU,
        ...TEAMS_MESSAGES_RU,
        ...TRANSFER_MESSAGES_RU,
        ...SETUP_MESSAGES_RU,
        ...ORDER_MESSAGES_RU,
      },
    },
    // Each part registers its own routes here, one line each.
    register(app, context) {
      context.resources.hooks(reportsResource, reportHooks);
      context.resources.hooks(teamsResource, teamHooks);
      context.resources.hooks(ordersResource, orderHooks(now));
      registerPositionHooks(context, POSITION_STOCK);
      registerOrders(app, context, orders);
      registerTeamBot(app, context, { events: orders.events, now });
      registerReportRoutes(app, context);
      sheetExportRoute(app, context);
      positionRoutes(app, context);
      registerTransfer(app, context);
      registerSetupQueue(app, context);
    },
    seedDemo: (db, demo) => seedShopDemo(db, demo, orders),
  });
}

export default createShopServerPlugin();
