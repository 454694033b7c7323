import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@core/sdk/server';
import {
  ONE_DEFAULT_MESSAGE,
  SERVICES,
  type ServiceEntry,
  type ServiceLink,
  type TrackerUser,
} from '@plugins/admin/shared/services';
import type {
  KeitaroAdapter,
  KeitaroServerAccess,
  TrackerAccountRequest,
} from '@plugins/admin/server/keitaro/keitaro-adapter';
import { DB_TIMEOUT } from '@core/sdk/testing';
import {
  addStaff,
  dataOf,
  expectFieldErrors,
  openAdmin,
  type AdminServer,
  type Client,
  type ErrorBody,
} from './support-admin';

const created: { server: KeitaroServerAccess; account: TrackerAccountRequest }[] = [];
const deleted: { server: KeitaroServerAccess; externalId: string | null }[] = [];
let refuse = false;
const keitaro: KeitaroAdapter = {
  name: 'recording',
  reverseChanged: async () => undefined,
  createUser: async (server, account) => {
    if (refuse) throw new ApiError(502, 'Keitaro refused the request (500).');
    created.push({ server, account });
    return `kt-${created.length}`;
  },
  deleteUser: async (server, externalId) => {
    deleted.push({ server, externalId });
  },
};

let server: AdminServer;
let ju: Client;
let counter = 0;

async function tracker(name = `Tracker ${++counter}`): Promise<number> {
  const { rows } = await server.db.query<{ id: string }>(
    `INSERT INTO admin.keitaro_servers (name, url, api_key) VALUES ($1, 'https://k.example.com', 'key') RETURNING id`,
    [name],
  );
  return Number(rows[0]?.id);
}

beforeAll(async () => {
  server = await openAdmin({ adapters: { keitaro } });
  ju = server.as(['JU']);
}, DB_TIMEOUT);

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  created.length = 0;
  deleted.length = 0;
  refuse = false;
});

describe('references/services', () => {
  it('lists the services a link or tracker user can name', async () => {
    const services = dataOf<ServiceEntry[]>(await ju.get('/references/services'));
    expect(services).toEqual(SERVICES);
    expect(services.map((entry) => entry.id)).toEqual(['keitaro', 'youtrack', 'rdp']);
    expectFieldErrors(await ju.get('/references/services?q=x'), ['q']);
  });
});

describe('tracker users', () => {
  it('creates a tracker account (201) through the Keitaro adapter, lists it for the user, and deletes it', async () => {
    const userId = await addStaff(server.db, `buyer-${++counter}`);
    const trackerId = await tracker('Keitaro EU');
    const response = await ju.post('/tracker/users', {
      user_id: userId,
      service_name: 'keitaro',
      is_created_group: true,
      tracker_id: trackerId,
    });
    const account = dataOf<TrackerUser>(response, 201);
    expect(account).toEqual({
      id: expect.any(Number),
      user_id: userId,
      username: `buyer-${counter}`,
      service_name: 'keitaro',
      is_created_group: true,
      tracker_id: trackerId,
      tracker_name: 'Keitaro EU',
      external_id: 'kt-1',
      created_at: expect.any(String),
    });
    expect(created).toEqual([
      {
        server: expect.objectContaining({ id: trackerId, apiKey: 'key' }),
        account: { login: `buyer-${counter}`, createGroup: true },
      },
    ]);
    expect(dataOf<TrackerUser[]>(await ju.get(`/tracker/users?user_id=${userId}`))).toEqual([account]);

    expect((await ju.delete(`/tracker/users/${account.id}`)).statusCode).toBe(200);
    expect(deleted).toEqual([{ server: expect.objectContaining({ id: trackerId }), externalId: 'kt-1' }]);
    expect(dataOf<TrackerUser[]>(await ju.get(`/tracker/users?user_id=${userId}`))).toEqual([]);
    expect((await ju.delete(`/tracker/users/${account.id}`)).statusCode).toBe(404);
  });

  it('defaults is_created_group to false', async () => {
    const userId = await addStaff(server.db, `plain-${++counter}`);
    const account = dataOf<TrackerUser>(
      await ju.post('/tracker/users', { user_id: userId, service_name: 'keitaro', tracker_id: await tracker() }),
      201,
    );
    expect(account.is_created_group).toBe(false);
  });

  it.each([
    [['user_id', 'service_name', 'tracker_id'], {}],
    [['user_id'], { user_id: 999_999, service_name: 'keitaro', tracker_id: 'TRACKER' }],
    [['service_name'], { user_id: 'USER', service_name: 'youtrack', tracker_id: 'TRACKER' }],
    [['tracker_id'], { user_id: 'USER', service_name: 'keitaro', tracker_id: 999_999 }],
    [
      ['is_created_group'],
      { user_id: 'USER', service_name: 'keitaro', tracker_id: 'TRACKER', is_created_group: 'yes' },
    ],
    [['user_id', 'tracker_id'], { user_id: -1, service_name: 'keitaro', tracker_id: 1.5 }],
    [['extra'], { user_id: 'USER', service_name: 'keitaro', tracker_id: 'TRACKER', extra: true }],
  ])('answers 422 on %j for %j, creating nothing', async (fields, template) => {
    const userId = await addStaff(server.db, `bad-${++counter}`);
    const trackerId = await tracker();
    const payload = Object.fromEntries(
      Object.entries(template).map(([key, value]) => [
        key,
        value === 'USER' ? userId : value === 'TRACKER' ? trackerId : value,
      ]),
    );
    expectFieldErrors(await ju.post('/tracker/users', payload), fields);
    expect(created).toEqual([]);
    expect((await server.db.query('SELECT 1 FROM admin.tracker_users WHERE user_id = $1', [userId])).rows).toHaveLength(
      0,
    );
  });

  it('answers 422 on tracker_id for a second account of the same service on the same tracker', async () => {
    const userId = await addStaff(server.db, `twice-${++counter}`);
    const trackerId = await tracker();
    const body = { user_id: userId, service_name: 'keitaro', tracker_id: trackerId };
    expect((await ju.post('/tracker/users', body)).statusCode).toBe(201);
    const again = expectFieldErrors(await ju.post('/tracker/users', body), ['tracker_id']);
    expect(again.errors?.tracker_id).toEqual(['This user already has an account of this service on this tracker.']);
  });

  it('records nothing when the tracker refuses the account', async () => {
    const userId = await addStaff(server.db, `refused-${++counter}`);
    refuse = true;
    expect(
      (await ju.post('/tracker/users', { user_id: userId, service_name: 'keitaro', tracker_id: await tracker() }))
        .statusCode,
    ).toBe(502);
    expect(dataOf<ServiceLink[]>(await ju.get(`/service-link/${userId}`))).toEqual([]);
  });

  it('answers 422 on user_id for a list without one, and 404 for an unknown user', async () => {
    expectFieldErrors(await ju.get('/tracker/users'), ['user_id']);
    expect((await ju.get('/tracker/users?user_id=999999')).statusCode).toBe(404);
  });
});

describe('service links', () => {
  async function linksOf(userId: number): Promise<ServiceLink[]> {
    return dataOf<ServiceLink[]>(await ju.get(`/service-link/${userId}`));
  }
  const defaults = (links: readonly ServiceLink[], service: string): number[] =>
    links.filter((link) => link.service === service && link.is_default).map((link) => link.id);

  it('makes the first link of a service its default, switches the default on PATCH, and keeps exactly one', async () => {
    const userId = await addStaff(server.db, `linked-${++counter}`);
    const [eu, us, asia] = [await tracker('EU tracker'), await tracker('US tracker'), await tracker('Asia tracker')];
    for (const trackerId of [eu, us, asia])
      await ju.post('/tracker/users', { user_id: userId, service_name: 'keitaro', tracker_id: trackerId });
    const rdp = await server.db.query<{ id: string }>(
      `INSERT INTO admin.rdp_servers (name, ip) VALUES ('RDP links', '10.1.1.1') RETURNING id`,
    );
    expect((await server.as(['VR']).post(`/rdps/${rdp.rows[0]?.id}/users/${userId}`)).statusCode).toBe(201);

    const links = await linksOf(userId);
    expect(links.map((link) => [link.service, link.label, link.is_default])).toEqual([
      ['keitaro', 'EU tracker', true],
      ['keitaro', 'US tracker', false],
      ['keitaro', 'Asia tracker', false],
      ['rdp', 'RDP links', true],
    ]);
    const usLink = links[1] as ServiceLink;
    const rdpLink = links[3] as ServiceLink;

    const switched = await ju.patch(`/service-link/${usLink.id}`, { is_default: true });
    expect(dataOf<ServiceLink>(switched)).toMatchObject({ id: usLink.id, is_default: true });
    expect(switched.json<{ message: string }>().message).toBe('Successfully updated');
    let after = await linksOf(userId);
    expect(defaults(after, 'keitaro')).toEqual([usLink.id]);
    // Another service's default is its own business.
    expect(defaults(after, 'rdp')).toEqual([rdpLink.id]);

    // Setting the default again, or unsetting a link that is not the default, changes nothing.
    expect((await ju.patch(`/service-link/${usLink.id}`, { is_default: true })).statusCode).toBe(200);
    expect(dataOf<ServiceLink>(await ju.patch(`/service-link/${links[0]?.id}`, { is_default: false })).is_default).toBe(
      false,
    );
    after = await linksOf(userId);
    expect(defaults(after, 'keitaro')).toEqual([usLink.id]);

    // Unsetting the default would leave none.
    const refused = await ju.patch(`/service-link/${usLink.id}`, { is_default: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().message).toBe(ONE_DEFAULT_MESSAGE);
    expect(defaults(await linksOf(userId), 'keitaro')).toEqual([usLink.id]);
  });

  it('passes the default on to the oldest remaining link when the default account goes', async () => {
    const userId = await addStaff(server.db, `handover-${++counter}`);
    const ids: number[] = [];
    for (const trackerId of [await tracker(), await tracker(), await tracker()]) {
      ids.push(
        dataOf<TrackerUser>(
          await ju.post('/tracker/users', { user_id: userId, service_name: 'keitaro', tracker_id: trackerId }),
          201,
        ).id,
      );
    }
    const links = await linksOf(userId);
    await ju.patch(`/service-link/${links[2]?.id}`, { is_default: true });
    await ju.delete(`/tracker/users/${ids[2]}`);
    const left = await linksOf(userId);
    expect(left.map((link) => link.source_id)).toEqual([ids[0], ids[1]]);
    expect(left.map((link) => link.is_default)).toEqual([true, false]);
  });

  it("still shows a deleted user's links and tracker accounts (a restore brings them back)", async () => {
    const userId = await addStaff(server.db, `restorable-${++counter}`);
    const account = dataOf<TrackerUser>(
      await ju.post('/tracker/users', { user_id: userId, service_name: 'keitaro', tracker_id: await tracker() }),
      201,
    );
    await server.db.query('UPDATE core.users SET deleted_at = now() WHERE id = $1', [userId]);
    expect((await linksOf(userId)).map((link) => link.source_id)).toEqual([account.id]);
    expect(dataOf<TrackerUser[]>(await ju.get(`/tracker/users?user_id=${userId}`))).toEqual([account]);
    expectFieldErrors(
      await ju.post('/tracker/users', { user_id: userId, service_name: 'keitaro', tracker_id: await tracker() }),
      ['user_id'],
    );
  });

  it('answers 404 for unknown links and users, 422 for bad bodies', async () => {
    expect((await ju.patch('/service-link/999999', { is_default: true })).statusCode).toBe(404);
    expect((await ju.get('/service-link/999999')).statusCode).toBe(404);
    expectFieldErrors(await ju.patch('/service-link/1', {}), ['is_default']);
    expectFieldErrors(await ju.patch('/service-link/1', { is_default: 'yes' }), ['is_default']);
    expect((await ju.patch('/service-link/abc', { is_default: true })).statusCode).toBe(404);
  });
});
