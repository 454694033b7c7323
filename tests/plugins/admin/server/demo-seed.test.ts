import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListPage } from '@core/sdk/shared';
import admin, { seedDemo } from '@plugins/admin/server';
import { DEMO_PASSWORD } from '@plugins/admin/server/demo-seed';
import type { Article } from '@plugins/admin/shared/article';
import type { KeitaroBoard } from '@plugins/admin/shared/keitaro';
import type { RdpServer } from '@plugins/admin/shared/rdp';
import type { ServiceLink, TrackerUser } from '@plugins/admin/shared/services';
import type { IssueTrackerGroup } from '@plugins/admin/shared/you-track';
import { ADMIN_EMAIL, DB_TIMEOUT, demoContext, login } from '@core/sdk/testing';
import { type DemoContext } from '@core/sdk/server';
import { dataOf, openAdmin, type AdminServer, type Client } from './support-admin';

let server: AdminServer;
let everything: Client;

async function userId(username: string): Promise<number> {
  const { rows } = await server.db.query<{ id: string }>('SELECT id FROM core.users WHERE username = $1', [username]);
  return Number(rows[0]?.id);
}

let demo: DemoContext;

async function userIdByEmail(email: string): Promise<number> {
  const { rows } = await server.db.query<{ id: string }>('SELECT id FROM core.users WHERE email = $1', [email]);
  return Number(rows[0]?.id);
}

beforeAll(async () => {
  server = await openAdmin();
  everything = server.as(['JA', 'JS', 'JU', 'JQ', 'VR']);
  demo = await demoContext(server.db, [admin]);
  expect(await seedDemo(server.db, demo)).toBe(true);
}, DB_TIMEOUT);

afterAll(async () => {
  await server.close();
});

describe('the admin demo data', () => {
  it('is offered to the kernel as the plugin hook', () => {
    expect(admin.seedDemo).toBeTypeOf('function');
  });

  it('fills the users list with people holding roles, one blocked and one deleted, who can sign in', async () => {
    const users = dataOf<ListPage<{ username: string; status: string; roles: string[] }>>(
      await everything.get('/users?per_page=100'),
    );
    const demo = users.data.filter((user) => user.username.includes('.'));
    expect(demo.length).toBeGreaterThanOrEqual(7);
    expect(demo.every((user) => user.roles.length > 0)).toBe(true);
    expect(demo.some((user) => user.status === 'blocked')).toBe(true);
    const deleted = dataOf<ListPage<{ username: string }>>(await everything.get('/users?deleted=only'));
    expect(deleted.data.map((user) => user.username)).toEqual(['hugo.martin']);
    expect((await login(server.app, 'anna.petrova@agency.example', DEMO_PASSWORD)).statusCode).toBe(200);
    const roles = dataOf<{ name: string }[]>(await everything.get('/roles'));
    expect(roles.map((role) => role.name)).toEqual(
      expect.arrayContaining(['Finance manager', 'Media buyer', 'System administrator']),
    );
  });

  it('fills the articles list', async () => {
    const articles = dataOf<ListPage<Article>>(await everything.get('/articles?per_page=100'));
    expect(articles.total).toBeGreaterThanOrEqual(10);
    expect(articles.data.map((article) => article.external_id)).toContain('ERP-321');
  });

  it('fills the RDP list with servers and granted users', async () => {
    const page = dataOf<ListPage<RdpServer>>(await everything.get('/rdps/server'));
    expect(page.total).toBe(3);
    expect(page.data.some((entry) => entry.users.length >= 2)).toBe(true);
    expect(page.data.some((entry) => entry.users.length === 0)).toBe(true);
  });

  it('puts Keitaro reverses in every state, and some in the free pool', async () => {
    const board = dataOf<KeitaroBoard>(await everything.get('/keitaro/servers'));
    expect(board.servers).toHaveLength(3);
    expect(board.servers.filter((entry) => entry.active !== null).length).toBeGreaterThanOrEqual(2);
    expect(board.servers.some((entry) => entry.on_hold.length > 0)).toBe(true);
    expect(board.servers.some((entry) => entry.waiting.length > 0)).toBe(true);
    expect(board.free.length).toBeGreaterThanOrEqual(3);
  });

  it('fills issue-tracker groups, memberships, tracker users and service links with a switched default', async () => {
    expect(dataOf<IssueTrackerGroup[]>(await everything.get('/you-track/groups')).map((group) => group.name)).toEqual([
      'Developers',
      'Finance',
      'Media buying',
      'Support',
    ]);
    const boris = await userId('boris.ivanov');
    expect(
      dataOf<IssueTrackerGroup[]>(await everything.get(`/you-track/users/groups/${boris}`)).map((group) => group.name),
    ).toEqual(['Media buying', 'Support']);
    expect(
      dataOf<TrackerUser[]>(await everything.get(`/tracker/users?user_id=${boris}`)).map(
        (account) => account.tracker_name,
      ),
    ).toEqual(['Keitaro EU-1', 'Keitaro US-1']);
    const links = dataOf<ServiceLink[]>(await everything.get(`/service-link/${boris}`));
    expect(links.filter((link) => link.service === 'keitaro').map((link) => [link.label, link.is_default])).toEqual([
      ['Keitaro EU-1', false],
      ['Keitaro US-1', true],
    ]);
    expect(new Set(links.map((link) => link.service))).toEqual(new Set(['keitaro', 'youtrack', 'rdp']));
  });

  it('writes every record with the first superadmin as its author, and an audit row by them', async () => {
    const author = await userIdByEmail(ADMIN_EMAIL);
    expect(demo.author.id).toBe(author);
    for (const table of [
      'admin.articles',
      'admin.rdp_servers',
      'admin.rdp_users',
      'admin.keitaro_servers',
      'admin.keitaro_reverses',
      'admin.tracker_users',
    ]) {
      const { rows } = await server.db.query<{ authors: (string | number | null)[] }>(
        `SELECT array_agg(DISTINCT created_by) AS authors FROM ${table}`,
      );
      expect(
        rows[0]?.authors.map((author) => (author === null ? null : Number(author))),
        table,
      ).toEqual([author]);
    }
    const { rows } = await server.db.query<{ resource: string; n: number }>(
      `SELECT resource, count(*)::int AS n FROM core.audit_log WHERE actor_id = $1 AND action = 'create' GROUP BY resource ORDER BY resource`,
      [author],
    );
    expect(Object.fromEntries(rows.map((row) => [row.resource, row.n]))).toEqual({
      'admin.articles': 12,
      'admin.keitaro_reverses': 10,
      'admin.keitaro_servers': 3,
      'admin.rdp_grants': 5,
      'admin.rdp_servers': 3,
      'admin.service_links': 12,
      'admin.tracker_users': 4,
      'admin.you_track_accounts': 3,
      'admin.you_track_groups': 4,
    });
  });

  it('runs once: a second call changes nothing', async () => {
    const count = async () =>
      Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM core.users')).rows[0]?.n);
    const before = await count();
    expect(await seedDemo(server.db, demo)).toBe(false);
    expect(await count()).toBe(before);
  });
});
