import { defineServerPlugin, type ServerPlugin } from '@core/server/plugin';
import { financeManifest } from '../manifest';
import googleTablesSql from './migrations/0001_google_tables.sql?raw';
import { GoogleSheetsAdapter, type FetchLike } from './google-sheets/sheets-adapter';
import { readSheetsSettings } from './google-sheets/sheets-config';
import { googleTablesRoutes } from './google-tables/google-tables-routes';

export interface FinanceServerOptions {
  /** Environment variables the plugin reads (ERP_GOOGLE_SHEETS_*); the process's by default. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** How the Google Sheets adapter calls out; global fetch by default. */
  readonly fetch?: FetchLike;
}

/** The finance server part; tests build it with their own environment. */
export function createFinanceServerPlugin(options: FinanceServerOptions = {}): ServerPlugin {
  return defineServerPlugin({
    manifest: financeManifest,
    migrations: [{ name: '0001_google_tables', sql: googleTablesSql }],
    register(app, { db, settings }) {
      const sheets = new GoogleSheetsAdapter(readSheetsSettings(settings, options.env ?? process.env), options.fetch);
      googleTablesRoutes(app, db, sheets);
    },
  });
}

export default createFinanceServerPlugin();
