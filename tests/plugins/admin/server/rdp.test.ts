import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@core/sdk/server';
import { type ListPage, SECRET_MASK } from '@core/sdk/shared';
import type { RdpGrant, RdpServer } from '@plugins/admin/shared/rdp';
import type { ServiceLink } from '@plugins/admin/shared/services';
import type { RdpAccount, RdpHostAccess, RdpHostAdapter } from '@plugins/admin/server/rdp/rdp-adapter';
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

interface HostCall {
  readonly kind: 'grant' | 'revoke';
  readonly host: RdpHostAccess;
  readonly account: RdpAccount;
}

const calls: HostCall[] = [];
let refuse = false;
const hosts: RdpHostAdapter = {
  name: 'recording',
  grant: async (host, account) => {
    if (refuse) throw new ApiError(503, 'The RDP host cannot be reached.');
    calls.push({ kind: 'grant', host, account });
  },
  revoke: async (host, account) => {
    calls.push({ kind: 'revoke', host, account });
  },
};

let server: AdminServer;
let vr: Client;

beforeAll(async () => {
  server = await openAdmin({ adapters: { rdp: hosts } });
  vr = server.as(['VR']);
}, DB_TIMEOUT);

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  calls.length = 0;
  refuse = false;
});

let counter = 0;
const FORM = { url: 'https://rdp.example.com', ip: '10.0.0.5', username: 'Administrator', password: 'P@ssw0rd-rdp' };

async function createRdp(name = `RDP ${++counter}`): Promise<RdpServer> {
  return dataOf<RdpServer>(await vr.post('/rdps/server', { name, ...FORM }), 201);
}

describe('RDP servers', () => {
  it('creates a server (201) whose password never comes back, only a mask', async () => {
    const response = await vr.post('/rdps/server', { name: '  RDP Frankfurt ', ...FORM });
    const created = dataOf<RdpServer>(response, 201);
    expect(created).toMatchObject({
      name: 'RDP Frankfurt',
      url: FORM.url,
      ip: '10.0.0.5',
      username: 'Administrator',
      password: SECRET_MASK,
      version: 1,
    });
    expect(dataOf<RdpServer>(await vr.get(`/rdps/server/${created.id}`))).toMatchObject({
      name: 'RDP Frankfurt',
      password: SECRET_MASK,
      users: [],
    });
    expect(response.body).not.toContain(FORM.password);
    const { rows } = await server.db.query<{ password: string }>(
      'SELECT password FROM admin.rdp_servers WHERE id = $1',
      [created.id],
    );
    expect(rows[0]?.password).toBe(FORM.password);
  });

  it('answers null for a server without a password, and keeps url and username optional', async () => {
    const created = dataOf<RdpServer>(await vr.post('/rdps/server', { name: `Bare ${++counter}`, ip: '::1' }), 201);
    expect(created).toMatchObject({ url: null, username: null, password: null });
  });

  it.each([
    [['name', 'ip'], {}],
    [['ip'], { name: 'A', ip: '300.1.1.1' }],
    [['ip'], { name: 'A', ip: 'rdp.example.com' }],
    [['url'], { name: 'A', ip: '10.0.0.1', url: 'rdp://10.0.0.1' }],
    [['name'], { name: 'n'.repeat(101), ip: '10.0.0.1' }],
    [['password'], { name: 'A', ip: '10.0.0.1', password: 'p'.repeat(257) }],
    [['users'], { name: 'A', ip: '10.0.0.1', users: [] }],
    [['name', 'ip'], { name: {}, ip: 7 }],
  ])('answers 422 on %j for %j', async (fields, payload) => {
    expectFieldErrors(await vr.post('/rdps/server', payload), fields);
  });

  it('answers 422 on name for a taken name, whatever its case', async () => {
    const created = await createRdp();
    expectFieldErrors(await vr.post('/rdps/server', { ...FORM, name: created.name.toUpperCase() }), ['name']);
  });

  it('answers field messages in Russian when the caller reads Russian', async () => {
    const response = await vr.send('POST', '/rdps/server', { ip: '10.0.0.1' }, { 'accept-language': 'ru-RU,ru;q=0.9' });
    expect(expectFieldErrors(response, ['name']).errors?.name).toEqual(['Это поле обязательно.']);
  });

  it('updates with PUT (the whole form) and PATCH (only what changed); a blank password keeps the stored one', async () => {
    const created = await createRdp();
    const put = dataOf<RdpServer>(
      await vr.put(`/rdps/server/${created.id}`, { name: created.name, ip: '10.0.0.9', password: '' }),
    );
    expect(put).toMatchObject({ ip: '10.0.0.9', url: null, username: null, password: SECRET_MASK, version: 2 });
    expectFieldErrors(await vr.put(`/rdps/server/${created.id}`, { name: created.name }), ['ip']);
    const patched = dataOf<RdpServer>(await vr.patch(`/rdps/server/${created.id}`, { username: 'ops', version: 2 }));
    expect(patched).toMatchObject({ ip: '10.0.0.9', username: 'ops', version: 3 });
    const { rows } = await server.db.query<{ password: string }>(
      'SELECT password FROM admin.rdp_servers WHERE id = $1',
      [created.id],
    );
    expect(rows[0]?.password).toBe(FORM.password);
    const stale = await vr.patch(`/rdps/server/${created.id}`, { username: 'late', version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>().message).toBe('This record was changed by someone else');
    expectFieldErrors(await vr.patch(`/rdps/server/${created.id}`, { version: 'x' }), ['version']);
    expect((await vr.put('/rdps/server/999999', { name: 'Q', ip: '10.0.0.1' })).statusCode).toBe(404);
  });

  it('lists servers a page at a time, sorted and filtered with the list parameters of the resource engine', async () => {
    for (const name of ['Zeta list', 'Alpha list', 'Mid list']) await createRdp(name);
    const page = dataOf<ListPage<RdpServer>>(await vr.get('/rdps/server?filter[name][contains]=list&per_page=2'));
    expect(page).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(page.data.map((entry) => entry.name)).toEqual(['Alpha list', 'Mid list']);
    const desc = dataOf<ListPage<RdpServer>>(await vr.get('/rdps/server?filter[name][contains]=list&sort=-name'));
    expect(desc.data.map((entry) => entry.name)).toEqual(['Zeta list', 'Mid list', 'Alpha list']);
    expect(JSON.stringify(desc)).not.toContain(FORM.password);
    expectFieldErrors(await vr.get('/rdps/server?per_page=1000'), ['per_page']);
    expectFieldErrors(await vr.get('/rdps/server?sort=password'), ['sort']);
    expectFieldErrors(await vr.get('/rdps/server?filter[password][eq]=x'), ['filter[password][eq]']);
    expectFieldErrors(await vr.get('/rdps/server?page=a&page=b'), ['page']);
  });
});

describe('RDP grants', () => {
  it('grants a user (201) through the host adapter, lists them on the server, and revokes by grant id', async () => {
    const rdp = await createRdp();
    const userId = await addStaff(server.db, `rdp-user-${++counter}`);
    const grant = dataOf<RdpGrant>(await vr.post(`/rdps/${rdp.id}/users/${userId}`), 201);
    expect(grant).toMatchObject({ server_id: rdp.id, user_id: userId, username: `rdp-user-${counter}` });
    expect(calls).toEqual([
      {
        kind: 'grant',
        host: expect.objectContaining({ id: rdp.id, ip: FORM.ip, password: FORM.password }),
        account: { userId, username: grant.username },
      },
    ]);

    const listed = dataOf<ListPage<RdpServer>>(
      await vr.get(`/rdps/server?filter[name][eq]=${encodeURIComponent(rdp.name)}`),
    );
    expect(listed.data[0]?.users).toEqual([grant]);
    expect(dataOf<RdpGrant[]>(await vr.get(`/rdps/server/${rdp.id}/users`))).toEqual([grant]);

    // The grant is also the user's RDP service link.
    const links = dataOf<ServiceLink[]>(await server.as(['JU']).get(`/service-link/${userId}`));
    expect(links).toEqual([
      expect.objectContaining({
        service: 'rdp',
        source: 'rdp',
        source_id: grant.id,
        label: rdp.name,
        is_default: true,
      }),
    ]);

    const revoked = await vr.delete(`/rdps/${grant.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(calls.at(-1)).toMatchObject({ kind: 'revoke', account: { userId } });
    expect(dataOf<RdpGrant[]>(await vr.get(`/rdps/server/${rdp.id}/users`))).toEqual([]);
    expect(dataOf<ServiceLink[]>(await server.as(['JU']).get(`/service-link/${userId}`))).toEqual([]);
    expect((await vr.delete(`/rdps/${grant.id}`)).statusCode).toBe(404);
  });

  it('refuses a second grant of the same user (409), and unknown servers or users (404)', async () => {
    const rdp = await createRdp();
    const userId = await addStaff(server.db, `rdp-twice-${++counter}`);
    expect((await vr.post(`/rdps/${rdp.id}/users/${userId}`)).statusCode).toBe(201);
    const again = await vr.post(`/rdps/${rdp.id}/users/${userId}`);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().message).toBe('This user already has access to this RDP server.');
    expect((await vr.post(`/rdps/999999/users/${userId}`)).statusCode).toBe(404);
    expect((await vr.post(`/rdps/${rdp.id}/users/999999`)).statusCode).toBe(404);
    expect((await vr.post(`/rdps/${rdp.id}/users/abc`)).statusCode).toBe(404);
  });

  it('refuses to grant a deleted user', async () => {
    const rdp = await createRdp();
    const userId = await addStaff(server.db, `rdp-gone-${++counter}`);
    await server.db.query('UPDATE core.users SET deleted_at = now() WHERE id = $1', [userId]);
    expect((await vr.post(`/rdps/${rdp.id}/users/${userId}`)).statusCode).toBe(404);
  });

  it('records nothing when the host refuses the grant', async () => {
    const rdp = await createRdp();
    const userId = await addStaff(server.db, `rdp-refused-${++counter}`);
    refuse = true;
    expect((await vr.post(`/rdps/${rdp.id}/users/${userId}`)).statusCode).toBe(503);
    expect(dataOf<RdpGrant[]>(await vr.get(`/rdps/server/${rdp.id}/users`))).toEqual([]);
  });

  it('revokes every grant through the adapter when the server is deleted', async () => {
    const rdp = await createRdp();
    const first = await addStaff(server.db, `rdp-del-a-${++counter}`);
    const second = await addStaff(server.db, `rdp-del-b-${counter}`);
    await vr.post(`/rdps/${rdp.id}/users/${first}`);
    await vr.post(`/rdps/${rdp.id}/users/${second}`);
    calls.length = 0;
    expect((await vr.delete(`/rdps/server/${rdp.id}`)).statusCode).toBe(200);
    expect(calls.map((call) => [call.kind, call.account.userId]).sort()).toEqual([
      ['revoke', first],
      ['revoke', second],
    ]);
    expect((await vr.get(`/rdps/server/${rdp.id}`)).statusCode).toBe(404);
    expect((await server.db.query('SELECT 1 FROM admin.rdp_users WHERE server_id = $1', [rdp.id])).rows).toHaveLength(
      0,
    );
  });

  it("revokes through the adapter on the engine's bulk delete too, and keeps the server's history", async () => {
    const rdp = await createRdp();
    const userId = await addStaff(server.db, `rdp-bulk-${++counter}`);
    await vr.post(`/rdps/${rdp.id}/users/${userId}`);
    calls.length = 0;
    const bulk = await vr.post('/rdps/server/bulk-delete', { ids: [rdp.id] });
    expect(dataOf<{ deleted: number }>(bulk)).toEqual({ deleted: 1 });
    expect(calls).toEqual([
      expect.objectContaining({ kind: 'revoke', account: { userId, username: `rdp-bulk-${counter}` } }),
    ]);
    const history = dataOf<{ action: string; after: Record<string, unknown> | null }[]>(
      await vr.get(`/rdps/server/${rdp.id}/history`),
    );
    expect(history.map((entry) => entry.action).sort()).toEqual(['create', 'delete']);
    expect(JSON.stringify(history)).not.toContain(FORM.password);
  });
});
