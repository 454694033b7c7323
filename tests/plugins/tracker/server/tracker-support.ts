import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type Database, type ServerPlugin } from '@core/sdk/server';
import { type PermissionCode } from '@core/sdk/shared';
import admin from '@plugins/admin/server';
import finance from '@plugins/finance/server';
import tracker from '@plugins/tracker/server';
import trackerEn from '@plugins/tracker/web/i18n/en.json';
import trackerRu from '@plugins/tracker/web/i18n/ru.json';
import { bearer, buildServer, freshDatabase, mintToken } from '@core/sdk/testing';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface TrackerTestApp {
  readonly app: FastifyInstance;
  readonly db: Database;
  close(): Promise<void>;
  /** A request to `/api/tracker/<path>` as a caller holding exactly `codes`. */
  call(
    codes: readonly PermissionCode[],
    method: Method,
    path: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** The same to another service: `/api/<service>/<path>` (admin's Keitaro servers live under `auth`). */
  callService(
    service: string,
    codes: readonly PermissionCode[],
    method: Method,
    path: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** Edits a record at the version it has now (the engine refuses an edit without one). */
  patch(
    codes: readonly PermissionCode[],
    path: string,
    values: Readonly<Record<string, unknown>>,
  ): Promise<LightMyRequestResponse>;
  /** Creates through the API and answers the new record's id; throws with the answer when refused. */
  create(codes: readonly PermissionCode[], path: string, values: Readonly<Record<string, unknown>>): Promise<number>;
}

export interface TrackerAppOptions {
  /** The tracker's server part; the default export unless a test builds one with options. */
  readonly tracker?: ServerPlugin;
  readonly settings?: Readonly<Record<string, unknown>>;
  readonly db?: Database;
}

/** The API server with admin, finance and the tracker (its declared dependencies; the tracker with its strings, as the host gives it), over a fresh copy of their template database. */
export async function trackerApp(options: TrackerAppOptions = {}): Promise<TrackerTestApp> {
  const plugins = [admin, finance, { ...(options.tracker ?? tracker), translations: { en: trackerEn, ru: trackerRu } }];
  const db = options.db ?? (await freshDatabase(plugins));
  const app = await buildServer({ db, plugins, pluginSettings: { tracker: options.settings ?? {} } });
  const callService: TrackerTestApp['callService'] = (service, codes, method, path, payload) =>
    app.inject({
      method,
      url: `/api/${service}/${path}`,
      headers: bearer(mintToken(codes)),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const call: TrackerTestApp['call'] = (codes, method, path, payload) =>
    callService('tracker', codes, method, path, payload);
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
    },
    call,
    callService,
    async patch(codes, path, values) {
      const current = await call(codes, 'GET', path);
      const version = current.json<{ data?: { version?: number } }>().data?.version;
      return call(codes, 'PATCH', path, { ...values, version });
    },
    async create(codes, path, values) {
      const answer = await call(codes, 'POST', path, values);
      if (answer.statusCode !== 201) throw new Error(`POST ${path}: ${answer.statusCode} ${answer.body}`);
      return answer.json<{ data: { id: number } }>().data.id;
    },
  };
}

/** A Keitaro server in admin (VR); its id. */
export async function addKeitaroServer(
  app: TrackerTestApp,
  name: string,
  url = `https://${name}.example.com`,
): Promise<number> {
  const answer = await app.callService('auth', ['VR'], 'POST', 'keitaro/servers', { name, url });
  if (answer.statusCode !== 201) throw new Error(`keitaro server: ${answer.statusCode} ${answer.body}`);
  return answer.json<{ data: { id: number } }>().data.id;
}
