import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssueTrackerAccount, IssueTrackerGroup } from '@plugins/admin/shared/you-track';
import type { ServiceLink } from '@plugins/admin/shared/services';
import {
  GROUPS_PAGE_SIZE,
  YOUTRACK_NOT_CONFIGURED,
  youTrackConfig,
} from '@plugins/admin/server/issue-tracker/youtrack-adapter';
import { closedPortUrl, DB_TIMEOUT } from '@core/sdk/testing';
import { startFakeYouTrack, YOUTRACK_TOKEN, type FakeYouTrack } from './fake-youtrack';
import {
  addStaff,
  dataOf,
  expectFieldErrors,
  openAdmin,
  type AdminServer,
  type Client,
  type ErrorBody,
} from './support-admin';

let counter = 0;

describe('issue tracker with the local adapter', () => {
  let server: AdminServer;
  let ju: Client;

  beforeAll(async () => {
    server = await openAdmin();
    ju = server.as(['JU']);
  }, DB_TIMEOUT);
  afterAll(async () => {
    await server.close();
  });

  it('creates groups and lists them by name; a taken name answers 422 on name', async () => {
    const support = dataOf<IssueTrackerGroup>(await ju.post('/you-track/groups', { name: ' Support ' }), 201);
    const developers = dataOf<IssueTrackerGroup>(await ju.post('/you-track/groups', { name: 'Developers' }), 201);
    expect(support).toEqual({ id: expect.stringMatching(/^\d+$/), name: 'Support' });
    expect(dataOf<IssueTrackerGroup[]>(await ju.get('/you-track/groups'))).toEqual([developers, support]);
    expectFieldErrors(await ju.post('/you-track/groups', { name: 'support' }), ['name']);
    expectFieldErrors(await ju.post('/you-track/groups', { name: '   ' }), ['name']);
    expectFieldErrors(await ju.post('/you-track/groups', {}), ['name']);
    expectFieldErrors(await ju.post('/you-track/groups', { name: 'Nul\u0000group' }), ['name']);
  });

  it("creates a user's account once (201, then 409), links it as the user's issue-tracker service, and deletes it", async () => {
    const userId = await addStaff(server.db, `yt-${++counter}`);
    const account = dataOf<IssueTrackerAccount>(await ju.post(`/you-track/users/${userId}`), 201);
    expect(account).toEqual({
      user_id: userId,
      external_id: `local-${userId}`,
      login: `yt-${counter}`,
      created_at: expect.any(String),
    });
    const again = await ju.post(`/you-track/users/${userId}`);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().message).toBe('This user already has an issue-tracker account.');
    const links = dataOf<ServiceLink[]>(await ju.get(`/service-link/${userId}`));
    expect(links).toEqual([
      expect.objectContaining({
        service: 'youtrack',
        source: 'you_track',
        source_id: userId,
        label: `yt-${counter}`,
        is_default: true,
      }),
    ]);

    expect((await ju.delete(`/you-track/users/${userId}`)).statusCode).toBe(200);
    expect(dataOf<ServiceLink[]>(await ju.get(`/service-link/${userId}`))).toEqual([]);
    expect((await ju.delete(`/you-track/users/${userId}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown user; a deleted user gets nothing new, yet their groups can be read and left', async () => {
    expect((await ju.post('/you-track/users/999999')).statusCode).toBe(404);
    expect((await ju.get('/you-track/users/groups/999999')).statusCode).toBe(404);
    const userId = await addStaff(server.db, `yt-deleted-${++counter}`);
    const group = dataOf<IssueTrackerGroup>(await ju.post('/you-track/groups', { name: `Leavers ${counter}` }), 201);
    await ju.post(`/you-track/users/${userId}`);
    await ju.post(`/you-track/users/groups/${userId}/${group.id}`);
    await server.db.query('UPDATE core.users SET deleted_at = now() WHERE id = $1', [userId]);
    expect(dataOf<IssueTrackerGroup[]>(await ju.get(`/you-track/users/groups/${userId}`))).toEqual([group]);
    const other = dataOf<IssueTrackerGroup>(await ju.post('/you-track/groups', { name: `Others ${counter}` }), 201);
    expect((await ju.post(`/you-track/users/groups/${userId}/${other.id}`)).statusCode).toBe(404);
    expect(dataOf<IssueTrackerGroup[]>(await ju.delete(`/you-track/users/groups/${userId}/${group.id}`))).toEqual([]);
    expect((await ju.delete(`/you-track/users/${userId}`)).statusCode).toBe(200);
    expect((await ju.post(`/you-track/users/${userId}`)).statusCode).toBe(404);
  });

  it('adds and removes memberships, refusing duplicates, unknown groups and users without an account', async () => {
    const userId = await addStaff(server.db, `yt-member-${++counter}`);
    const group = dataOf<IssueTrackerGroup>(await ju.post('/you-track/groups', { name: `Team ${counter}` }), 201);
    expect(dataOf<IssueTrackerGroup[]>(await ju.get(`/you-track/users/groups/${userId}`))).toEqual([]);

    const noAccount = await ju.post(`/you-track/users/groups/${userId}/${group.id}`);
    expect(noAccount.statusCode).toBe(409);
    expect(noAccount.json<ErrorBody>().message).toBe('This user has no issue-tracker account: create it first.');

    await ju.post(`/you-track/users/${userId}`);
    expect(dataOf<IssueTrackerGroup[]>(await ju.post(`/you-track/users/groups/${userId}/${group.id}`), 201)).toEqual([
      group,
    ]);
    expect(dataOf<IssueTrackerGroup[]>(await ju.get(`/you-track/users/groups/${userId}`))).toEqual([group]);
    expect((await ju.post(`/you-track/users/groups/${userId}/${group.id}`)).statusCode).toBe(409);
    expect((await ju.post(`/you-track/users/groups/${userId}/999999`)).statusCode).toBe(404);
    expect((await ju.post(`/you-track/users/groups/${userId}/not-a-local-id`)).statusCode).toBe(404);
    expect((await ju.post(`/you-track/users/groups/${userId}/bad%20id`)).statusCode).toBe(404);

    expect(dataOf<IssueTrackerGroup[]>(await ju.delete(`/you-track/users/groups/${userId}/${group.id}`))).toEqual([]);
    const notMember = await ju.delete(`/you-track/users/groups/${userId}/${group.id}`);
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json<ErrorBody>().message).toBe('The user is not in this group.');
  });

  it("drops the user's memberships with the account", async () => {
    const userId = await addStaff(server.db, `yt-drop-${++counter}`);
    const group = dataOf<IssueTrackerGroup>(await ju.post('/you-track/groups', { name: `Drop ${counter}` }), 201);
    await ju.post(`/you-track/users/${userId}`);
    await ju.post(`/you-track/users/groups/${userId}/${group.id}`);
    await ju.delete(`/you-track/users/${userId}`);
    await ju.post(`/you-track/users/${userId}`);
    expect(dataOf<IssueTrackerGroup[]>(await ju.get(`/you-track/users/groups/${userId}`))).toEqual([]);
  });
});

describe('issue tracker with the YouTrack adapter', () => {
  let fake: FakeYouTrack;
  let server: AdminServer;
  let ju: Client;

  beforeAll(async () => {
    fake = await startFakeYouTrack();
    fake.addGroup('Developers');
    fake.addGroup('Media buying');
    server = await openAdmin({ env: { ERP_YOUTRACK_URL: `${fake.url}/`, ERP_YOUTRACK_TOKEN: YOUTRACK_TOKEN } });
    ju = server.as(['JU']);
  }, DB_TIMEOUT);
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it("lists YouTrack's groups by their Hub id, sending the permanent token", async () => {
    fake.seen.length = 0;
    const groups = dataOf<IssueTrackerGroup[]>(await ju.get('/you-track/groups'));
    expect(groups).toEqual(fake.groups.map((group) => ({ id: group.ringId, name: group.name })));
    expect(fake.seen).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/groups', authorization: `Bearer ${YOUTRACK_TOKEN}` }),
    ]);
    expect(fake.seen[0]?.query.get('fields')).toBe('id,name,ringId');
  });

  it('reads every group page by page, as YouTrack answers a part of a collection at a time', async () => {
    const before = fake.groups.length;
    for (let index = 0; index < 2 * GROUPS_PAGE_SIZE; index++) fake.addGroup(`Paged ${index}`);
    try {
      fake.seen.length = 0;
      const groups = dataOf<IssueTrackerGroup[]>(await ju.get('/you-track/groups'));
      expect(groups.map((group) => group.name)).toEqual(fake.groups.map((group) => group.name));
      expect(fake.seen.map((seen) => [seen.query.get('$top'), seen.query.get('$skip')])).toEqual([
        [String(GROUPS_PAGE_SIZE), '0'],
        [String(GROUPS_PAGE_SIZE), String(GROUPS_PAGE_SIZE)],
        [String(GROUPS_PAGE_SIZE), String(2 * GROUPS_PAGE_SIZE)],
      ]);
    } finally {
      fake.groups.splice(before);
    }
  });

  it('creates a group in YouTrack, and refuses a name YouTrack already has', async () => {
    const group = dataOf<IssueTrackerGroup>(await ju.post('/you-track/groups', { name: 'Finance' }), 201);
    expect(fake.groups.find((entry) => entry.name === 'Finance')?.ringId).toBe(group.id);
    expectFieldErrors(await ju.post('/you-track/groups', { name: 'developers' }), ['name']);
  });

  it('creates the group in Hub where YouTrack refuses POST /api/groups (before 2026.1)', async () => {
    fake.createsGroups = false;
    try {
      fake.seen.length = 0;
      const group = dataOf<IssueTrackerGroup>(await ju.post('/you-track/groups', { name: 'Legal' }), 201);
      expect(group).toEqual({ id: fake.groups.find((entry) => entry.name === 'Legal')?.ringId, name: 'Legal' });
      expect(fake.seen.filter((seen) => seen.method === 'POST').map((seen) => seen.path)).toEqual([
        '/api/groups',
        '/hub/api/rest/usergroups',
      ]);
      expect(fake.seen.at(-1)?.body).toEqual({ name: 'Legal' });
      const listed = dataOf<IssueTrackerGroup[]>(await ju.get('/you-track/groups'));
      expect(listed).toContainEqual(group);
    } finally {
      fake.createsGroups = true;
    }
  });

  it('creates the account in Hub, manages its memberships there, and deletes it', async () => {
    const userId = await addStaff(server.db, `hub-${++counter}`);
    const account = dataOf<IssueTrackerAccount>(await ju.post(`/you-track/users/${userId}`), 201);
    const hubUser = fake.users.get(account.external_id);
    expect(hubUser).toEqual({ id: account.external_id, login: `hub-${counter}`, email: `hub-${counter}@example.com` });

    const developers = fake.groups[0];
    if (!developers) throw new Error('no fake group');
    expect(
      dataOf<IssueTrackerGroup[]>(await ju.post(`/you-track/users/groups/${userId}/${developers.ringId}`), 201),
    ).toEqual([{ id: developers.ringId, name: 'Developers' }]);
    expect(developers.members.has(account.external_id)).toBe(true);
    expect(dataOf<IssueTrackerGroup[]>(await ju.get(`/you-track/users/groups/${userId}`))).toEqual([
      { id: developers.ringId, name: 'Developers' },
    ]);
    expect((await ju.post(`/you-track/users/groups/${userId}/${developers.ringId}`)).statusCode).toBe(409);
    expect((await ju.post(`/you-track/users/groups/${userId}/no-such-group`)).statusCode).toBe(404);

    expect(
      dataOf<IssueTrackerGroup[]>(await ju.delete(`/you-track/users/groups/${userId}/${developers.ringId}`)),
    ).toEqual([]);
    expect(developers.members.size).toBe(0);

    expect((await ju.delete(`/you-track/users/${userId}`)).statusCode).toBe(200);
    expect(fake.users.has(account.external_id)).toBe(false);
    const deletes = fake.seen.filter((request) => request.method === 'DELETE').map((request) => request.path);
    expect(deletes).toContain(`/hub/api/rest/users/${account.external_id}`);
  });

  it("passes YouTrack's refusal on as 502 and records no account", async () => {
    const userId = await addStaff(server.db, `hub-clash-${++counter}`);
    fake.users.set('existing', { id: 'existing', login: `hub-clash-${counter}`, email: null });
    const response = await ju.post(`/you-track/users/${userId}`);
    expect(response.statusCode).toBe(502);
    expect(response.json<ErrorBody>().message).toBe(
      `YouTrack refused the request (409): Login hub-clash-${counter} is already in use.`,
    );
    expect(
      (await server.db.query('SELECT 1 FROM admin.you_track_accounts WHERE user_id = $1', [userId])).rows,
    ).toHaveLength(0);
  });

  it(
    'answers 502 naming the token when YouTrack refuses it',
    async () => {
      const wrong = await openAdmin({ env: { ERP_YOUTRACK_URL: fake.url, ERP_YOUTRACK_TOKEN: 'perm:wrong' } });
      try {
        const response = await wrong.as(['JU']).get('/you-track/groups');
        expect(response.statusCode).toBe(502);
        expect(response.json<ErrorBody>().message).toBe(
          'YouTrack refused the token (401): You are not logged in. Check ERP_YOUTRACK_TOKEN and its permissions.',
        );
        expect(response.body).not.toContain('perm:wrong');
      } finally {
        await wrong.close();
      }
    },
    DB_TIMEOUT,
  );

  it(
    'answers 503 when YouTrack cannot be reached, and 503 naming the variable when no token is set',
    async () => {
      const unreachable = await openAdmin({
        env: { ERP_YOUTRACK_URL: await closedPortUrl(), ERP_YOUTRACK_TOKEN: YOUTRACK_TOKEN },
      });
      const tokenless = await openAdmin({ env: { ERP_YOUTRACK_URL: fake.url } });
      try {
        const down = await unreachable.as(['JU']).get('/you-track/groups');
        expect(down.statusCode).toBe(503);
        expect(down.json<ErrorBody>().message).toMatch(/^YouTrack at http:\/\/127\.0\.0\.1:\d+ cannot be reached/);
        const missing = await tokenless.as(['JU']).get('/you-track/groups');
        expect(missing.statusCode).toBe(503);
        expect(missing.json<ErrorBody>().message).toBe(YOUTRACK_NOT_CONFIGURED);
      } finally {
        await unreachable.close();
        await tokenless.close();
      }
    },
    DB_TIMEOUT,
  );
});

describe('YouTrack settings', () => {
  it('reads plugin settings, with the environment over them, and a Hub under the YouTrack URL by default', () => {
    expect(youTrackConfig({}, {})).toBeNull();
    expect(youTrackConfig({ youTrack: { url: 'https://acme.youtrack.cloud/', token: 'perm:file' } }, {})).toEqual({
      url: 'https://acme.youtrack.cloud',
      hubUrl: 'https://acme.youtrack.cloud/hub',
      token: 'perm:file',
    });
    expect(
      youTrackConfig(
        { youTrack: { url: 'https://a.example.com', token: 'perm:file' } },
        {
          ERP_YOUTRACK_URL: 'https://b.example.com',
          ERP_YOUTRACK_HUB_URL: 'https://hub.example.com',
          ERP_YOUTRACK_TOKEN: 'perm:env',
        },
      ),
    ).toEqual({ url: 'https://b.example.com', hubUrl: 'https://hub.example.com', token: 'perm:env' });
  });

  it('stops start-up naming a malformed value', () => {
    expect(() => youTrackConfig({ youTrack: { url: 'ftp://x' } }, {})).toThrow('must be an http(s) URL');
    expect(() => youTrackConfig({ youTrack: 'https://x.example.com' }, {})).toThrow('must be an object');
    expect(() => youTrackConfig({ youTrack: { url: 'https://x.example.com', token: 5 } }, {})).toThrow('must be text');
  });
});
