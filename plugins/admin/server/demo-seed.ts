import { hashPassword, type Database, type DemoContext, type Queryable } from '@core/sdk/server';
import { articlesResource } from '../shared/article';
import { keitaroReversesResource, keitaroServersResource } from '../shared/keitaro';
import { rdpServersResource } from '../shared/rdp';
import { RDP_SERVICE } from '../shared/services';
import type { IssueTrackerGroup } from '../shared/you-track';
import { rdpGrantRecords, trackerUserRecords } from './account-records';
import { createGroup, joinGroup, openAccount, refOf } from './issue-tracker/issue-tracker-writes';
import { localIssueTracker } from './issue-tracker/local-issue-tracker';
import { findLink, insertServiceLink, makeDefault } from './service-links/service-links-store';

/**
 * Demonstration records for every admin screen: users with roles (one blocked, one deleted),
 * articles, RDP servers with granted users, Keitaro servers with reverses in every state and a free
 * pool, issue-tracker groups, accounts and memberships, tracker users, and service links with a
 * default switched away from the oldest. Every record has the demo's author (the first superadmin)
 * and its audit rows. Runs once: a second call finds the demo users and stops.
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
  {
    name: 'RDP Frankfurt 1',
    url: `https://rdp-fra1.${DOMAIN}`,
    ip: '10.20.0.11',
    username: 'Administrator',
    grants: ['boris.ivanov', 'carla.mendes', 'farid.aliyev'],
  },
  {
    name: 'RDP Amsterdam',
    url: `https://rdp-ams.${DOMAIN}`,
    ip: '10.20.1.21',
    username: 'Administrator',
    grants: ['carla.mendes', 'dmitry.sokolov'],
  },
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
  {
    name: 'Keitaro Asia',
    url: `https://asia.tracker.${DOMAIN}`,
    reverses: [['sg-proxy.clickpath.io:8443', 'on_hold']],
  },
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

interface Seeding {
  readonly tx: Queryable;
  readonly demo: DemoContext;
}

async function seedUsers({ tx, demo }: Seeding, passwordHash: string): Promise<Map<string, number>> {
  for (const role of ROLES) await demo.users.ensureRole(tx, role.name, role.codes);
  const userIds = new Map<string, number>();
  let manager: number | null = null;
  for (const [index, user] of USERS.entries()) {
    const id = await demo.users.createStaff(tx, {
      username: user.username,
      email: `${user.username}@${DOMAIN}`,
      passwordHash,
      sub: user.sub,
      tgLogin: user.tgLogin,
      tgUserId: user.tgLogin ? 700_000_100 + index : null,
      managerId: manager,
      roles: user.roles,
      // One user holds a code beyond their roles (an additional permission).
      extraCodes: user.username === 'carla.mendes' ? ['JA'] : [],
      blocked: user.status === 'blocked',
      deleted: user.deleted === true,
    });
    // The first user (a finance manager) manages the rest.
    manager ??= id;
    userIds.set(user.username, id);
  }
  return userIds;
}

async function seedServers({ tx, demo }: Seeding, users: ReadonlyMap<string, number>): Promise<Map<string, number>> {
  const { records, audit, author } = demo;
  for (const [externalId, path] of ARTICLES)
    await records.createIn(
      tx,
      articlesResource,
      { url: `https://wiki.${DOMAIN}/${path}`, external_id: externalId },
      author,
    );
  for (const server of RDP_SERVERS) {
    const { grants, ...values } = server;
    const created = await records.createIn(
      tx,
      rdpServersResource,
      { ...values, password: 'Demo-Rdp-Secret-1' },
      author,
    );
    for (const username of grants) {
      const userId = users.get(username) as number;
      const grant = await records.createIn(tx, rdpGrantRecords, { server_id: created.id, user_id: userId }, author);
      await insertServiceLink(tx, audit, { userId, service: RDP_SERVICE, source: { rdp_user_id: grant.id } }, author);
    }
  }
  const keitaro = new Map<string, number>();
  for (const server of KEITARO_SERVERS) {
    const api_key = `demo-${server.name.toLowerCase().replaceAll(' ', '-')}-api-key`;
    const created = await records.createIn(
      tx,
      keitaroServersResource,
      { name: server.name, url: server.url, api_key },
      author,
    );
    keitaro.set(server.name, created.id);
    for (const [address, state] of server.reverses) {
      const comment = state === 'on_hold' ? 'Blocked by a network, waiting for delisting' : null;
      await records.createIn(tx, keitaroReversesResource, { address, state, server_id: created.id, comment }, author);
    }
  }
  for (const address of FREE_REVERSES) await records.createIn(tx, keitaroReversesResource, { address }, author);
  return keitaro;
}

async function seedAccounts(
  { tx, demo }: Seeding,
  users: ReadonlyMap<string, number>,
  trackers: ReadonlyMap<string, number>,
): Promise<void> {
  const { records, audit, author } = demo;
  const writes = { adapter: localIssueTracker, audit };
  const groups = new Map<string, IssueTrackerGroup>();
  for (const name of GROUPS) {
    const group = await createGroup(tx, writes, name, author);
    if (group) groups.set(name, group);
  }
  for (const account of ISSUE_TRACKER) {
    const user = await demo.users.require(tx, users.get(account.username) as number);
    const opened = refOf(await openAccount(tx, writes, user, author));
    for (const name of account.groups)
      await joinGroup(tx, writes, opened, groups.get(name) as IssueTrackerGroup, author);
  }
  let secondLink: number | null = null;
  for (const account of TRACKER_USERS) {
    const userId = users.get(account.username) as number;
    const created = await records.createIn(
      tx,
      trackerUserRecords,
      {
        user_id: userId,
        service_name: 'keitaro',
        is_created_group: account.group,
        tracker_id: trackers.get(account.tracker) as number,
        external_id: null,
      },
      author,
    );
    const linkId = await insertServiceLink(
      tx,
      audit,
      { userId, service: 'keitaro', source: { tracker_user_id: created.id } },
      author,
    );
    if (account.username === 'boris.ivanov' && account.tracker === 'Keitaro US-1') secondLink = linkId;
  }
  // Boris works mostly on the US tracker: his default Keitaro link is not the oldest one.
  const link = secondLink === null ? null : await findLink(tx, secondLink);
  if (link) await makeDefault(tx, audit, link, author);
}

/**
 * Fills the admin screens once, through the engine and the audit service with the demo's author;
 * false when the demo records were already there.
 */
export async function seedDemo(db: Database, demo: DemoContext): Promise<boolean> {
  const marker = await demo.users.findByEmail(db, `${USERS[0]?.username}@${DOMAIN}`);
  if (marker) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const seeding = { tx, demo };
    const users = await seedUsers(seeding, passwordHash);
    const trackers = await seedServers(seeding, users);
    await seedAccounts(seeding, users, trackers);
  });
  return true;
}
