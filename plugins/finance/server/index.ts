import { defineServerPlugin, type ServerPlugin } from '@core/sdk/server';
import { financeManifest } from '../manifest';
import { FINANCE_RESOURCES } from '../shared/finance-resources';
import { cashFlowRoutes } from './cash-flow/cash-flow-routes';
import { approvalNotices } from './approvals/approval-notices';
import { cardCorrectionHooks, cardCorrectionRoutes } from './card-corrections';
import { dashboardRoutes } from './dashboard/dashboard-routes';
import { departmentRoutes } from './departments/department-routes';
import { seedFinanceDemo } from './demo/demo-data';
import { motivationHooks } from './motivation/motivation-hooks';
import { motivationRoutes } from './motivation/motivation-routes';
import { createPayCalculator } from './pay/pay-calculator';
import { PAY_MODEL_HOOKS } from './pay-models/pay-model-hooks';
import { payModelRoutes } from './pay-models/pay-model-routes';
import { employeesRoutes } from './employees/employees-routes';
import { financeResourceHooks } from './finance-hooks';
import { GoogleSheetsAdapter, type FetchLike } from './google-sheets/sheets-adapter';
import { readSheetsSettings } from './google-sheets/sheets-config';
import { googleTablesRoutes } from './google-tables/google-tables-routes';
import { rateOn } from './money/usd';
import { EXCHANGE_RATES, SPREADSHEETS } from './services';
import { PERFORMANCE } from '@plugins/tracker/server/services';
import googleTablesSql from './migrations/0001_google_tables.sql?raw';
import draftEmployeesSql from './migrations/0002_draft_employees.sql?raw';
import { ratesRoutes } from './rates/rates-routes';
import { FINANCE_SYSTEM_SETTINGS } from './settings';
import { transactionRoutes } from './transactions/transaction-routes';
import { FINANCE_MESSAGES_RU } from './messages-ru';

export { seedFinanceDemo };

export interface FinanceServerOptions {
  /** Environment variables the plugin reads (ERP_GOOGLE_SHEETS_*); the process's by default. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** How the Google Sheets adapter calls out; global fetch by default. */
  readonly fetch?: FetchLike;
}

/**
 * The finance service: the fourteen resources through the core engine
 * with the finance rules as engine hooks (USD amounts, balances, drafts, employees), and the
 * routes of its own: spreadsheet tables and their data, rate import, draft conversion, employee
 * subordinates and salary, dashboard figures. Tests build it with their own environment.
 */
export function createFinanceServerPlugin(options: FinanceServerOptions = {}): ServerPlugin {
  return defineServerPlugin({
    manifest: financeManifest,
    migrations: [
      { name: '0001_google_tables', sql: googleTablesSql },
      { name: '0002_draft_employees', sql: draftEmployeesSql },
    ],
    systemSettings: FINANCE_SYSTEM_SETTINGS,
    resources: FINANCE_RESOURCES,
    // The system's proxies name an agency as their team, and check that it is live before buying;
    // the tracker's offers name a vertical, and its demo data picks them.
    sharedViews: ['agencies', 'verticals'],
    // The tracker's performance feeds the pay rules when the tracker runs; the tracker reads these rates the same way.
    services: { provides: [EXCHANGE_RATES, SPREADSHEETS], uses: [PERFORMANCE] },
    messages: { ru: FINANCE_MESSAGES_RU },
    register(app, context) {
      const { db, settings } = context;
      const notices = approvalNotices(context);
      context.resources.hooksById({
        ...financeResourceHooks(context.records),
        ...cardCorrectionHooks(notices),
        ...motivationHooks(context.records),
        ...PAY_MODEL_HOOKS,
      });
      const sheets = new GoogleSheetsAdapter(readSheetsSettings(settings, options.env ?? process.env), options.fetch);
      googleTablesRoutes(app, db, sheets);
      // Other plugins export to spreadsheets through this one connection (the shop's team orders).
      context.provide(SPREADSHEETS, sheets);
      // Other plugins convert to US dollars with the rates of the exchange rates screen (the social-ad report).
      context.provide(EXCHANGE_RATES, { usdRate: (currency, date) => rateOn(db, currency, date) });
      ratesRoutes(app, context);
      transactionRoutes(app, context);
      employeesRoutes(app, db);
      dashboardRoutes(app, db);
      cardCorrectionRoutes(app, context);
      cashFlowRoutes(app, db, context.translations);
      departmentRoutes(app, db);
      const pay = createPayCalculator(context.optionalService(PERFORMANCE));
      motivationRoutes(app, context, pay, notices);
      payModelRoutes(app, context, pay);
    },
    async seedDemo(db, demo) {
      await seedFinanceDemo(db, demo);
    },
  });
}

export default createFinanceServerPlugin();
