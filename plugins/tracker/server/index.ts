import { defineServerPlugin, type ServerPlugin } from '@core/sdk/server';
import { trackerManifest } from '../manifest';
import { TRACKER_RESOURCES } from '../shared/resources';
import { bizdevRoutes } from './bizdev/bizdev-routes';
import { seedTrackerDemo } from './demo/demo-data';
import { TRACKER_MESSAGES_RU } from './messages-ru';
import { KEITARO_SYNC_MESSAGES_RU, registerKeitaroSync } from './keitaro';
import countriesSql from './migrations/0001_countries.sql?raw';
import statisticsSql from './migrations/0002_statistics.sql?raw';
import coreCountriesSql from './migrations/0003_core_countries.sql?raw';
import offerGroupVerticalSql from './migrations/0004_offer_group_vertical.sql?raw';
import { REPORT_MESSAGES_RU } from './report/messages-ru';
import { performanceTotals } from './report/performance-totals';
import { reportRoutes } from './report/report-routes';
import { STATISTICS_MESSAGES_RU } from './statistics/messages-ru';
import { seedStatisticsDemo } from './statistics/statistics-demo';
import { statisticsRoutes } from './statistics/statistics-routes';
import { trackerResourceHooks } from './rules';
import { PERFORMANCE } from './services';
import { EXCHANGE_RATES, type UsdRateSource } from '@plugins/finance/server/services';

/**
 * The tracker service: its resources through the core engine
 * with the affiliate rules as engine hooks (server/rules), and the routes of its own. See README.md.
 */
export function createTrackerServerPlugin(): ServerPlugin {
  return defineServerPlugin({
    manifest: trackerManifest,
    migrations: [
      { name: '0001_countries', sql: countriesSql },
      { name: '0002_statistics', sql: statisticsSql },
      { name: '0003_core_countries', sql: coreCountriesSql },
      { name: '0004_offer_group_vertical', sql: offerGroupVerticalSql },
    ],
    resources: TRACKER_RESOURCES,
    // Finance's rates convert the statistics when finance runs; finance's pay rules read this performance the same way.
    services: { provides: [PERFORMANCE], uses: [EXCHANGE_RATES] },
    messages: {
      ru: { ...TRACKER_MESSAGES_RU, ...REPORT_MESSAGES_RU, ...STATISTICS_MESSAGES_RU, ...KEITARO_SYNC_MESSAGES_RU },
    },
    // Each part registers its own routes here, one line each.
    register(app, context) {
      // The Keitaro push joins the offers' and streams' rules: it queues its job in their writes.
      context.resources.hooksById(registerKeitaroSync(app, context, trackerResourceHooks(context.records)));
      const exchangeRates = context.optionalService(EXCHANGE_RATES);
      // No rate while finance is off: the rows in other currencies are left out, as with a day finance has no rate for.
      const rates: UsdRateSource = {
        usdRate: async (currency, date) => (await exchangeRates.get()?.usdRate(currency, date)) ?? null,
      };
      reportRoutes(app, context, rates);
      statisticsRoutes(app, context);
      bizdevRoutes(app, context);
      // Other plugins read the report's totals without importing the tracker (finance's pay rules).
      context.provide(PERFORMANCE, { totals: (db, from, to) => performanceTotals(db, from, to, rates) });
    },
    // Each part seeds its own screens here, one line each.
    async seedDemo(db, demo) {
      await seedTrackerDemo(db, demo);
      await seedStatisticsDemo(db);
    },
  });
}

export default createTrackerServerPlugin();
