import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type Database } from '@core/sdk/server';
import { type PermissionCode } from '@core/sdk/shared';
import { createFinanceServerPlugin, type FinanceServerOptions } from '@plugins/finance/server';
import financeEn from '@plugins/finance/web/i18n/en.json';
import financeRu from '@plugins/finance/web/i18n/ru.json';
import { bearer, buildServer, freshDatabase, mintToken } from '@core/sdk/testing';

export interface FinanceTestApp {
  readonly app: FastifyInstance;
  readonly db: Database;
  close(): Promise<void>;
  /** A request as a caller holding exactly `codes`. */
  call(
    codes: readonly PermissionCode[],
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
}

export interface FinanceAppOptions extends FinanceServerOptions {
  readonly settings?: Readonly<Record<string, unknown>>;
  readonly db?: Database;
}

/** The API server with only the finance plugin (with its strings, as the host gives it), over a fresh copy of its template database. */
export async function financeApp(options: FinanceAppOptions = {}): Promise<FinanceTestApp> {
  const plugin = {
    ...createFinanceServerPlugin({ env: options.env ?? {}, ...(options.fetch ? { fetch: options.fetch } : {}) }),
    translations: { en: financeEn, ru: financeRu },
  };
  const db = options.db ?? (await freshDatabase([plugin]));
  const app = await buildServer({ db, plugins: [plugin], pluginSettings: { finance: options.settings ?? {} } });
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
    },
    call: (codes, method, path, payload) =>
      app.inject({
        method,
        url: `/api/finance/${path}`,
        headers: bearer(mintToken(codes)),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}
