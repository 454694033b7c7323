import type { Database, Queryable } from '@core/server/database/database';
import { hashPassword } from '@core/server/auth/passwords';
import { insertServiceLink } from './service-links/service-links-store';

/**
 * Demonstration records for every admin screen: users with roles (one blocked, one deleted),
 * articles, RDP servers with granted users, Keitaro servers with reverses in every state and a free
 * pool, issue-tracker groups, accounts and memberships, tracker users, and service links with a
 * default switched away from the oldest. Runs once: a second call finds the demo users and stops.
 */

export const DEMO_PASSWORD = 'Demo-Password-2026';
const DOMAIN = 'agency.example';

const ROLES: readonly { name: string; codes: readonly string[] }[] = [
  { name: 'Finance manager', codes: ['FP', 'FW', 'FG', 'FN', 'FD', 'FC', 'FA', 'FT', 'FF', 'FS', 'FL', 'FJ', 'FZ'] },
  { name: 'Media buyer', codes: ['TF', 'TA', 'TO', 'TS', 'MA', 'MC'] },
  { name: 'Team lead', codes: ['TT', 'TB', 'TL', 'TR', 'JU'] },
  { name: 'System administrator', codes: ['YP', 'YS', 'YE', 'YQ', 'YA', 'YD', 'YU', 'YT', 'YL', 'VR', 'JS'] },
  { name: 'Shop operator', codes: ['SC', 'SP', 'SQ', 'SO', 'SM', 'SS', 'SR', 'MB'] },
  { name: 'Content editor', codes: ['JA'] },
];

interface DemoUser {
  readonly username: string;
  readonly sub: string;
  readonly tgLogin: string | null;
  readonly roles: readonly string[];
  readonly status?: 'blocked';
  readonly deleted?: boolean;
}

const USERS: readonly DemoUser[] = [
  { username: 'anna.petrova', sub: 'ANP', tgLogin: 'anna_p', roles: ['Finance manager'] },
  { username: 'boris.ivanov', sub: 'BIV', tgLogin: 'boris_iv', roles: ['Media buyer', 'Team lead'] },
  { username: 'carla.mendes', sub: 'CME', tgLogin: null, roles: ['Media buyer'] },
  { username: 'dmitry.sokolov', sub: 'DSO', tgLogin: 'dsokolov', roles: ['System administrator'] },
  { username: 'elena.kuznetsova', sub: 'EKU', tgLogin: 'elena_k', roles: ['Shop operator', 'Content editor'] },
  { username: 'farid.aliyev', sub: 'FAL', tgLogin: 'farid_a', roles: ['Media buyer'], status: 'blocked' },
  { username: 'grace.lee', sub: 'GLE', tgLogin: null, roles: ['Content editor'] },
  { username: 'hugo.martin', sub: 'HMA', tgLogin: 'hugo_m', roles: ['Team lead'], deleted: true },
];

const ARTICLES: readonly [string, string][] = [
  ['ERP-101', 'onboarding/first-day'],
  ['ERP-102', 'finance/closing-the-month'],
  ['ERP-103', 'finance/wallet-transfers'],
  ['ERP-104', 'tracker/keitaro-reverse-rotation'],
  ['ERP-105', 'tracker/offer-naming'],
  ['ERP-106', 'shop/manual-transfer'],
  ['ERP-107', 'security/rdp-access-policy'],
  ['ERP-108', 'security/password-rotation'],
  ['ERP-109', 'social/ad-account-warmup'],
  ['ERP-110', 'system/domain-purchase-checklist'],
  ['ERP-111', 'support/escalation-matrix'],
  ['ERP-321', 'admin/article-numbering'],
];

const RDP_SERVERS: readonly { name: string; url: string; ip: string; username: string; grants: readonly string[] }[] = [
  { name: 'RDP Frankfurt 1', url: `https://rdp-fra1.${DOMAIN}`, ip: '10.20.0.11', username: 'Administrator', grants: ['boris.ivanov', 'carla.mendes', 'farid.aliyev'] },
  { name: 'RDP Amsterdam', url: `https://rdp-ams.${DOMAIN}`, ip: '10.20.1.21', username: 'Administrator', grants: ['carla.mendes', 'dmitry.sokolov'] },
  { name: 'RDP Warsaw', url: `https://rdp-waw.${DOMAIN}`, ip: '10.20.2.31', username: 'buyer', grants: [] },
];

type DemoState = 'active' | 'on_hold' | 'waiting';

const KEITARO_SERVERS: readonly { name: string; url: string; reverses: readonly [string, DemoState][] }[] = [
  {
    name: 'Keitaro EU-1',
    url: `https://eu1.tracker.${DOMAIN}`,
    reverses: [
      ['eu1-a.trk-edge.net', 'active'],
      ['eu1-b.trk-edge.net', 'on_hold'],
      ['eu1-c.trk-edge.net', 'waiting'],
      ['eu1-d.trk-edge.net', 'waiting'],
    ],
  },
  {
    name: 'Keitaro US-1',
    url: `https://us1.tracker.${DOMAIN}`,
    reverses: [
      ['us1-a.clickpath.io', 'active'],
      ['us1-b.clickpath.io', 'waiting'],
    ],
  },
  { name: 'Keitaro Asia', url: `https://asia.tracker.${DOMAIN}`, reverses: [['sg-proxy.clickpath.io:8443', 'on_hold']] },
];

const FREE_REVERSES: readonly string[] = ['spare-1.trk-edge.net', 'spare-2.trk-edge.net', '185.12.40.7:8080'];

const GROUPS: readonly string[] = ['Developers', 'Media buying', 'Finance', 'Support'];

const ISSUE_TRACKER: readonly { username: string; groups: readonly string[] }[] = [
  { username: 'anna.petrova', groups: ['Finance'] },
  { username: 'boris.ivanov', groups: ['Media buying', 'Support'] },
  { username: 'dmitry.sokolov', groups: ['Developers', 'Support'] },
];

const TRACKER_USERS: readonly { username: string; tracker: string; group: boolean }[] = [
  { username: 'boris.ivanov', tracker: 'Keitaro EU-1', group: true },
  { username: 'boris.ivanov', tracker: 'Keitaro US-1', group: false },
  { username: 'carla.mendes', tracker: 'Keitaro EU-1', group: false },
  { username: 'farid.aliyev', tracker: 'Keitaro Asia', group: true },
];

async function idOf(db: Queryable, sql: string, params: readonly unknown[]): Promise<number> {
  const { rows } = await db.query<{ id: string }>(sql, params);
  if (!rows[0]) throw new Error(`demo seed: nothing found for ${sql}`);
  return Number(rows[0].id);
}

async function seedUsers(tx: Queryable, passwordHash: string): Promise<Map<string, number>> {
  const roleIds = new Map<string, number>();
  for (const role of ROLES) {
    await tx.query('INSERT INTO core.roles (name) VALUES ($1) ON CONFLICT DO NOTHING', [role.name]);
    const id = await idOf(tx, 'SELECT id FROM core.roles WHERE lower(name) = lower($1)', [role.name]);
    roleIds.set(role.name, id);
    await tx.query(
      `INSERT INTO core.role_permissions (role_id, permission_id)
       SELECT $1, id FROM core.permissions WHERE name = ANY($2::text[]) ON CONFLICT DO NOTHING`,
      [id, role.codes],
    );
  }
  const userIds = new Map<string, number>();
  let manager: number | null = null;
  for (const [index, user] of USERS.entries()) {
    const id = await idOf(
      tx,
      `INSERT INTO core.users (username, email, password_hash, status, sub, tg_login, tg_user_id, manager_id, created_at, deleted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() - make_interval(days => $9), CASE WHEN $10 THEN now() - interval '3 days' END)
       RETURNING id`,
      [
        user.username,
        `${user.username}@${DOMAIN}`,
        passwordHash,
        user.status ?? 'active',
        user.sub,
        user.tgLogin,
        user.tgLogin ? 700_000_100 + index : null,
        manager,
        90 - index * 7,
        user.deleted === true,
      ],
    );
    // The first user (a finance manager) manages the rest.
    manager ??= id;
    userIds.set(user.username, id);
    for (const role of user.roles) await tx.query('INSERT INTO core.user_roles (user_id, role_id) VALUES ($1, $2)', [id, roleIds.get(role)]);
  }
  // One user holds a code beyond their roles (spec §6: additional permissions).
  await tx.query(
    `INSERT INTO core.user_permissions (user_id, permission_id) SELECT $1, id FROM core.permissions WHERE name = 'JA' ON CONFLICT DO NOTHING`,
    [userIds.get('carla.mendes')],
  );
  return userIds;
}

async function seedServers(tx: Queryable, users: ReadonlyMap<string, number>): Promise<Map<string, number>> {
  for (const [index, [externalId, path]] of ARTICLES.entries()) {
    await tx.query(
      `INSERT INTO admin.articles (url, external_id, created_at) VALUES ($1, $2, now() - make_interval(days => $3)) ON CONFLICT DO NOTHING`,
      [`https://wiki.${DOMAIN}/${path}`, externalId, ARTICLES.length - index],
    );
  }
  for (const server of RDP_SERVERS) {
    const serverId = await idOf(tx, 'INSERT INTO admin.rdp_servers (name, url, ip, username, password) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
      server.name,
      server.url,
      server.ip,
      server.username,
      'Demo-Rdp-Secret-1',
    ]);
    for (const username of server.grants) {
      const userId = users.get(username) as number;
      const grant = await idOf(tx, 'INSERT INTO admin.rdp_users (server_id, user_id) VALUES ($1, $2) RETURNING id', [serverId, userId]);
      await insertServiceLink(tx, { userId, service: 'rdp', source: { rdp_user_id: grant } });
    }
  }
  const keitaro = new Map<string, number>();
  for (const server of KEITARO_SERVERS) {
    const serverId = await idOf(tx, 'INSERT INTO admin.keitaro_servers (name, url, api_key) VALUES ($1, $2, $3) RETURNING id', [
      server.name,
      server.url,
      `demo-${server.name.toLowerCase().replaceAll(' ', '-')}-api-key`,
    ]);
    keitaro.set(server.name, serverId);
    for (const [index, [address, state]] of server.reverses.entries()) {
      await tx.query(
        `INSERT INTO admin.keitaro_reverses (address, state, server_id, comment, state_changed_at)
         VALUES ($1, $2, $3, $4, now() - make_interval(hours => $5))`,
        [address, state, serverId, state === 'on_hold' ? 'Blocked by a network, waiting for delisting' : null, 6 * (index + 1)],
      );
    }
  }
  for (const address of FREE_REVERSES) await tx.query('INSERT INTO admin.keitaro_reverses (address) VALUES ($1)', [address]);
  return keitaro;
}

async function seedAccounts(tx: Queryable, users: ReadonlyMap<string, number>, trackers: ReadonlyMap<string, number>): Promise<void> {
  const groupIds = new Map<string, number>();
  for (const name of GROUPS) groupIds.set(name, await idOf(tx, 'INSERT INTO admin.you_track_groups (name) VALUES ($1) RETURNING id', [name]));
  for (const account of ISSUE_TRACKER) {
    const userId = users.get(account.username) as number;
    await tx.query('INSERT INTO admin.you_track_accounts (user_id, external_id, login) VALUES ($1, $2, $3)', [userId, `local-${userId}`, account.username]);
    await insertServiceLink(tx, { userId, service: 'youtrack', source: { you_track_user_id: userId } });
    for (const group of account.groups) {
      await tx.query('INSERT INTO admin.you_track_memberships (user_id, group_id) VALUES ($1, $2)', [userId, groupIds.get(group)]);
    }
  }
  let secondLink: { userId: number; linkId: number } | null = null;
  for (const account of TRACKER_USERS) {
    const userId = users.get(account.username) as number;
    const id = await idOf(
      tx,
      `INSERT INTO admin.tracker_users (user_id, service_name, is_created_group, tracker_id) VALUES ($1, 'keitaro', $2, $3) RETURNING id`,
      [userId, account.group, trackers.get(account.tracker)],
    );
    const linkId = await insertServiceLink(tx, { userId, service: 'keitaro', source: { tracker_user_id: id } });
    if (account.username === 'boris.ivanov' && account.tracker === 'Keitaro US-1') secondLink = { userId, linkId };
  }
  // Boris works mostly on the US tracker: his default Keitaro link is not the oldest one.
  if (secondLink) {
    await tx.query(`INSERT INTO admin.service_link_defaults (user_id, service, link_id) VALUES ($1, 'keitaro', $2)`, [secondLink.userId, secondLink.linkId]);
  }
}

/** Fills the admin screens once; returns false when the demo records were already there. */
export async function seedDemo(db: Database): Promise<boolean> {
  const marker = `${USERS[0]?.username}@${DOMAIN}`;
  const { rows } = await db.query('SELECT 1 FROM core.users WHERE lower(email) = lower($1)', [marker]);
  if (rows.length > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const users = await seedUsers(tx, passwordHash);
    const trackers = await seedServers(tx, users);
    await seedAccounts(tx, users, trackers);
  });
  return true;
}
