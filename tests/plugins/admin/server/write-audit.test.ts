import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry } from '@core/sdk/shared';
import type { KeitaroServerCard, Reverse, ReverseState } from '@plugins/admin/shared/keitaro';
import type { RdpGrant, RdpServer } from '@plugins/admin/shared/rdp';
import type { ServiceLink, TrackerUser } from '@plugins/admin/shared/services';
import type { IssueTrackerGroup } from '@plugins/admin/shared/you-track';
import { buildServer, DB_TIMEOUT, unreachableDatabase } from '@core/sdk/testing';
import { addStaff, AUTH, dataOf, openAdmin, type AdminServer, type Client } from './support-admin';

/*
 * Every write route the admin plugin adds (derived from the server's route table, so a new route
 * without a case here fails the first test) and a case that makes it write: each write leaves an
 * audit row naming its actor, in the resource whose history shows it.
 */

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CODES = ['JA', 'JS', 'JU', 'VR'] as const;

interface WriteCase {
  /** Prepares what the write needs (as the setup user) and says what to send. */
  prepare(): Promise<{ readonly path: string; readonly payload?: object }>;
  /** The audit trail's resource the write is recorded under. */
  readonly resource: string;
}

let server: AdminServer;
/** Prepares records; the superadmin. */
let setup: Client;
/** Makes the audited writes: a staff user of their own, so the actor cannot be the setup's by chance. */
let actor: Client;
let actorId: number;
let counter = 0;
const unique = (prefix: string): string => `${prefix}-${++counter}`;

async function newUser(): Promise<number> {
  return addStaff(server.db, unique('staff'));
}
async function article(): Promise<number> {
  return dataOf<{ id: number }>(
    await setup.post('/articles', { url: 'https://wiki.example.com/a', external_id: unique('ERP') }),
    201,
  ).id;
}
async function rdpServer(): Promise<number> {
  return dataOf<RdpServer>(await setup.post('/rdps/server', { name: unique('RDP'), ip: '10.0.0.1' }), 201).id;
}
async function rdpGrant(): Promise<RdpGrant> {
  return dataOf<RdpGrant>(await setup.post(`/rdps/${await rdpServer()}/users/${await newUser()}`), 201);
}
async function keitaroServer(): Promise<number> {
  return dataOf<KeitaroServerCard>(
    await setup.post('/keitaro/servers', { name: unique('Keitaro'), url: 'https://tracker.example.com' }),
    201,
  ).id;
}
async function reverse(): Promise<number> {
  return dataOf<Reverse>(await setup.post('/keitaro/reverses', { address: `${unique('rev')}.example.net` }), 201).id;
}
/** A reverse brought into `state` through the state machine. */
async function reverseIn(state: Exclude<ReverseState, 'free' | 'on_hold'>): Promise<number> {
  const id = await reverse();
  dataOf(await setup.post(`/keitaro/reverses/${id}/transfer`, { server_id: await keitaroServer() }));
  if (state === 'active') dataOf(await setup.post(`/keitaro/reverses/${id}/activate`));
  return id;
}
/** A record at `path` edited once by the setup user: the revert route's path for that edit, and the version it left. */
async function edited(path: string, change: object): Promise<{ readonly path: string; readonly payload: object }> {
  const { version } = dataOf<{ version: number }>(await setup.patch(path, { ...change, version: 1 }));
  const [entry] = dataOf<AuditEntry[]>(await setup.get(`${path}/history`));
  return { path: `${path}/history/${entry?.id}/revert`, payload: { version } };
}
/** The engine's record routes every resource of the plugin gets: a comment and a revert, both audited. */
function recordCases(
  resource: string,
  base: string,
  record: () => Promise<number>,
  change: () => object,
): Record<string, WriteCase> {
  return {
    [`POST ${base}/:id/comments`]: {
      resource,
      prepare: async () => ({
        path: `${base}/${await record()}/comments`,
        payload: { text: 'Checked with the owner' },
      }),
    },
    [`POST ${base}/:id/history/:entryId/revert`]: {
      resource,
      prepare: async () => edited(`${base}/${await record()}`, change()),
    },
  };
}
async function trackerUser(userId: number, trackerId: number): Promise<TrackerUser> {
  return dataOf<TrackerUser>(
    await setup.post('/tracker/users', { user_id: userId, service_name: 'keitaro', tracker_id: trackerId }),
    201,
  );
}
async function issueAccount(): Promise<number> {
  const userId = await newUser();
  dataOf(await setup.post(`/you-track/users/${userId}`), 201);
  return userId;
}
async function group(): Promise<IssueTrackerGroup> {
  return dataOf<IssueTrackerGroup>(await setup.post('/you-track/groups', { name: unique('Group') }), 201);
}

const CASES: Readonly<Record<string, WriteCase>> = {
  ...recordCases('admin.articles', '/articles', article, () => ({ external_id: unique('ERP') })),
  ...recordCases('admin.rdp_servers', '/rdps/server', rdpServer, () => ({ name: unique('RDP') })),
  ...recordCases('admin.keitaro_servers', '/keitaro/servers', keitaroServer, () => ({ name: unique('Keitaro') })),
  ...recordCases('admin.keitaro_reverses', '/keitaro/reverses', reverse, () => ({ comment: unique('note') })),
  'POST /articles': {
    resource: 'admin.articles',
    prepare: async () => ({
      path: '/articles',
      payload: { url: 'https://wiki.example.com/b', external_id: unique('ERP') },
    }),
  },
  'PATCH /articles/:id': {
    resource: 'admin.articles',
    prepare: async () => ({
      path: `/articles/${await article()}`,
      payload: { external_id: unique('ERP'), version: 1 },
    }),
  },
  'DELETE /articles/:id': {
    resource: 'admin.articles',
    prepare: async () => ({ path: `/articles/${await article()}` }),
  },
  'POST /articles/bulk-delete': {
    resource: 'admin.articles',
    prepare: async () => ({ path: '/articles/bulk-delete', payload: { ids: [await article()] } }),
  },
  'PUT /system-settings': {
    resource: 'core.system_settings',
    prepare: async () => ({ path: '/system-settings', payload: { 'core.general.productName': unique('Product') } }),
  },
  'POST /rdps/server': {
    resource: 'admin.rdp_servers',
    prepare: async () => ({ path: '/rdps/server', payload: { name: unique('RDP'), ip: '10.0.0.2' } }),
  },
  'PUT /rdps/server/:id': {
    resource: 'admin.rdp_servers',
    prepare: async () => ({
      path: `/rdps/server/${await rdpServer()}`,
      payload: { name: unique('RDP'), ip: '10.0.0.3' },
    }),
  },
  'PATCH /rdps/server/:id': {
    resource: 'admin.rdp_servers',
    prepare: async () => ({ path: `/rdps/server/${await rdpServer()}`, payload: { name: unique('RDP'), version: 1 } }),
  },
  'DELETE /rdps/server/:id': {
    resource: 'admin.rdp_servers',
    prepare: async () => ({ path: `/rdps/server/${(await rdpGrant()).server_id}` }),
  },
  'POST /rdps/server/bulk-delete': {
    resource: 'admin.rdp_servers',
    prepare: async () => ({ path: '/rdps/server/bulk-delete', payload: { ids: [await rdpServer()] } }),
  },
  'POST /rdps/:serverId/users/:userId': {
    resource: 'admin.rdp_grants',
    prepare: async () => ({ path: `/rdps/${await rdpServer()}/users/${await newUser()}` }),
  },
  'DELETE /rdps/:id': {
    resource: 'admin.rdp_grants',
    prepare: async () => ({ path: `/rdps/${(await rdpGrant()).id}` }),
  },
  'POST /keitaro/servers': {
    resource: 'admin.keitaro_servers',
    prepare: async () => ({
      path: '/keitaro/servers',
      payload: { name: unique('Keitaro'), url: 'https://t.example.com' },
    }),
  },
  'PUT /keitaro/servers/:id': {
    resource: 'admin.keitaro_servers',
    prepare: async () => ({
      path: `/keitaro/servers/${await keitaroServer()}`,
      payload: { name: unique('Keitaro'), url: 'https://t.example.com' },
    }),
  },
  'PATCH /keitaro/servers/:id': {
    resource: 'admin.keitaro_servers',
    prepare: async () => ({
      path: `/keitaro/servers/${await keitaroServer()}`,
      payload: { name: unique('Keitaro'), version: 1 },
    }),
  },
  'DELETE /keitaro/servers/:id': {
    resource: 'admin.keitaro_servers',
    prepare: async () => ({ path: `/keitaro/servers/${await keitaroServer()}` }),
  },
  'POST /keitaro/servers/bulk-delete': {
    resource: 'admin.keitaro_servers',
    prepare: async () => ({ path: '/keitaro/servers/bulk-delete', payload: { ids: [await keitaroServer()] } }),
  },
  'POST /keitaro/reverses': {
    resource: 'admin.keitaro_reverses',
    prepare: async () => ({ path: '/keitaro/reverses', payload: { address: `${unique('rev')}.example.org` } }),
  },
  'PATCH /keitaro/reverses/:id': {
    resource: 'admin.keitaro_reverses',
    prepare: async () => ({
      path: `/keitaro/reverses/${await reverse()}`,
      payload: { comment: 'checked', version: 1 },
    }),
  },
  'DELETE /keitaro/reverses/:id': {
    resource: 'admin.keitaro_reverses',
    prepare: async () => ({ path: `/keitaro/reverses/${await reverseIn('waiting')}` }),
  },
  'POST /keitaro/reverses/bulk-delete': {
    resource: 'admin.keitaro_reverses',
    prepare: async () => ({ path: '/keitaro/reverses/bulk-delete', payload: { ids: [await reverse()] } }),
  },
  'POST /keitaro/reverses/:id/transfer': {
    resource: 'admin.keitaro_reverses',
    prepare: async () => ({
      path: `/keitaro/reverses/${await reverse()}/transfer`,
      payload: { server_id: await keitaroServer() },
    }),
  },
  'POST /keitaro/reverses/:id/wait': {
    resource: 'admin.keitaro_reverses',
    prepare: async () => ({ path: `/keitaro/reverses/${await reverseIn('active')}/wait` }),
  },
  'POST /keitaro/reverses/:id/activate': {
    resource: 'admin.keitaro_reverses',
    prepare: async () => ({ path: `/keitaro/reverses/${await reverseIn('waiting')}/activate` }),
  },
  'POST /keitaro/reverses/:id/release': {
    resource: 'admin.keitaro_reverses',
    prepare: async () => ({ path: `/keitaro/reverses/${await reverseIn('waiting')}/release` }),
  },
  'POST /you-track/groups': {
    resource: 'admin.you_track_groups',
    prepare: async () => ({ path: '/you-track/groups', payload: { name: unique('Group') } }),
  },
  'POST /you-track/users/:id': {
    resource: 'admin.you_track_accounts',
    prepare: async () => ({ path: `/you-track/users/${await newUser()}` }),
  },
  'DELETE /you-track/users/:id': {
    resource: 'admin.you_track_accounts',
    prepare: async () => ({ path: `/you-track/users/${await issueAccount()}` }),
  },
  'POST /you-track/users/groups/:userId/:groupId': {
    resource: 'admin.you_track_accounts',
    prepare: async () => ({ path: `/you-track/users/groups/${await issueAccount()}/${(await group()).id}` }),
  },
  'DELETE /you-track/users/groups/:userId/:groupId': {
    resource: 'admin.you_track_accounts',
    prepare: async () => {
      const userId = await issueAccount();
      const { id } = await group();
      dataOf(await setup.post(`/you-track/users/groups/${userId}/${id}`), 201);
      return { path: `/you-track/users/groups/${userId}/${id}` };
    },
  },
  'POST /tracker/users': {
    resource: 'admin.tracker_users',
    prepare: async () => ({
      path: '/tracker/users',
      payload: { user_id: await newUser(), service_name: 'keitaro', tracker_id: await keitaroServer() },
    }),
  },
  'DELETE /tracker/users/:id': {
    resource: 'admin.tracker_users',
    prepare: async () => ({ path: `/tracker/users/${(await trackerUser(await newUser(), await keitaroServer())).id}` }),
  },
  'PATCH /service-link/:id': {
    resource: 'admin.service_links',
    prepare: async () => {
      const userId = await newUser();
      await trackerUser(userId, await keitaroServer());
      await trackerUser(userId, await keitaroServer());
      const second = dataOf<ServiceLink[]>(await setup.get(`/service-link/${userId}`)).find((link) => !link.is_default);
      return { path: `/service-link/${second?.id}`, payload: { is_default: true } };
    },
  },
};

/** The admin plugin's write routes, `METHOD /path` under /api/auth, from the route table: what it mounts beyond the core. */
async function adminWriteRoutes(): Promise<string[]> {
  const core = await buildServer({ db: unreachableDatabase() });
  const coreRoutes = new Set(core.routeAccessTable.map((route) => `${route.method} ${route.url}`));
  await core.close();
  return server.app.routeAccessTable
    .filter((route) => WRITES.has(route.method) && !coreRoutes.has(`${route.method} ${route.url}`))
    .map((route) => `${route.method} ${route.url.slice(AUTH.length)}`);
}

async function lastAuditId(): Promise<number> {
  const { rows } = await server.db.query<{ id: string | null }>('SELECT max(id) AS id FROM core.audit_log');
  return Number(rows[0]?.id ?? 0);
}

beforeAll(async () => {
  server = await openAdmin();
  setup = server.as([...CODES]);
  actorId = await addStaff(server.db, 'auditor');
  actor = server.as([...CODES], actorId);
}, DB_TIMEOUT);

afterAll(async () => {
  await server.close();
});

describe('every admin write is audited with its actor', () => {
  it('has a case for every write route the plugin mounts, and none for a route it does not', async () => {
    expect(Object.keys(CASES).sort()).toEqual((await adminWriteRoutes()).sort());
  });

  it.each(Object.entries(CASES))('%s leaves an audit row naming the caller', async (route, write) => {
    const method = route.split(' ')[0] as 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    const request = await write.prepare();
    const since = await lastAuditId();
    const response = await actor.send(method, request.path, request.payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
    const { rows } = await server.db.query<{ resource: string; actor_id: string | number | null }>(
      'SELECT resource, actor_id FROM core.audit_log WHERE id > $1 ORDER BY id',
      [since],
    );
    expect(rows.length, `${route} wrote no audit row`).toBeGreaterThan(0);
    expect(rows.map((row) => Number(row.actor_id))).toEqual(rows.map(() => actorId));
    expect(rows.map((row) => row.resource)).toContain(write.resource);
  });

  it("shows a reverse's moves in its history, each with the user who made it", async () => {
    const id = await reverse();
    const serverId = await keitaroServer();
    dataOf(await actor.post(`/keitaro/reverses/${id}/transfer`, { server_id: serverId }));
    dataOf(await actor.post(`/keitaro/reverses/${id}/activate`));
    const history = dataOf<AuditEntry[]>(await setup.get(`/keitaro/reverses/${id}/history`));
    expect(history.map((entry) => [entry.action, entry.actor_name, entry.after?.state])).toEqual([
      ['activate', 'auditor', 'active'],
      ['transfer', 'auditor', 'waiting'],
      ['create', 'admin', 'free'],
    ]);
    // The version moved with each change: an edit made on the first one is refused.
    expect((await actor.patch(`/keitaro/reverses/${id}`, { comment: 'late', version: 1 })).statusCode).toBe(409);
  });
});
