import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMessage, type PermissionCode } from '@core/sdk/shared';
import {
  KEITARO_REFUSED,
  KEITARO_UNREACHABLE,
  KEY_REFUSED,
  OFFER_NOT_IN_KEITARO,
  OFFER_WITHOUT_TRACKER,
  SERVER_WITHOUT_KEY,
  SYNC_IS_OFF,
  TRACKER_WITHOUT_SERVER,
} from '@plugins/tracker/server/keitaro/sync-failures';
import { bearer, DB_TIMEOUT, mintToken, testJobs } from '@core/sdk/testing';
import { FakeKeitaro } from '../support/fake-keitaro';
import { trackerApp, type TrackerTestApp } from './tracker-support';

const KEY = 'keitaro-sync-test-key-0123456789';
const CODES: readonly PermissionCode[] = ['TT', 'TA', 'TO', 'TS'];
const GERMANY = 276;

interface Row {
  readonly id: number;
  readonly version: number;
  readonly sync_state: string;
  readonly sync_error: string | null;
  readonly synced_at: string | null;
  readonly keitaro_offer_id?: number | null;
  readonly keitaro_campaign_id?: number | null;
  readonly keitaro_stream_id?: number | null;
  readonly is_default?: boolean;
}

let app: TrackerTestApp;
const keitaro = new FakeKeitaro(KEY);
let keitaroUrl: string;
let trackerId: number;
let advertiserId: number;
// Finance verticals: an offer's group, whose name Keitaro gets as the offer's notes.
let casino: number;
let poker: number;

/** A Keitaro server in admin (VR) with the key given; its id. */
async function keitaroServer(name: string, url: string, apiKey: string | null): Promise<number> {
  const answer = await app.callService('auth', ['VR'], 'POST', 'keitaro/servers', {
    name,
    url,
    ...(apiKey === null ? {} : { api_key: apiKey }),
  });
  if (answer.statusCode !== 201) throw new Error(`keitaro server: ${answer.statusCode} ${answer.body}`);
  return answer.json<{ data: { id: number } }>().data.id;
}

const read = async (path: string): Promise<Row> => (await app.call(CODES, 'GET', path)).json<{ data: Row }>().data;

/** The row once its push has ended. */
async function settled(path: string): Promise<Row> {
  return vi.waitFor(
    async () => {
      const row = await read(path);
      if (row.sync_state === 'pending') throw new Error(`${path} still pending`);
      return row;
    },
    { timeout: 5000, interval: 20 },
  );
}

const offerValues = (values: Readonly<Record<string, unknown>> = {}): Record<string, unknown> => ({
  name: 'Casino DE',
  advertiser: advertiserId,
  group: casino,
  payout: { amount: '42.50', currency: 'EUR' },
  countries: [GERMANY],
  landing_url: 'https://lander.example.com/de',
  tracker: trackerId,
  sync_enabled: true,
  ...values,
});

const streamValues = (offer: number, values: Readonly<Record<string, unknown>> = {}): Record<string, unknown> => ({
  campaign_id: 501,
  campaign_name: 'FB DE',
  offer,
  is_default: true,
  sync_enabled: true,
  ...values,
});

/** The actions of a record's history, newest first. */
async function actionsOf(path: string): Promise<string[]> {
  return (await app.call(CODES, 'GET', `${path}/history`))
    .json<{ data: readonly { action: string }[] }>()
    .data.map((entry) => entry.action);
}

/** The ids of the push jobs about `subject` (`tracker.offers:12`), newest first, in `state` when given. */
async function jobsOf(subject: string, state?: string): Promise<number[]> {
  const { rows } = await app.db.query<{ id: string }>(
    `SELECT id::text AS id FROM core.jobs WHERE kind = 'tracker.keitaro-push' AND subject = $1 AND ($2::text IS NULL OR state = $2) ORDER BY id DESC`,
    [subject, state ?? null],
  );
  return rows.map((row) => Number(row.id));
}

const stateOf = async (job: number | undefined): Promise<string | undefined> =>
  (await app.db.query<{ state: string }>('SELECT state FROM core.jobs WHERE id = $1', [job])).rows[0]?.state;

/** A synced offer; its id. */
async function syncedOffer(values: Readonly<Record<string, unknown>> = {}): Promise<number> {
  const id = await app.create(CODES, 'offers', offerValues(values));
  expect((await settled(`offers/${id}`)).sync_state).toBe('synced');
  return id;
}

beforeAll(async () => {
  keitaroUrl = await keitaro.start();
  app = await trackerApp();
  const server = await keitaroServer('Main', keitaroUrl, KEY);
  trackerId = await app.create(CODES, 'trackers', { slug: 'main', active_server: server });
  advertiserId = await app.create(CODES, 'advertisers', {
    name: 'Acme',
    alias: 'acme',
    offer_params: { aff: '7', sub1: '{subid}' },
  });
  const vertical = async (name: string) =>
    (await app.callService('finance', ['FL'], 'POST', 'verticals', { name })).json<{ data: { id: number } }>().data.id;
  [casino, poker] = [await vertical('casino'), await vertical('poker')];
}, DB_TIMEOUT);
afterAll(async () => {
  await app.close();
  await keitaro.stop();
});

describe('offers', () => {
  it('are written to Keitaro after the save (landing URL with the advertiser params): pending in the answer, then synced with the id Keitaro gave', async () => {
    const created = await app.call(CODES, 'POST', 'offers', offerValues());
    expect(created.statusCode).toBe(201);
    const answered = created.json<{ data: Row }>().data;
    expect(answered).toMatchObject({ sync_state: 'pending', sync_error: null });

    const row = await settled(`offers/${answered.id}`);
    expect(row).toMatchObject({ sync_state: 'synced', sync_error: null, keitaro_offer_id: expect.any(Number) });
    expect(Date.parse(row.synced_at ?? '')).not.toBeNaN();
    expect(keitaro.offers.get(row.keitaro_offer_id ?? 0)).toMatchObject({
      name: 'Casino DE',
      action_type: 'http',
      // The landing URL with the advertiser's offer params, as the offer's preview shows it.
      action_payload: 'https://lander.example.com/de?aff=7&sub1={subid}',
      payout_value: 42.5,
      payout_currency: 'EUR',
      country: ['DE'],
      notes: 'casino',
    });
    expect(keitaro.calls.at(-1)?.apiKey).toBe(KEY);

    // An edit updates the same Keitaro offer.
    const edited = await app.call(CODES, 'PATCH', `offers/${row.id}`, { name: 'Casino DE v2', version: row.version });
    expect(edited.statusCode).toBe(200);
    const again = await settled(`offers/${row.id}`);
    expect(again).toMatchObject({ sync_state: 'synced', keitaro_offer_id: row.keitaro_offer_id });
    expect(keitaro.calls.at(-1)).toMatchObject({ method: 'PUT', path: `/offers/${row.keitaro_offer_id}` });
    expect(keitaro.offers.get(row.keitaro_offer_id ?? 0)).toMatchObject({ name: 'Casino DE v2' });
  });

  it("show a failed sync on the row with Keitaro's message, never as synced, and the sync action retries it", async () => {
    const id = await syncedOffer({ name: 'Poker DE' });
    const before = await read(`offers/${id}`);

    keitaro.refuseNext(400, 'Payout value is invalid');
    await app.call(CODES, 'PATCH', `offers/${id}`, { group: poker, version: before.version });
    const failed = await settled(`offers/${id}`);
    expect(failed).toMatchObject({
      sync_state: 'failed',
      sync_error: formatMessage(KEITARO_REFUSED, { status: '400', messages: 'Payout value is invalid' }),
      keitaro_offer_id: before.keitaro_offer_id,
      // The last time it did sync.
      synced_at: before.synced_at,
    });

    const retried = await app.call(CODES, 'POST', `offers/${id}/sync`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<{ data: Row }>().data).toMatchObject({
      sync_state: 'synced',
      sync_error: null,
      keitaro_offer_id: before.keitaro_offer_id,
    });
    expect(keitaro.offers.get(before.keitaro_offer_id ?? 0)).toMatchObject({ notes: 'poker' });
  });

  it('answer a failed retry with 502 or 422 and the message, the row failed', async () => {
    const id = await syncedOffer({ name: 'Slots DE' });

    keitaro.dropNext();
    const unreachable = await app.call(CODES, 'POST', `offers/${id}/sync`);
    expect(unreachable.statusCode).toBe(502);
    const message = formatMessage(KEITARO_UNREACHABLE, { server: 'Main' });
    expect(unreachable.json()).toMatchObject({ message });
    expect(await read(`offers/${id}`)).toMatchObject({ sync_state: 'failed', sync_error: message });
    // The reason is part of the translated sentence, not English text dropped into it.
    keitaro.dropNext();
    const russian = await app.app.inject({
      method: 'POST',
      url: `/api/tracker/offers/${id}/sync`,
      headers: { ...bearer(mintToken(['TO'])), 'accept-language': 'ru' },
    });
    expect(russian.json<{ message: string }>().message).toBe(
      'Не удалось связаться с сервером Keitaro Main (нет соединения): там ничего не подтверждено; попробуйте позже.',
    );

    keitaro.refuseNext(400, 'Name is too long');
    const refused = await app.call(CODES, 'POST', `offers/${id}/sync`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: formatMessage(KEITARO_REFUSED, { status: '400', messages: 'Name is too long' }),
    });
  });

  it('never mark values saved during a push as synced: the push that follows sends them', async () => {
    const first = keitaro.holdNext();
    const created = (await app.call(CODES, 'POST', 'offers', offerValues({ name: 'Racing v1' }))).json<{ data: Row }>()
      .data;
    await first.arrived;
    const edited = await app.call(CODES, 'PATCH', `offers/${created.id}`, {
      name: 'Racing v2',
      version: created.version,
    });
    expect(edited.json<{ data: Row }>().data.sync_state).toBe('pending');

    // The first push ends (Keitaro has v1) while the next one is held: the row keeps the id, not a success.
    const next = keitaro.holdNext();
    first.release();
    await next.arrived;
    expect(await read(`offers/${created.id}`)).toMatchObject({
      sync_state: 'pending',
      keitaro_offer_id: expect.any(Number),
      synced_at: null,
    });
    next.release();

    const row = await settled(`offers/${created.id}`);
    expect(row).toMatchObject({ sync_state: 'synced', keitaro_offer_id: expect.any(Number) });
    expect(keitaro.offers.get(row.keitaro_offer_id ?? 0)).toMatchObject({ name: 'Racing v2' });
    expect([...keitaro.offers.values()].filter((offer) => String(offer.name).startsWith('Racing'))).toHaveLength(1);
  });

  it('say what to configure when there is no tracker, no server or no key, and call nothing', async () => {
    const keyless = await keitaroServer('Keyless', keitaroUrl, null);
    const keylessTracker = await app.create(CODES, 'trackers', { slug: 'keyless', active_server: keyless });
    const serverless = await app.create(CODES, 'trackers', { slug: 'serverless' });
    const calls = keitaro.calls.length;

    const noKey = await app.create(CODES, 'offers', offerValues({ name: 'No key', tracker: keylessTracker }));
    expect(await settled(`offers/${noKey}`)).toMatchObject({
      sync_state: 'failed',
      sync_error: formatMessage(SERVER_WITHOUT_KEY, { server: 'Keyless' }),
    });
    const noServer = await app.create(CODES, 'offers', offerValues({ name: 'No server', tracker: serverless }));
    expect(await settled(`offers/${noServer}`)).toMatchObject({
      sync_state: 'failed',
      sync_error: formatMessage(TRACKER_WITHOUT_SERVER, { tracker: 'serverless' }),
    });
    const noTracker = await app.create(CODES, 'offers', offerValues({ name: 'No tracker', tracker: null }));
    expect(await settled(`offers/${noTracker}`)).toMatchObject({
      sync_state: 'failed',
      sync_error: OFFER_WITHOUT_TRACKER,
    });

    const action = await app.call(CODES, 'POST', `offers/${noKey}/sync`);
    expect(action.statusCode).toBe(503);
    expect(action.json()).toMatchObject({ message: formatMessage(SERVER_WITHOUT_KEY, { server: 'Keyless' }) });
    const russian = await app.app.inject({
      method: 'POST',
      url: `/api/tracker/offers/${noTracker}/sync`,
      headers: { ...bearer(mintToken(['TO'])), 'accept-language': 'ru' },
    });
    expect(russian.json<{ message: string }>().message).toBe(
      'У оффера нет трекера: выберите трекер, на сервер Keitaro которого он записывается.',
    );
    expect(keitaro.calls).toHaveLength(calls);
  });

  it('say the key was refused without ever showing it, in answers, history or logs', async () => {
    const wrongKey = 'wrong-key-must-never-show-7';
    const server = await keitaroServer('Wrong key', keitaroUrl, wrongKey);
    const tracker = await app.create(CODES, 'trackers', { slug: 'wrong-key', active_server: server });
    // Everything logged from here on: the sync's requests, pushes and failures (the key's own form above is admin's).
    const logged: unknown[][] = [];
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const) {
      vi.spyOn(app.app.log, level).mockImplementation((...args: unknown[]) => void logged.push(args));
    }
    const created = await app.call(CODES, 'POST', 'offers', offerValues({ name: 'Wrong key', tracker }));
    const id = created.json<{ data: Row }>().data.id;
    const failed = await settled(`offers/${id}`);
    expect(failed).toMatchObject({
      sync_state: 'failed',
      sync_error: formatMessage(KEY_REFUSED, { server: 'Wrong key' }),
    });

    const action = await app.call(CODES, 'POST', `offers/${id}/sync`);
    expect(action.statusCode).toBe(422);
    const history = (await app.call(CODES, 'GET', `offers/${id}/history`)).body;
    for (const text of [created.body, action.body, JSON.stringify(failed), history, JSON.stringify(logged)]) {
      expect(text).not.toContain(wrongKey);
    }
    vi.restoreAllMocks();
  });

  it('stay off without sync, go off when it is turned off, and refuse the action then', async () => {
    const calls = keitaro.calls.length;
    const id = await app.create(CODES, 'offers', offerValues({ name: 'Manual', sync_enabled: false }));
    expect(await read(`offers/${id}`)).toMatchObject({ sync_state: 'off' });
    const action = await app.call(CODES, 'POST', `offers/${id}/sync`);
    expect(action.statusCode).toBe(409);
    expect(action.json()).toMatchObject({ message: SYNC_IS_OFF });
    expect(keitaro.calls).toHaveLength(calls);

    const synced = await syncedOffer({ name: 'Turned off' });
    const row = await read(`offers/${synced}`);
    const off = await app.call(CODES, 'PATCH', `offers/${synced}`, { sync_enabled: false, version: row.version });
    expect(off.json<{ data: Row }>().data).toMatchObject({
      sync_state: 'off',
      sync_error: null,
      keitaro_offer_id: row.keitaro_offer_id,
    });
  });

  it('write no sync entry into the history while sync is off, on create and when it is turned off', async () => {
    const manual = await app.create(CODES, 'offers', offerValues({ name: 'Never synced', sync_enabled: false }));
    expect(await actionsOf(`offers/${manual}`)).toEqual(['create']);

    const synced = await syncedOffer({ name: 'Synced, then off' });
    const row = await read(`offers/${synced}`);
    await app.call(CODES, 'PATCH', `offers/${synced}`, { sync_enabled: false, version: row.version });
    await app.call(CODES, 'PATCH', `offers/${synced}`, { name: 'Synced, then off, renamed', version: row.version + 1 });
    // Newest first: the two edits, each its own entry, with no sync after them.
    const [renamed, turnedOff, ...older] = await actionsOf(`offers/${synced}`);
    expect([renamed, turnedOff]).toEqual(['update', 'update']);
    expect(older).toContain('sync');
    expect(await read(`offers/${synced}`)).toMatchObject({
      sync_state: 'off',
      sync_error: null,
      version: row.version + 2,
    });
  });

  it('refuse the action without TO, and a body', async () => {
    const id = await syncedOffer({ name: 'Guarded' });
    expect((await app.call(['TS'], 'POST', `offers/${id}/sync`)).statusCode).toBe(403);
    expect((await app.call(CODES, 'POST', `offers/${id}/sync`, { force: true })).statusCode).toBe(422);
    expect((await app.call(CODES, 'POST', 'offers/999999/sync')).statusCode).toBe(404);
  });
});

describe('streams', () => {
  it("are written with their campaign, sending the campaign's clicks to the offer; streams of one campaign share it", async () => {
    const offer = await syncedOffer({ name: 'Stream offer' });
    const keitaroOfferId = (await read(`offers/${offer}`)).keitaro_offer_id;

    const created = await app.call(CODES, 'POST', 'streams', streamValues(offer));
    expect(created.statusCode).toBe(201);
    expect(created.json<{ data: Row }>().data.sync_state).toBe('pending');
    const id = created.json<{ data: Row }>().data.id;
    const row = await settled(`streams/${id}`);
    expect(row).toMatchObject({
      sync_state: 'synced',
      keitaro_campaign_id: expect.any(Number),
      keitaro_stream_id: expect.any(Number),
    });
    expect(keitaro.campaigns.get(row.keitaro_campaign_id ?? 0)).toMatchObject({ name: 'FB DE', alias: 'campaign-501' });
    expect(keitaro.streams.get(row.keitaro_stream_id ?? 0)).toMatchObject({
      campaign_id: row.keitaro_campaign_id,
      type: 'default',
      offers: [{ offer_id: keitaroOfferId, share: 100, state: 'active' }],
    });

    const campaigns = keitaro.campaigns.size;
    const second = await app.create(
      CODES,
      'streams',
      streamValues(offer, { is_default: false, site: 'news.example.com' }),
    );
    const secondRow = await settled(`streams/${second}`);
    expect(secondRow).toMatchObject({ sync_state: 'synced', keitaro_campaign_id: row.keitaro_campaign_id });
    expect(keitaro.campaigns.size).toBe(campaigns);
    expect(keitaro.streams.get(secondRow.keitaro_stream_id ?? 0)).toMatchObject({
      name: 'news.example.com',
      type: 'regular',
    });
  });

  it('show a failed sync on the row, keep the campaign Keitaro created, and the retry succeeds without a second campaign', async () => {
    const offer = await syncedOffer({ name: 'Retry offer' });
    const campaigns = keitaro.campaigns.size;
    // The campaign is created, then the stream refused.
    keitaro.rejectFieldsNext({ schema: ['Schema is invalid'] }, 1);
    const id = await app.create(CODES, 'streams', streamValues(offer, { campaign_id: 502, campaign_name: 'FB AT' }));
    const failed = await settled(`streams/${id}`);
    expect(failed).toMatchObject({
      sync_state: 'failed',
      sync_error: formatMessage(KEITARO_REFUSED, { status: '406', messages: 'schema: Schema is invalid' }),
      keitaro_campaign_id: expect.any(Number),
      keitaro_stream_id: null,
      synced_at: null,
    });
    expect(keitaro.campaigns.size).toBe(campaigns + 1);

    const retried = await app.call(CODES, 'POST', `streams/${id}/sync`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<{ data: Row }>().data).toMatchObject({
      sync_state: 'synced',
      sync_error: null,
      keitaro_campaign_id: failed.keitaro_campaign_id,
      keitaro_stream_id: expect.any(Number),
    });
    expect(keitaro.campaigns.size).toBe(campaigns + 1);
  });

  it("push the campaign's previous default again, as a regular stream, when another stream becomes the default", async () => {
    const offer = await syncedOffer({ name: 'Default offer' });
    const first = await app.create(CODES, 'streams', streamValues(offer, { campaign_id: 504, campaign_name: 'FB PL' }));
    const firstRow = await settled(`streams/${first}`);
    expect(keitaro.streams.get(firstRow.keitaro_stream_id ?? 0)).toMatchObject({ type: 'default' });

    const second = await app.create(
      CODES,
      'streams',
      streamValues(offer, { campaign_id: 504, campaign_name: 'FB PL', site: 'second.example.com' }),
    );
    expect(await settled(`streams/${second}`)).toMatchObject({ sync_state: 'synced' });
    const cleared = await settled(`streams/${first}`);
    expect(cleared).toMatchObject({
      is_default: false,
      sync_state: 'synced',
      keitaro_stream_id: firstRow.keitaro_stream_id,
    });
    expect(keitaro.streams.get(firstRow.keitaro_stream_id ?? 0)).toMatchObject({ type: 'regular' });
  });

  it('fail while their offer is not in Keitaro, saying to sync the offer first', async () => {
    const offer = await app.create(CODES, 'offers', offerValues({ name: 'Unsynced', sync_enabled: false }));
    const id = await app.create(CODES, 'streams', streamValues(offer, { campaign_id: 503 }));
    expect(await settled(`streams/${id}`)).toMatchObject({ sync_state: 'failed', sync_error: OFFER_NOT_IN_KEITARO });
    const action = await app.call(CODES, 'POST', `streams/${id}/sync`);
    expect(action.statusCode).toBe(409);
    expect(action.json()).toMatchObject({ message: OFFER_NOT_IN_KEITARO });
    expect((await app.call(['TO'], 'POST', `streams/${id}/sync`)).statusCode).toBe(403);
  });
});

describe('pushes as durable jobs', () => {
  it('coalesce edits saved while a push waits into one push of the latest values', async () => {
    const id = await syncedOffer({ name: 'Coalesced v1' });
    const { keitaro_offer_id: keitaroId } = await read(`offers/${id}`);
    // The runner is busy with another offer's push, held in Keitaro, so both edits find this one's push still queued.
    const busy = keitaro.holdNext();
    await app.create(CODES, 'offers', offerValues({ name: 'Keeps the runner busy' }));
    await busy.arrived;
    const calls = keitaro.calls.length;
    expect((await app.patch(CODES, `offers/${id}`, { name: 'Coalesced v2' })).statusCode).toBe(200);
    expect((await app.patch(CODES, `offers/${id}`, { name: 'Coalesced v3' })).statusCode).toBe(200);
    const [job, ...others] = await jobsOf(`tracker.offers:${id}`, 'queued');
    expect(others).toEqual([]);
    busy.release();
    await testJobs(app.db).settle();

    const pushes = keitaro.calls.slice(calls).filter((call) => call.path === `/offers/${keitaroId}`);
    expect(pushes).toHaveLength(1);
    expect(keitaro.offers.get(keitaroId ?? 0)).toMatchObject({ name: 'Coalesced v3' });
    expect(await read(`offers/${id}`)).toMatchObject({ sync_state: 'synced' });
    expect(await stateOf(job)).toBe('succeeded');
  });

  it('run the streams of one campaign one at a time, with two runners on one database', async () => {
    // A second copy of the server: its runner takes jobs from the same tables.
    const other = await trackerApp({ db: app.db });
    try {
      const offer = await syncedOffer({ name: 'Two copies' });
      const campaigns = keitaro.campaigns.size;
      const first = keitaro.holdNext();
      const a = await app.create(
        CODES,
        'streams',
        streamValues(offer, {
          campaign_id: 610,
          campaign_name: 'Two copies',
          is_default: false,
          site: 'a.example.com',
        }),
      );
      await first.arrived;
      const calls = keitaro.calls.length;
      const b = await app.create(
        CODES,
        'streams',
        streamValues(offer, {
          campaign_id: 610,
          campaign_name: 'Two copies',
          is_default: false,
          site: 'b.example.com',
        }),
      );
      // Long enough for the idle copy to poll twice: it leaves the second stream queued while the first is pushed.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(keitaro.calls.length).toBe(calls);
      expect(await jobsOf(`tracker.streams:${b}`, 'queued')).toHaveLength(1);
      first.release();
      await testJobs(app.db).settle();

      const [rowA, rowB] = [await read(`streams/${a}`), await read(`streams/${b}`)];
      expect(rowA).toMatchObject({ sync_state: 'synced' });
      // The second push found the campaign the first created: one campaign for both.
      expect(rowB).toMatchObject({ sync_state: 'synced', keitaro_campaign_id: rowA.keitaro_campaign_id });
      expect(keitaro.campaigns.size).toBe(campaigns + 1);
    } finally {
      await other.app.close();
    }
  });

  it("show on the Jobs API with their label, failed with the row's message in the reader's language, linking to the record", async () => {
    keitaro.rejectFieldsNext({ name: ['Name is taken', 'Name is too long'] });
    const id = await app.create(CODES, 'offers', offerValues({ name: 'Refused job' }));
    await testJobs(app.db).settle();
    const [job] = await jobsOf(`tracker.offers:${id}`);
    const answer = await app.app.inject({
      method: 'GET',
      url: `/api/jobs/${job}`,
      headers: { ...bearer(mintToken(['TO'])), 'accept-language': 'ru' },
    });
    expect(answer.json<{ data: { kind: string; state: string; error: string } }>().data).toMatchObject({
      kind: 'tracker.keitaro-push',
      state: 'failed',
      error: 'Keitaro отклонил запрос (406): name: Name is taken; name: Name is too long',
    });
  });

  it("name their kind for the Jobs screen's filter, only to those who may read them", async () => {
    const kinds = async (codes: readonly PermissionCode[], language: string) =>
      (
        await app.app.inject({
          method: 'GET',
          url: '/api/jobs/kinds',
          headers: { ...bearer(mintToken(codes)), 'accept-language': language },
        })
      ).json<{ data: { kind: string; label: string | null }[] }>().data;
    expect(await kinds(['TS'], 'en')).toContainEqual({ kind: 'tracker.keitaro-push', label: 'Keitaro push' });
    expect(await kinds(['TO'], 'ru')).toContainEqual({ kind: 'tracker.keitaro-push', label: 'Отправка в Keitaro' });
    expect((await kinds(['TA'], 'en')).map((entry) => entry.kind)).not.toContain('tracker.keitaro-push');
  });
});
