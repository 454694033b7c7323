import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DB_TIMEOUT, mintToken } from '@core/sdk/testing';
import { addKeitaroServer, trackerApp, type TrackerTestApp } from './tracker-support';

let app: TrackerTestApp;
let serverA: number;
let serverB: number;
let tracker: number;
let offer: number;

interface ErrorBody {
  readonly message: string;
  readonly errors?: Readonly<Record<string, readonly string[]>>;
}

beforeAll(async () => {
  app = await trackerApp();
  serverA = await addKeitaroServer(app, 'k-alpha');
  serverB = await addKeitaroServer(app, 'k-beta');
  tracker = await app.create(['TT'], 'trackers', {
    slug: 'main',
    credits: 10,
    active_server: serverA,
    hold_servers: [serverB],
    service: 'keitaro',
  });
  const advertiser = await app.create(['TA'], 'advertisers', { name: 'Acme Leads', alias: 'acme' });
  offer = await app.create(['TO'], 'offers', {
    name: 'Acme DE',
    advertiser,
    tracker,
    landing_url: 'https://acme.example.com/lp',
  });
}, DB_TIMEOUT);
afterAll(() => app.close());

describe('trackers', () => {
  it('refuses an active server that is also on hold (422 on hold_servers)', async () => {
    const created = await app.call(['TT'], 'POST', 'trackers', {
      slug: 'eu',
      active_server: serverA,
      hold_servers: [serverB, serverA],
    });
    expect(created.statusCode).toBe(422);
    expect(created.json<ErrorBody>().errors).toEqual({ hold_servers: ['The active server cannot also be on hold.'] });
    const edited = await app.patch(['TT'], `trackers/${tracker}`, { active_server: serverB });
    expect(edited.statusCode).toBe(422);
    const russian = await app.app.inject({
      method: 'PATCH',
      url: `/api/tracker/trackers/${tracker}`,
      headers: { ...bearer(mintToken(['TT'])), 'accept-language': 'ru' },
      payload: { active_server: serverB, version: 1 },
    });
    expect(russian.json<ErrorBody>().errors).toEqual({
      hold_servers: ['Активный сервер не может одновременно быть на холде.'],
    });
  });

  it('takes a slug in slug form only, and whole credits from 0', async () => {
    expect((await app.call(['TT'], 'POST', 'trackers', { slug: 'Main Tracker' })).statusCode).toBe(422);
    expect((await app.call(['TT'], 'POST', 'trackers', { slug: 'ok-slug', credits: -1 })).statusCode).toBe(422);
    expect((await app.call(['TT'], 'POST', 'trackers', { slug: 'ok-slug', credits: 1.5 })).statusCode).toBe(422);
    expect((await app.call(['TT'], 'POST', 'trackers', { slug: 'ok-slug', credits: '5' })).statusCode).toBe(422);
    expect((await app.call(['TT'], 'POST', 'trackers', { slug: 'main' })).statusCode).toBe(422);
  });
});

describe('bizdev deals', () => {
  const deal = (values: Readonly<Record<string, unknown>>) => ({
    brand: 'Vulkan',
    tracker,
    epl: { amount: '12.50', currency: 'USD' },
    crg: '15',
    ...values,
  });

  it('refuses a finish date before the start date', async () => {
    const answer = await app.call(
      ['TB'],
      'POST',
      'bizdev-deals',
      deal({ date_from: '2026-05-10', date_finish: '2026-05-09' }),
    );
    expect(answer.statusCode).toBe(422);
    expect(answer.json<ErrorBody>().errors).toEqual({
      date_finish: ['The finish date cannot be before the start date.'],
    });
  });

  it('refuses a deal of the same brand and tracker sharing a day with another, naming it', async () => {
    const first = await app.create(
      ['TB'],
      'bizdev-deals',
      deal({ date_from: '2026-06-01', date_finish: '2026-06-30' }),
    );
    const clash = await app.call(
      ['TB'],
      'POST',
      'bizdev-deals',
      deal({ brand: 'vulkan', date_from: '2026-06-30', date_finish: '2026-07-15' }),
    );
    expect(clash.statusCode).toBe(422);
    expect(clash.json<ErrorBody>().errors).toEqual({
      date_from: [`These dates overlap deal #${first} for Vulkan on this tracker, from 06/01/26 to 06/30/26.`],
    });
    // The next day, another brand, or another tracker is fine; so is editing the deal itself.
    await app.create(['TB'], 'bizdev-deals', deal({ date_from: '2026-07-01', date_finish: '2026-07-15' }));
    await app.create(
      ['TB'],
      'bizdev-deals',
      deal({ brand: 'Joy', date_from: '2026-06-10', date_finish: '2026-06-20' }),
    );
    const other = await app.create(['TT'], 'trackers', { slug: 'second' });
    await app.create(
      ['TB'],
      'bizdev-deals',
      deal({ tracker: other, date_from: '2026-06-10', date_finish: '2026-06-20' }),
    );
    expect((await app.patch(['TB'], `bizdev-deals/${first}`, { date_finish: '2026-06-29' })).statusCode).toBe(200);
  });

  it('lets only one of two overlapping deals saved at once through', async () => {
    const answers = await Promise.all(
      ['2026-09-01', '2026-09-05'].map((from) =>
        app.call(['TB'], 'POST', 'bizdev-deals', deal({ brand: 'Race', date_from: from, date_finish: '2026-09-10' })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
  });
});

describe('streams', () => {
  interface Stream {
    readonly id: number;
    readonly is_default: boolean;
    readonly link: string | null;
  }
  const stream = async (campaignId: number, values: Readonly<Record<string, unknown>> = {}): Promise<number> =>
    app.create(['TS'], 'streams', {
      campaign_id: campaignId,
      campaign_name: `Campaign ${campaignId}`,
      offer,
      ...values,
    });
  const defaultsOf = async (campaignId: number): Promise<number[]> => {
    const answer = await app.call(['TS'], 'GET', `streams?filter[campaign_id][eq]=${campaignId}&per_page=100`);
    return answer
      .json<{ data: { data: Stream[] } }>()
      .data.data.filter((row) => row.is_default)
      .map((row) => row.id);
  };

  it('builds the link from the offer’s tracker, its active server and the campaign', async () => {
    const id = await stream(501);
    const found = (await app.call(['TS'], 'GET', `streams/${id}`)).json<{ data: Stream }>().data;
    expect(found.link).toBe('https://k-alpha.example.com/main/501');
    expect((await app.patch(['TS'], `streams/${id}`, { link: 'https://evil.example.com' })).statusCode).toBe(422);
  });

  it('follows its tracker’s slug and active server, and its offer’s tracker', async () => {
    const linkOf = async (id: number): Promise<string | null> =>
      (await app.call(['TS'], 'GET', `streams/${id}`)).json<{ data: Stream }>().data.link;
    const moving = await app.create(['TT'], 'trackers', { slug: 'moving', active_server: serverA });
    const advertiser = await app.create(['TA'], 'advertisers', { name: 'Follow Co', alias: 'follow' });
    const followed = await app.create(['TO'], 'offers', { name: 'Followed', advertiser, tracker: moving });
    const id = await stream(550, { offer: followed });
    expect(await linkOf(id)).toBe('https://k-alpha.example.com/moving/550');
    expect(
      (await app.patch(['TT'], `trackers/${moving}`, { slug: 'moved', active_server: serverB, hold_servers: [] }))
        .statusCode,
    ).toBe(200);
    expect(await linkOf(id)).toBe('https://k-beta.example.com/moved/550');
    expect((await app.patch(['TO'], `offers/${followed}`, { tracker })).statusCode).toBe(200);
    expect(await linkOf(id)).toBe('https://k-alpha.example.com/main/550');
  });

  it('keeps one default per campaign: making one the default clears the other', async () => {
    const first = await stream(601, { is_default: true });
    const second = await stream(601);
    const elsewhere = await stream(602, { is_default: true });
    expect(await defaultsOf(601)).toEqual([first]);
    expect((await app.patch(['TS'], `streams/${second}`, { is_default: true })).statusCode).toBe(200);
    expect(await defaultsOf(601)).toEqual([second]);
    expect(await defaultsOf(602)).toEqual([elsewhere]);
    // The cleared stream's history says why it changed.
    const history = await app.call(['TS'], 'GET', `streams/${first}/history`);
    expect(history.statusCode).toBe(200);
  });

  it('ends with exactly one default when every stream of a campaign is made the default at once', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => stream(701)));
    const answers = await Promise.all(ids.map((id) => app.patch(['TS'], `streams/${id}`, { is_default: true })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(ids.map(() => 200));
    expect(await defaultsOf(701)).toHaveLength(1);
  });
});

describe('offer groups', () => {
  it('are finance verticals, picked by id and labelled; text, a fraction or an unknown id is a 422, and a pick clears the old text', async () => {
    const vertical = await app.callService('finance', ['FL'], 'POST', 'verticals', { name: 'Nutra' });
    const nutra = vertical.json<{ data: { id: number } }>().data.id;
    const picked = await app.patch(['TO'], `offers/${offer}`, { group: nutra });
    expect(picked.json()).toMatchObject({ data: { group: nutra, group_legacy: null, _labels: { group: 'Nutra' } } });
    for (const group of ['Nutra', String(nutra), 1.5, 999_999]) {
      const refused = await app.patch(['TO'], `offers/${offer}`, { group });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json<ErrorBody>().errors ?? {})).toEqual(['group']);
    }
    expect((await app.patch(['TO'], `offers/${offer}`, { group_legacy: 'Typed' })).statusCode).toBe(422);

    // Text kept by migration 0004 stays through other edits and goes when the group is picked.
    await app.db.query(`UPDATE tracker.offers SET "group" = NULL, group_legacy = 'Sweeps' WHERE id = $1`, [offer]);
    expect((await app.patch(['TO'], `offers/${offer}`, { name: 'Acme DE' })).json()).toMatchObject({
      data: { group: null, group_legacy: 'Sweeps' },
    });
    expect((await app.patch(['TO'], `offers/${offer}`, { group: nutra })).json()).toMatchObject({
      data: { group: nutra, group_legacy: null },
    });
  });
});

describe('countries', () => {
  it('are the kernel’s, named by the engine, and there is no copy of them to write', async () => {
    const answer = await app.patch(['TO'], `offers/${offer}`, { countries: [276, 40] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ data: { countries: number[]; _labels: Record<string, unknown> } }>().data).toMatchObject({
      countries: [276, 40],
      _labels: { countries: ['Germany', 'Austria'] },
    });
    expect((await app.patch(['TO'], `offers/${offer}`, { countries: [999] })).statusCode).toBe(422);
    expect((await app.call(['TO'], 'GET', 'countries')).statusCode).toBe(404);
  });
});
