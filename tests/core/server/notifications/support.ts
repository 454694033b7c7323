import type { FastifyInstance } from 'fastify';
import {
  defineServerPlugin,
  PermanentJobError,
  type Jobs,
  type Notifications,
  type ServerPlugin,
} from '@core/sdk/server';
import { DEFAULT_AUTH_SETTINGS, freshDatabase, TEST_RUNTIME_CONFIG, TEST_SECRET } from '@core/sdk/testing';
import { createApiServer } from '@core/server/api-server';
import type { Database } from '@core/server/database/database';
import type { PluginManifest } from '@core/shared/manifest';

/**
 * A plugin that declares source `lab.news`, and job kinds `lab.purchase` (labelled, linking to the
 * item its result names) and `lab.broken` (labelled, fails); hands its `context.notifications` and `context.jobs` out.
 */
export function labPlugin(): {
  plugin: ServerPlugin;
  notifications: () => Notifications;
  jobs: () => Jobs;
  db: () => Database;
} {
  let notifications: Notifications | null = null;
  let pluginDb: Database | null = null;
  let jobs: Jobs | null = null;
  const manifest: PluginManifest = {
    id: 'lab',
    version: '0.0.1',
    sdk: '^2.0.0',
    titleKey: 'lab:title',
    service: 'lab',
    dependencies: [],
    namespaces: ['lab'],
    pages: [],
  };
  const plugin = defineServerPlugin({
    manifest,
    migrations: [],
    register(_app, context) {
      context.notifications.source({ id: 'lab.news', label: { en: 'Lab news', ru: 'Новости лаборатории' } });
      notifications = context.notifications;
      pluginDb = context.db;
      jobs = context.jobs;
      jobs.define<object, { item: number }>({
        kind: 'lab.purchase',
        requires: 'LA',
        label: { en: 'Proxy purchase', ru: 'Покупка прокси' },
        link: (_job, result) => (result === null ? null : `/lab/items/${result.item}`),
        run: () => ({ item: 12 }),
      });
      jobs.define({
        kind: 'lab.broken',
        requires: 'LA',
        label: { en: 'Proxy purchase', ru: 'Покупка прокси' },
        run: () => {
          throw new PermanentJobError('The provider refused the order.');
        },
      });
    },
  });
  const registered = <T>(value: T | null): T => {
    if (value === null) throw new Error('the lab plugin has not registered');
    return value;
  };
  return {
    plugin,
    notifications: () => registered(notifications),
    jobs: () => registered(jobs),
    db: () => registered(pluginDb),
  };
}

export interface LabServer {
  readonly db: Database;
  readonly app: FastifyInstance;
  readonly notifications: Notifications;
  readonly jobs: Jobs;
  /** The lab plugin's own database handle (`context.db`), whose transactions a plugin publishes in. */
  readonly pluginDb: Database;
}

export async function labServer(
  options: { maxStreams?: number; revocationPollSeconds?: number } = {},
): Promise<LabServer> {
  const lab = labPlugin();
  const db = await freshDatabase([lab.plugin]);
  const app = await createApiServer({
    db,
    secret: TEST_SECRET,
    plugins: [lab.plugin],
    runtimeConfig: TEST_RUNTIME_CONFIG,
    pluginSettings: {},
    webRoot: null,
    logger: false,
    notifications: { maxStreams: options.maxStreams },
    jobs: { pollMs: 25, leaseMs: 300, stopGraceMs: 200, abortGraceMs: 200 },
    auth: {
      ...DEFAULT_AUTH_SETTINGS,
      revocationPollSeconds: options.revocationPollSeconds ?? DEFAULT_AUTH_SETTINGS.revocationPollSeconds,
    },
  });
  await app.ready();
  return { db, app, notifications: lab.notifications(), jobs: lab.jobs(), pluginDb: lab.db() };
}

/** Adds an active user (no password sign-in) holding `codes` directly, or through a new role `role`. */
export async function user(
  db: Database,
  name: string,
  grants: { codes?: readonly string[]; role?: string } = {},
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO core.users (username, email, password_hash) VALUES ($1, $2, 'x') RETURNING id`,
    [name, `${name}@example.com`],
  );
  const id = Number(rows[0]!.id);
  for (const code of grants.codes ?? []) {
    await db.query(
      'INSERT INTO core.user_permissions (user_id, permission_id) SELECT $1, id FROM core.permissions WHERE name = $2',
      [id, code],
    );
  }
  if (grants.role !== undefined) {
    await db.query('INSERT INTO core.roles (name) VALUES ($1) ON CONFLICT DO NOTHING', [grants.role]);
    await db.query(
      'INSERT INTO core.user_roles (user_id, role_id) SELECT $1, id FROM core.roles WHERE lower(name) = lower($2)',
      [id, grants.role],
    );
  }
  return id;
}

/** Adds code `code` to the catalogue. */
export async function code(db: Database, name: string): Promise<void> {
  await db.query(`INSERT INTO core.permissions (name, service) VALUES ($1, 'lab') ON CONFLICT DO NOTHING`, [name]);
}

/** Gives role `role` code `code`. */
export async function grantRole(db: Database, role: string, code: string): Promise<void> {
  await db.query(
    'INSERT INTO core.role_permissions (role_id, permission_id) SELECT r.id, p.id FROM core.roles r, core.permissions p WHERE lower(r.name) = lower($1) AND p.name = $2',
    [role, code],
  );
}

export interface StreamEvent {
  readonly event: string;
  readonly data: unknown;
}

/** An open event stream read with fetch: its events so far, whether the server ended it, and a way to hang up. */
export interface OpenedStream {
  readonly status: number;
  readonly headers: Headers;
  readonly events: StreamEvent[];
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  close(): void;
  /** Waits for an event of `event` satisfying `match`. */
  next(event: string, match?: (data: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
}

export async function openStream(url: string): Promise<OpenedStream> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event !== undefined && data !== undefined) events.push({ event, data: JSON.parse(data) as unknown });
            for (const wake of waiters) wake();
          }
        }
      } catch {
        // Aborted by close().
      }
    })();
  }
  return {
    status: response.status,
    headers: response.headers,
    events,
    ended,
    close: () => controller.abort(),
    async next(event, match = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find((candidate) => candidate.event === event && match(candidate.data));
        if (found) {
          events.splice(events.indexOf(found), 1);
          return found.data;
        }
        if (Date.now() > deadline)
          throw new Error(`no "${event}" event within ${timeoutMs} ms (got ${JSON.stringify(events)})`);
        await new Promise<void>((resolve) => {
          const wake = (): void => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 50);
        });
      }
    },
  };
}
