import type { LightMyRequestResponse } from 'fastify';
import { bearer, mintToken, testApp, type TestApp } from '@core/sdk/testing';
import type { ServerPlugin } from '@core/sdk/server';
import { createSystemServerPlugin } from '@plugins/system/server';
import type { PermissionCode } from '@core/sdk/shared';

/**
 * The system plugin as server/index.ts wires it, with a clock the test picks.
 */

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Every system code. */
export const SYSTEM_CODES: readonly PermissionCode[] = ['YP', 'YS', 'YE', 'YQ', 'YA', 'YD', 'YU', 'YT', 'YL'];

export function inventoryPlugin(now: () => Date = () => new Date()): ServerPlugin {
  return createSystemServerPlugin({ now });
}

export interface InventoryApp {
  readonly app: TestApp;
  /** `/api/system/<path>` as a caller holding `codes` (every system code by default). */
  call(
    method: Method,
    path: string,
    payload?: unknown,
    options?: { codes?: readonly PermissionCode[]; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** Creates through the API; the new record's id, or throws with the answer. */
  create(path: string, values: Readonly<Record<string, unknown>>): Promise<number>;
  /** Edits a record at the version it has now. */
  patch(path: string, values: Readonly<Record<string, unknown>>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function inventoryApp(
  options: { now?: () => Date; pluginSettings?: Record<string, Record<string, unknown>> } = {},
): Promise<InventoryApp> {
  const app = await testApp({
    plugins: [inventoryPlugin(options.now)],
    ...(options.pluginSettings ? { pluginSettings: options.pluginSettings } : {}),
  });
  const call: InventoryApp['call'] = (method, path, payload, { codes = SYSTEM_CODES, headers = {} } = {}) =>
    app.server.inject({
      method,
      url: `/api/system/${path}`,
      headers: { ...bearer(mintToken(codes)), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    app,
    call,
    async create(path, values) {
      const answer = await call('POST', path, values);
      if (answer.statusCode !== 201) throw new Error(`POST ${path}: ${answer.statusCode} ${answer.body}`);
      return answer.json<{ data: { id: number } }>().data.id;
    },
    async patch(path, values) {
      const version = (await call('GET', path)).json<{ data?: { version?: number } }>().data?.version;
      return call('PATCH', path, { ...values, version });
    },
    close: () => app.close(),
  };
}

/** The field errors of a 422 answer. */
export function fieldErrors(answer: LightMyRequestResponse): Record<string, string[]> {
  if (answer.statusCode !== 422) throw new Error(`expected 422, got ${answer.statusCode} ${answer.body}`);
  return answer.json<{ errors: Record<string, string[]> }>().errors;
}

/** The project's registrar and CDN (the local ones) and a registrant, which domains and projects need. */
export async function basics(
  t: InventoryApp,
): Promise<{ registrar: number; cdn: number; registrant: number; project: number }> {
  const registrar = await t.create('services', { name: 'Local registrar', group: 'registrar', adapter: 'local' });
  const cdn = await t.create('services', { name: 'Local CDN', group: 'cdn', adapter: 'local' });
  const registrant = await t.create('domain-users', {
    first_name: 'Maria',
    last_name: 'Lopez',
    address: '500 Market Street',
    city: 'San Francisco',
    province: 'CA',
    country: 840,
    postal_code: '94105',
    phone: '+14155550123',
    email: 'maria@agency.example',
  });
  const project = await t.create('projects', { name: 'Dating US', registrar, cdn });
  return { registrar, cdn, registrant, project };
}
