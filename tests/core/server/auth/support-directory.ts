import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { REFRESH_COOKIE } from '@core/server/auth/auth-routes';
import type { Database } from '@core/server/database/database';
import { XSRF_COOKIE, XSRF_HEADER } from '@core/server/http/xsrf';
import type { PermissionCode } from '@core/shared/permissions';
import { addUser, bearer, buildServer, freshDatabase, mintToken } from '../../../support/server/test-database';

/** Helpers for the user, role and permission administration tests, on top of tests/support/server. */

export const AUTH = '/api/auth';

export interface Directory {
  readonly db: Database;
  readonly app: FastifyInstance;
  close(): Promise<void>;
}

/** A private database copy and a server over it; close it after the test. */
export async function openDirectory(): Promise<Directory> {
  const db = await freshDatabase();
  const app = await buildServer({ db });
  return {
    db,
    app,
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Requests under the auth service, authorised by `token` (so no XSRF header is needed). */
export interface Client {
  send(method: Method, path: string, payload?: object): Promise<LightMyRequestResponse>;
  get(path: string): Promise<LightMyRequestResponse>;
  post(path: string, payload?: object): Promise<LightMyRequestResponse>;
  put(path: string, payload?: object): Promise<LightMyRequestResponse>;
  patch(path: string, payload?: object): Promise<LightMyRequestResponse>;
  delete(path: string): Promise<LightMyRequestResponse>;
}

export function client(app: FastifyInstance, token: string): Client {
  const send = (method: Method, path: string, payload?: object): Promise<LightMyRequestResponse> => {
    const options: InjectOptions = { method, url: `${AUTH}${path}`, headers: bearer(token) };
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

/** The seeded superadmin's id (the template's first user). */
export async function adminId(db: Database): Promise<number> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM core.users WHERE username = 'admin'`);
  return Number(rows[0]?.id);
}

/** A client whose token carries exactly `codes`, as user `sub` (the superadmin by default). */
export function clientWith(app: FastifyInstance, codes: readonly PermissionCode[], sub = 1): Client {
  return client(app, mintToken(codes, { sub }));
}

export async function permissionId(db: Database, code: string): Promise<number> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM core.permissions WHERE name = $1', [code]);
  if (!rows[0]) throw new Error(`no permission ${code}`);
  return Number(rows[0].id);
}

export async function roleId(db: Database, name: string): Promise<number> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM core.roles WHERE name = $1', [name]);
  if (!rows[0]) throw new Error(`no role ${name}`);
  return Number(rows[0].id);
}

/** Adds a role granting `codes`; returns its id. */
export async function addRole(db: Database, name: string, codes: readonly string[] = []): Promise<number> {
  const { rows } = await db.query<{ id: string }>('INSERT INTO core.roles (name) VALUES ($1) RETURNING id', [name]);
  const id = Number(rows[0]?.id);
  for (const code of codes) {
    await db.query('INSERT INTO core.role_permissions (role_id, permission_id) VALUES ($1, $2)', [
      id,
      await permissionId(db, code),
    ]);
  }
  return id;
}

export async function giveRole(db: Database, userId: number, role: number): Promise<void> {
  await db.query('INSERT INTO core.user_roles (user_id, role_id) VALUES ($1, $2)', [userId, role]);
}

export interface Person {
  readonly id: number;
  readonly email: string;
  readonly password: string;
}

/** Adds an active user `name` (e-mail name@example.com, a known password) with the given direct codes. */
export async function addPerson(db: Database, name: string, codes: readonly string[] = []): Promise<Person> {
  const email = `${name}@example.com`;
  const password = `${name}-password-1`;
  return { id: await addUser(db, { username: name, email, password, codes }), email, password };
}

export async function permissionsVersion(db: Database, userId: number): Promise<number> {
  const { rows } = await db.query<{ v: number }>('SELECT permissions_version AS v FROM core.users WHERE id = $1', [
    userId,
  ]);
  return Number(rows[0]?.v);
}

/**
 * POST auth/refresh as the browser sends it: the XSRF cookie comes from an earlier response
 * (a GET of any path hands it out) and is echoed in the header.
 */
export async function refreshAsBrowser(app: FastifyInstance, refreshCookie: string): Promise<LightMyRequestResponse> {
  const first = await app.inject({ method: 'GET', url: '/api/health' });
  const xsrf = first.cookies.find((cookie) => cookie.name === XSRF_COOKIE)?.value;
  if (!xsrf) throw new Error('no XSRF cookie handed out');
  return app.inject({
    method: 'POST',
    url: `${AUTH}/auth/refresh`,
    cookies: { [XSRF_COOKIE]: xsrf, [REFRESH_COOKIE]: refreshCookie },
    headers: { [XSRF_HEADER]: xsrf },
  });
}

export interface RefreshBody {
  readonly data: { readonly token: string; readonly is_reload: boolean };
}
