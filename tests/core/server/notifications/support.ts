import type { FastifyInstance } from 'fastify';
import { defineServerPlugin, type Notifications, type ServerPlugin } from '@core/sdk/server';
import { freshDatabase, TEST_RUNTIME_CONFIG, TEST_SECRET } from '@core/sdk/testing';
import { createApiServer } from '@core/server/api-server';
import type { Database } from '@core/server/database/database';
import type { PluginManifest } from '@core/shared/manifest';

/** A plugin that declares source `lab.news` and code LA, and hands its `context.notifications` out. */
export function labPlugin(): { plugin: ServerPlugin; notifications: () => Notifications } {
  let notifications: Notifications | null = null;
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
    },
  });
  return {
    plugin,
    notifications: () => {
      if (!notifications) throw new Error('the lab plugin has not registered');
      return notifications;
    },
  };
}

export interface LabServer {
  readonly db: Database;
  readonly app: FastifyInstance;
  readonly notifications: Notifications;
}

export async function labServer(options: { maxStreams?: number; revocationPollSeconds?: number } = {}): Promise<LabServer> {
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
    ...(options.revocationPollSeconds === undefined ? {} : { auth: { ...(await import('@core/sdk/testing')).DEFAULT_AUTH_SETTINGS, revocationPollSeconds: options.revocationPollSeconds } }),
  });
  await app.ready();
  return { db, app, notifications: lab.notifications() };
}

/** Adds an active user (no password sign-in) holding `codes` directly, or through a new role `role`. */
export async function user(db: Database, name: string, grants: { codes?: readonly string[]; role?: string } = {}): Promise<number> {
  const { rows } = await db.query<{ id: string }>(`INSERT INTO core.users (username, email, password_hash) VALUES ($1, $2, 'x') RETURNING id`, [name, `${name}@example.com`]);
  const id = Number(rows[0]!.id);
  for (const code of grants.codes ?? []) {
    await db.query('INSERT INTO core.user_permissions (user_id, permission_id) SELECT $1, id FROM core.permissions WHERE name = $2', [id, code]);
  }
  if (grants.role !== undefined) {
    await db.query('INSERT INTO core.roles (name) VALUES ($1) ON CONFLICT DO NOTHING', [grants.role]);
    await db.query('INSERT INTO core.user_roles (user_id, role_id) SELECT $1, id FROM core.roles WHERE lower(name) = lower($2)', [id, grants.role]);
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
