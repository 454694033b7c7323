import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@core/sdk/server';
import { SECRET_MASK } from '@core/sdk/shared';
import {
  REVERSE_ACTIONS,
  REVERSE_REFUSALS,
  REVERSE_STATES,
  type KeitaroBoard,
  type KeitaroServerCard,
  type Reverse,
  type ReverseActionResult,
  type ReverseState,
} from '@plugins/admin/shared/keitaro';
import type { KeitaroAdapter, ReverseChange } from '@plugins/admin/server/keitaro/keitaro-adapter';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { dataOf, expectFieldErrors, openAdmin, type AdminServer, type Client, type ErrorBody } from './support-admin';

/** An adapter that records every change and can be told to refuse. */
function recordingAdapter(): KeitaroAdapter & { changes: ReverseChange[]; refuse: boolean } {
  const adapter = {
    name: 'recording',
    changes: [] as ReverseChange[],
    refuse: false,
    reverseChanged: async (change: ReverseChange) => {
      if (adapter.refuse) throw new ApiError(502, 'Keitaro refused the request (500).');
      adapter.changes.push(change);
    },
    createUser: async () => 'kt-user-1',
    deleteUser: async () => undefined,
  };
  return adapter;
}

let server: AdminServer;
let vr: Client;
const adapter = recordingAdapter();

beforeAll(async () => {
  server = await openAdmin({ adapters: { keitaro: adapter } });
  vr = server.as(['VR']);
}, DB_TIMEOUT);

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  adapter.changes.length = 0;
  adapter.refuse = false;
});

let counter = 0;
const unique = (prefix: string): string => `${prefix}-${++counter}`;

async function createServer(name = unique('Keitaro')): Promise<KeitaroServerCard> {
  return dataOf<KeitaroServerCard>(
    await vr.post('/keitaro/servers', { name, url: 'https://tracker.example.com', api_key: 'secret-key-1' }),
    201,
  );
}

/** A reverse put straight into `state` (on `serverId` unless free). */
async function reverseIn(state: ReverseState, serverId: number | null): Promise<number> {
  const { rows } = await server.db.query<{ id: string }>(
    'INSERT INTO admin.keitaro_reverses (address, state, server_id) VALUES ($1, $2, $3) RETURNING id',
    [`${unique('rev')}.example.net`, state, state === 'free' ? null : serverId],
  );
  return Number(rows[0]?.id);
}

async function stateOf(id: number): Promise<{ state: ReverseState; server_id: number | null }> {
  const { rows } = await server.db.query<{ state: ReverseState; server_id: string | null }>(
    'SELECT state, server_id FROM admin.keitaro_reverses WHERE id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) throw new Error(`no reverse ${id}`);
  return { state: row.state, server_id: row.server_id === null ? null : Number(row.server_id) };
}

describe('Keitaro servers', () => {
  it('creates a server (201) whose api key never comes back, only a mask', async () => {
    const response = await vr.post('/keitaro/servers', {
      name: ' Keitaro EU ',
      url: 'https://eu.tracker.example.com',
      api_key: 'very-secret-api-key',
    });
    const card = dataOf<KeitaroServerCard>(response, 201);
    expect(card).toMatchObject({
      name: 'Keitaro EU',
      url: 'https://eu.tracker.example.com',
      api_key: SECRET_MASK,
      active: null,
      on_hold: [],
      waiting: [],
    });
    expect(response.body).not.toContain('very-secret-api-key');
    const board = dataOf<KeitaroBoard>(await vr.get('/keitaro/servers'));
    expect(board.servers.find((entry) => entry.id === card.id)?.api_key).toBe(SECRET_MASK);
    expect(JSON.stringify(board)).not.toContain('very-secret-api-key');
  });

  it('reports a server without a key as null', async () => {
    const card = dataOf<KeitaroServerCard>(
      await vr.post('/keitaro/servers', { name: unique('Keyless'), url: 'https://k.example.com' }),
      201,
    );
    expect(card.api_key).toBeNull();
  });

  it.each([
    [['name', 'url'], {}],
    [['url'], { name: 'X', url: 'ftp://tracker.example.com' }],
    [['name'], { name: 'x'.repeat(101), url: 'https://a.example.com' }],
    [['extra'], { name: 'Y', url: 'https://a.example.com', extra: 1 }],
    [['name', 'url'], { name: 5, url: [] }],
  ])('answers 422 on %j for %j', async (fields, payload) => {
    expectFieldErrors(await vr.post('/keitaro/servers', payload), fields);
  });

  it('answers 422 on name for a name taken in another case', async () => {
    const name = unique('Taken');
    await createServer(name);
    expectFieldErrors(await vr.post('/keitaro/servers', { name: name.toUpperCase(), url: 'https://b.example.com' }), [
      'name',
    ]);
  });

  it('updates with PUT, keeping the stored key when api_key is blank or the mask, and refuses a stale version', async () => {
    const card = await createServer();
    const updated = dataOf<KeitaroServerCard>(
      await vr.put(`/keitaro/servers/${card.id}`, {
        name: `${card.name} renamed`,
        url: 'https://new.example.com',
        api_key: '',
      }),
    );
    expect(updated).toMatchObject({
      name: `${card.name} renamed`,
      url: 'https://new.example.com',
      api_key: SECRET_MASK,
    });
    await vr.put(`/keitaro/servers/${card.id}`, { name: updated.name, url: updated.url, api_key: SECRET_MASK });
    const { rows } = await server.db.query<{ api_key: string; version: number }>(
      'SELECT api_key, version FROM admin.keitaro_servers WHERE id = $1',
      [card.id],
    );
    expect(rows[0]).toEqual({ api_key: 'secret-key-1', version: 3 });
    const stale = await vr.put(`/keitaro/servers/${card.id}`, { name: 'Z', url: 'https://z.example.com', version: 1 });
    expect(stale.statusCode).toBe(409);
    expectFieldErrors(await vr.put(`/keitaro/servers/${card.id}`, { url: 'https://z.example.com' }), ['name']);
    expect((await vr.put('/keitaro/servers/999999', { name: 'Q', url: 'https://q.example.com' })).statusCode).toBe(404);
  });

  it('deletes a server, returning its reverses to the free pool', async () => {
    const card = await createServer();
    const active = await reverseIn('active', card.id);
    const waiting = await reverseIn('waiting', card.id);
    const deleted = await vr.delete(`/keitaro/servers/${card.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Successfully deleted' });
    expect(await stateOf(active)).toEqual({ state: 'free', server_id: null });
    expect(await stateOf(waiting)).toEqual({ state: 'free', server_id: null });
    expect(adapter.changes.map((change) => [change.reverse.id, change.from, change.to])).toEqual(
      expect.arrayContaining([
        [active, 'active', 'free'],
        [waiting, 'waiting', 'free'],
      ]),
    );
    expect((await vr.delete(`/keitaro/servers/${card.id}`)).statusCode).toBe(404);
  });

  it('refuses (409) to delete a server users have tracker accounts on', async () => {
    const card = await createServer();
    await server.db.query(
      `INSERT INTO admin.tracker_users (user_id, service_name, tracker_id) VALUES (1, 'keitaro', $1)`,
      [card.id],
    );
    const response = await vr.delete(`/keitaro/servers/${card.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().message).toContain('tracker user account');
  });
});

describe('reverses', () => {
  it('adds a reverse to the free pool, lower-cased, and lists it there', async () => {
    const reverse = dataOf<Reverse>(
      await vr.post('/keitaro/reverses', { address: 'Edge-7.Example.NET:8443', comment: 'spare' }),
      201,
    );
    expect(reverse).toMatchObject({
      address: 'edge-7.example.net:8443',
      state: 'free',
      server_id: null,
      comment: 'spare',
      actions: ['transfer'],
    });
    const board = dataOf<KeitaroBoard>(await vr.get('/keitaro/servers'));
    expect(board.free.map((entry) => entry.id)).toContain(reverse.id);
  });

  it.each([
    [['address'], {}],
    [['address'], { address: 'not a host' }],
    [['address'], { address: 'http://x.example.com' }],
    [['address'], { address: 'x.example.com:70000' }],
    [['comment'], { address: 'ok.example.com', comment: 'c'.repeat(501) }],
    [['state'], { address: 'ok2.example.com', state: 'active' }],
  ])('answers 422 on %j for %j', async (fields, payload) => {
    expectFieldErrors(await vr.post('/keitaro/reverses', payload), fields);
  });

  it('answers 422 on address for an address already known, whatever its case', async () => {
    await vr.post('/keitaro/reverses', { address: 'dup.example.com' });
    expectFieldErrors(await vr.post('/keitaro/reverses', { address: 'DUP.example.com' }), ['address']);
  });

  it.each(REVERSE_STATES)('deletes a %s reverse unless it is active', async (state) => {
    const card = await createServer();
    const id = await reverseIn(state, card.id);
    const response = await vr.delete(`/keitaro/reverses/${id}`);
    if (state === 'active') {
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>().message).toBe('An active reverse cannot be deleted: set it to wait first.');
      const russian = await vr.send('DELETE', `/keitaro/reverses/${id}`, undefined, { 'accept-language': 'ru' });
      expect(russian.json<ErrorBody>().message).toBe(
        'Активный реверс нельзя удалить: сначала переведите его в ожидание.',
      );
    } else {
      expect(response.statusCode).toBe(200);
      expect((await server.db.query('SELECT 1 FROM admin.keitaro_reverses WHERE id = $1', [id])).rows).toHaveLength(0);
    }
  });
});

const EXPECTED: Readonly<Record<string, ReverseState | null>> = {
  'transfer:free': 'waiting',
  'wait:active': 'waiting',
  'wait:on_hold': 'waiting',
  'activate:waiting': 'active',
  'activate:on_hold': 'active',
  'release:waiting': 'free',
  'release:on_hold': 'free',
};

const pairs = REVERSE_ACTIONS.flatMap((action) => REVERSE_STATES.map((state) => [action, state] as const));

describe('reverse actions over HTTP', () => {
  it.each(pairs)('%s from %s', async (action, state) => {
    const card = await createServer();
    const id = await reverseIn(state, card.id);
    const response =
      action === 'transfer'
        ? await vr.post(`/keitaro/reverses/${id}/transfer`, { server_id: card.id })
        : await vr.post(`/keitaro/reverses/${id}/${action}`);
    const expected = EXPECTED[`${action}:${state}`] ?? null;
    if (expected === null) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<ErrorBody>().message).toBe(REVERSE_REFUSALS[action][state]);
      expect((await stateOf(id)).state).toBe(state);
      expect(adapter.changes).toEqual([]);
      return;
    }
    const result = dataOf<ReverseActionResult>(response);
    expect(result.reverse).toMatchObject({ id, state: expected, server_id: expected === 'free' ? null : card.id });
    expect(await stateOf(id)).toEqual({ state: expected, server_id: expected === 'free' ? null : card.id });
    expect(adapter.changes).toEqual([
      expect.objectContaining({ reverse: expect.objectContaining({ id }), from: state, to: expected }),
    ]);
    expect(adapter.changes[0]?.server).toMatchObject({ id: card.id, apiKey: 'secret-key-1' });
  });

  it.each(['waiting', 'on_hold'] as const)(
    'activating a %s reverse puts the active one on hold in the same step',
    async (from) => {
      const card = await createServer();
      const previous = await reverseIn('active', card.id);
      const next = await reverseIn(from, card.id);
      const result = dataOf<ReverseActionResult>(await vr.post(`/keitaro/reverses/${next}/activate`));
      expect(result.reverse).toMatchObject({ id: next, state: 'active' });
      expect(result.displaced).toMatchObject({ id: previous, state: 'on_hold', server_id: card.id });
      const board = dataOf<KeitaroBoard>(await vr.get('/keitaro/servers'));
      const mine = board.servers.find((entry) => entry.id === card.id);
      expect(mine?.active?.id).toBe(next);
      expect(mine?.on_hold.map((entry) => entry.id)).toEqual([previous]);
      expect(adapter.changes.map((change) => [change.reverse.id, change.from, change.to])).toEqual([
        [previous, 'active', 'on_hold'],
        [next, from, 'active'],
      ]);
    },
  );

  it('activates on one server without touching the active reverse of another', async () => {
    const first = await createServer();
    const second = await createServer();
    const other = await reverseIn('active', second.id);
    const mine = await reverseIn('waiting', first.id);
    const result = dataOf<ReverseActionResult>(await vr.post(`/keitaro/reverses/${mine}/activate`));
    expect(result.displaced).toBeNull();
    expect((await stateOf(other)).state).toBe('active');
  });

  it('keeps one active reverse per server when activations race', async () => {
    const card = await createServer();
    const ids = await Promise.all([
      reverseIn('waiting', card.id),
      reverseIn('waiting', card.id),
      reverseIn('on_hold', card.id),
    ]);
    const responses = await Promise.all(ids.map((id) => vr.post(`/keitaro/reverses/${id}/activate`)));
    for (const response of responses) expect([200, 409]).toContain(response.statusCode);
    const { rows } = await server.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM admin.keitaro_reverses WHERE server_id = $1 AND state = 'active'`,
      [card.id],
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('answers 422 on server_id for a transfer without one or to a server that does not exist', async () => {
    const id = await reverseIn('free', null);
    expectFieldErrors(await vr.post(`/keitaro/reverses/${id}/transfer`, {}), ['server_id']);
    expectFieldErrors(await vr.post(`/keitaro/reverses/${id}/transfer`, { server_id: 'one' }), ['server_id']);
    expectFieldErrors(await vr.post(`/keitaro/reverses/${id}/transfer`, { server_id: 999_999 }), ['server_id']);
    expect((await stateOf(id)).state).toBe('free');
  });

  it('answers 404 for an unknown reverse and for a malformed id', async () => {
    expect((await vr.post('/keitaro/reverses/999999/wait')).statusCode).toBe(404);
    expect((await vr.post('/keitaro/reverses/abc/wait')).statusCode).toBe(404);
  });

  it('undoes the change when the adapter refuses it', async () => {
    const card = await createServer();
    const previous = await reverseIn('active', card.id);
    const next = await reverseIn('waiting', card.id);
    adapter.refuse = true;
    const response = await vr.post(`/keitaro/reverses/${next}/activate`);
    expect(response.statusCode).toBe(502);
    expect(await stateOf(previous)).toEqual({ state: 'active', server_id: card.id });
    expect(await stateOf(next)).toEqual({ state: 'waiting', server_id: card.id });
  });

  it('lists each server with its active, on-hold and waiting reverses, and the free pool apart', async () => {
    const card = await createServer();
    const active = await reverseIn('active', card.id);
    const hold = await reverseIn('on_hold', card.id);
    const waiting = await reverseIn('waiting', card.id);
    const free = await reverseIn('free', null);
    const board = dataOf<KeitaroBoard>(await vr.get('/keitaro/servers'));
    const mine = board.servers.find((entry) => entry.id === card.id);
    expect(mine?.active).toMatchObject({ id: active, actions: ['wait'] });
    expect(mine?.on_hold.map((entry) => entry.id)).toEqual([hold]);
    expect(mine?.waiting.map((entry) => entry.id)).toEqual([waiting]);
    expect(board.free.map((entry) => entry.id)).toContain(free);
    expect(board.free.every((entry) => entry.state === 'free' && entry.server_id === null)).toBe(true);
  });
});
