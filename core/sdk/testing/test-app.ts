/**
 * A plugin's server as its tests meet it: the API server with the chosen plugins on a copy of the
 * template database, and `as(codes)` to call it as a user holding exactly those codes.
 *
 * ```ts
 * import { testApp } from '@core/sdk/testing';
 * import notes from '@plugins/notes/server';
 *
 * const app = await testApp({ plugins: [notes] });
 * afterAll(() => app.close());
 * expect((await app.as(['NT']).get('/api/system/notes')).statusCode).toBe(200);
 * expect((await app.as([]).get('/api/system/notes')).statusCode).toBe(403);
 * ```
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '@core/server/database/database';
import type { ServerPlugin } from '@core/server/plugin';
import type { PermissionCode } from '@core/shared/permissions';
import { freshDatabase } from './test-database';
import { testJobs, type TestJobs } from './test-jobs';
import { addUser, bearer, buildServer, signIn, type TestServerOptions } from './test-server';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call sends besides its payload. */
export interface CallOptions {
  /**
   * Request headers, as a browser sends them (`accept-language`, `x-time-zone`); they are added
   * to the user's bearer token, and an `authorization` here replaces it.
   */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Calls to the server as one signed-in user; every call carries the user's bearer token. */
export interface TestCaller {
  /** The user's id in the database. */
  userId(): Promise<number>;
  call(method: Method, url: string, payload?: unknown, options?: CallOptions): Promise<LightMyRequestResponse>;
  get(url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown, options?: CallOptions): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown, options?: CallOptions): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: unknown, options?: CallOptions): Promise<LightMyRequestResponse>;
  delete(url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
}

export interface TestApp {
  readonly server: FastifyInstance;
  readonly db: Database;
  /** The server's background jobs: `await app.jobs.settle()` waits until none is left to run. */
  readonly jobs: TestJobs;
  /** A user holding exactly `codes` (directly, no role), created on first use and signed in. */
  as(codes: readonly PermissionCode[]): TestCaller;
  /** The seeded superadmin, who holds every code of the catalogue. */
  asSuperadmin(): TestCaller;
  /** Closes the server and drops the database copy. */
  close(): Promise<void>;
}

export interface TestAppOptions extends Omit<TestServerOptions, 'db' | 'plugins'> {
  /** The plugins to run, each after those it depends on (which must be listed too). */
  readonly plugins: readonly ServerPlugin[];
}

interface SignedIn {
  readonly token: string;
  readonly userId: number;
}

function caller(server: FastifyInstance, signedIn: () => Promise<SignedIn>): TestCaller {
  const call = async (
    method: Method,
    url: string,
    payload?: unknown,
    options: CallOptions = {},
  ): Promise<LightMyRequestResponse> => {
    const { token } = await signedIn();
    const headers = { ...bearer(token), ...options.headers };
    return server.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  };
  return {
    userId: async () => (await signedIn()).userId,
    call,
    get: (url, options) => call('GET', url, undefined, options),
    post: (url, payload, options) => call('POST', url, payload, options),
    put: (url, payload, options) => call('PUT', url, payload, options),
    patch: (url, payload, options) => call('PATCH', url, payload, options),
    delete: (url, options) => call('DELETE', url, undefined, options),
  };
}

/** Starts the server for `options.plugins` on a fresh copy of their template database. */
export async function testApp(options: TestAppOptions): Promise<TestApp> {
  const { plugins, ...serverOptions } = options;
  const db = await freshDatabase(plugins);
  const server = await buildServer({ ...serverOptions, db, plugins });
  const users = new Map<string, Promise<SignedIn>>();
  const signInOnce =
    (key: string, create: () => Promise<SignedIn>): (() => Promise<SignedIn>) =>
    () => {
      const known = users.get(key) ?? create();
      users.set(key, known);
      return known;
    };
  return {
    server,
    db,
    jobs: testJobs(db),
    as: (codes) => {
      const key = [...codes].sort().join(',');
      return caller(
        server,
        signInOnce(key, async () => {
          const name = `test-user-${users.size}`;
          const password = `${name}-password-1`;
          const email = `${name}@example.com`;
          const userId = await addUser(db, { username: name, email, password, codes });
          return { token: (await signIn(server, email, password)).token, userId };
        }),
      );
    },
    asSuperadmin: () =>
      caller(
        server,
        signInOnce('superadmin', async () => {
          const session = await signIn(server);
          return { token: session.token, userId: session.user.id };
        }),
      ),
    close: async () => {
      await server.close();
      await db.close();
    },
  };
}
