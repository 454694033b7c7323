import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type Database, type ServerPlugin } from '@core/sdk/server';
import { type PermissionCode } from '@core/sdk/shared';
import { createAdminServerPlugin, type AdminServerOptions } from '@plugins/admin/server';
import {
  addUser,
  bearer,
  buildServer,
  freshDatabase,
  mintToken,
  type AuthSettings,
  type RuntimeConfig,
} from '@core/sdk/testing';

/** Helpers for the admin plugin's server tests, on top of the SDK's test kit. */

export const AUTH = '/api/auth';

export interface AdminServer {
  readonly db: Database;
  readonly app: FastifyInstance;
  /** Requests under /api/auth with a token carrying exactly `codes` (as the seeded superadmin). */
  as(codes: readonly PermissionCode[], sub?: number): Client;
  close(): Promise<void>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Client {
  send(
    method: Method,
    path: string,
    payload?: object | string,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  get(path: string): Promise<LightMyRequestResponse>;
  post(path: string, payload?: object): Promise<LightMyRequestResponse>;
  put(path: string, payload?: object): Promise<LightMyRequestResponse>;
  patch(path: string, payload?: object): Promise<LightMyRequestResponse>;
  delete(path: string): Promise<LightMyRequestResponse>;
}

export function clientOf(app: FastifyInstance, token: string): Client {
  const send: Client['send'] = (method, path, payload, headers = {}) => {
    const options: InjectOptions = { method, url: `${AUTH}${path}`, headers: { ...bearer(token), ...headers } };
    return app.inject(payload === undefined ? options : { ...options, payload });
  };
  return {
    send,
    get: (path) => send('GET', path),
    post: (path, payload) => send('POST', path, payload),
    put: (path, payload) => send('PUT', path, payload),
    patch: (path, payload) => send('PATCH', path, payload),
    delete: (path) => send('DELETE', path),
  };
}

export interface OpenOptions extends AdminServerOptions {
  readonly plugins?: readonly ServerPlugin[];
  readonly runtimeConfig?: RuntimeConfig;
  readonly auth?: AuthSettings;
}

/** A fresh database copy and a server with the admin plugin (built with `options`). */
export async function openAdmin(options: OpenOptions = {}): Promise<AdminServer> {
  const plugins = [createAdminServerPlugin({ env: {}, ...options }), ...(options.plugins ?? [])];
  const db = await freshDatabase(plugins);
  const app = await buildServer({
    db,
    plugins,
    ...(options.runtimeConfig ? { runtimeConfig: options.runtimeConfig } : {}),
    ...(options.auth ? { auth: options.auth } : {}),
  });
  return {
    db,
    app,
    as: (codes, sub = 1) => clientOf(app, mintToken(codes, { sub })),
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

export interface ErrorBody {
  readonly message: string;
  readonly errors?: Readonly<Record<string, readonly string[]>>;
}

/** Asserts a 422 whose errors name exactly `fields`; returns the body. */
export function expectFieldErrors(response: LightMyRequestResponse, fields: readonly string[]): ErrorBody {
  expect(response.statusCode, response.body).toBe(422);
  const body = response.json<ErrorBody>();
  expect(Object.keys(body.errors ?? {}).sort()).toEqual([...fields].sort());
  for (const field of fields) expect(body.errors?.[field]?.length).toBeGreaterThan(0);
  return body;
}

/** Asserts a status and returns the `data` of a JSON body. */
export function dataOf<T>(response: LightMyRequestResponse, status = 200): T {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<{ data: T }>().data;
}

/** Adds an active staff user; returns its id. */
export async function addStaff(db: Database, name: string): Promise<number> {
  return addUser(db, { username: name, email: `${name}@example.com`, password: `${name}-password-1` });
}
