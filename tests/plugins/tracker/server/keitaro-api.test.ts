import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KeitaroAdminApi,
  KEITARO_REPORT_MAX_ROWS,
  KEITARO_REPORT_PAGE,
  KeitaroRefusedError,
  KeitaroReportTooLargeError,
  KeitaroUnauthorizedError,
  KeitaroUnreachableError,
  type KeitaroOfferInput,
} from '@plugins/tracker/server/keitaro/keitaro-api';
import { FakeKeitaro } from '../support/fake-keitaro';

const KEY = 'keitaro-test-key-0123456789abcdef';

const OFFER: KeitaroOfferInput = {
  name: 'Casino DE',
  url: 'https://lander.example.com/de?aff=7',
  payoutValue: '42.50',
  payoutCurrency: 'EUR',
  countries: ['DE', 'AT'],
  notes: null,
};

/** A port that was free a moment ago: nothing listens there. */
async function deadPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

describe("the Keitaro Admin API adapter, against a local fake of Keitaro's endpoints", () => {
  const keitaro = new FakeKeitaro(KEY);
  let url: string;
  let api: KeitaroAdminApi;
  beforeAll(async () => {
    url = await keitaro.start();
    // A trailing slash in the configured address is Keitaro's /admin_api/v1 all the same.
    api = new KeitaroAdminApi({ url: `${url}/`, apiKey: KEY });
  });
  afterAll(() => keitaro.stop());

  it("creates and updates an offer with Keitaro's fields, the key in Api-Key", async () => {
    const created = await api.createOffer(OFFER);
    expect(created).toEqual({ id: expect.any(Number), name: 'Casino DE' });
    expect(keitaro.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/offers',
      query: {},
      apiKey: KEY,
      body: {
        name: 'Casino DE',
        offer_type: 'external',
        action_type: 'http',
        action_payload: 'https://lander.example.com/de?aff=7',
        payout_value: 42.5,
        payout_currency: 'EUR',
        payout_type: 'CPA',
        country: ['DE', 'AT'],
        notes: '',
        state: 'active',
      },
    });
    const updated = await api.updateOffer(created.id, { ...OFFER, name: 'Casino DE v2' });
    expect(updated).toEqual({ id: created.id, name: 'Casino DE v2' });
    expect(keitaro.calls.at(-1)).toMatchObject({ method: 'PUT', path: `/offers/${created.id}` });
  });

  it('creates a campaign and a stream sending its clicks to the offer, and updates both', async () => {
    const offer = await api.createOffer(OFFER);
    const campaign = await api.createCampaign({ name: 'FB DE', alias: 'fb-de' });
    expect(campaign).toEqual({ id: expect.any(Number), name: 'FB DE', alias: 'fb-de' });
    expect(keitaro.calls.at(-1)?.body).toEqual({ name: 'FB DE', alias: 'fb-de', type: 'position', state: 'active' });
    expect(await api.updateCampaign(campaign.id, { name: 'FB DE 2', alias: 'fb-de' })).toEqual({
      id: campaign.id,
      name: 'FB DE 2',
      alias: 'fb-de',
    });

    const stream = await api.createStream({
      campaignId: campaign.id,
      name: 'Main',
      type: 'default',
      offerId: offer.id,
    });
    expect(stream).toEqual({ id: expect.any(Number), campaignId: campaign.id, name: 'Main' });
    expect(keitaro.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/streams',
      body: {
        campaign_id: campaign.id,
        name: 'Main',
        type: 'default',
        schema: 'landings',
        action_type: 'http',
        state: 'active',
        offers: [{ offer_id: offer.id, share: 100, state: 'active' }],
      },
    });
    expect(
      await api.updateStream(stream.id, {
        campaignId: campaign.id,
        name: 'Main 2',
        type: 'regular',
        offerId: offer.id,
      }),
    ).toMatchObject({ id: stream.id, name: 'Main 2' });
  });

  it('builds a report: dimensions as text, metrics as exact decimal strings', async () => {
    keitaro.reportRows = [
      {
        day: '2026-11-01',
        country: 'DE',
        clicks: 120,
        campaign_unique_clicks: 100,
        leads: 7,
        revenue: 297.5,
        cost: 150.25,
        roi: 98.0033,
      },
      {
        day: '2026-11-02',
        country: null,
        clicks: 80,
        campaign_unique_clicks: 75,
        leads: 3,
        revenue: '127.50',
        cost: 60,
        roi: 112.5,
      },
    ];
    const report = await api.buildReport({
      range: { from: '2026-11-01', to: '2026-11-30', timezone: 'Europe/Moscow' },
      grouping: ['day', 'country'],
      metrics: ['clicks', 'leads', 'revenue', 'cost', 'roi'],
    });
    expect(keitaro.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/report/build',
      body: {
        range: { from: '2026-11-01', to: '2026-11-30', timezone: 'Europe/Moscow' },
        grouping: ['day', 'country'],
        metrics: ['clicks', 'leads', 'revenue', 'cost', 'roi'],
      },
    });
    expect(report.rows).toEqual([
      {
        dimensions: { day: '2026-11-01', country: 'DE' },
        metrics: { clicks: '120', leads: '7', revenue: '297.5', cost: '150.25', roi: '98.0033' },
      },
      {
        dimensions: { day: '2026-11-02', country: null },
        metrics: { clicks: '80', leads: '3', revenue: '127.50', cost: '60', roi: '112.5' },
      },
    ]);
  });

  it('pages through the report with limit and offset until its total is read', async () => {
    const row = (day: number) => ({ day: `2026-11-${day}`, clicks: day });
    keitaro.reportRows = Array.from({ length: KEITARO_REPORT_PAGE * 2 + 5 }, (_, index) => row(index));
    const before = keitaro.calls.length;
    const report = await api.buildReport({
      range: { from: '2026-11-01', to: '2026-11-30', timezone: 'UTC' },
      grouping: ['day'],
      metrics: ['clicks'],
    });
    expect(report.rows).toHaveLength(KEITARO_REPORT_PAGE * 2 + 5);
    expect(report.rows.at(-1)).toEqual({
      dimensions: { day: `2026-11-${KEITARO_REPORT_PAGE * 2 + 4}` },
      metrics: { clicks: String(KEITARO_REPORT_PAGE * 2 + 4) },
    });
    expect(keitaro.calls.slice(before).map((call) => [call.body?.limit, call.body?.offset])).toEqual([
      [KEITARO_REPORT_PAGE, 0],
      [KEITARO_REPORT_PAGE, KEITARO_REPORT_PAGE],
      [KEITARO_REPORT_PAGE, KEITARO_REPORT_PAGE * 2],
    ]);
  });

  it('refuses a report larger than it reads, after one page', async () => {
    const row = { day: '2026-11-01', clicks: 1 };
    keitaro.reportRows = Array.from({ length: KEITARO_REPORT_MAX_ROWS + 1 }, () => row);
    const before = keitaro.calls.length;
    const refused = await api
      .buildReport({
        range: { from: '2026-11-01', to: '2026-11-30', timezone: 'UTC' },
        grouping: ['day'],
        metrics: ['clicks'],
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(KeitaroReportTooLargeError);
    expect(refused).toMatchObject({ total: KEITARO_REPORT_MAX_ROWS + 1 });
    expect(keitaro.calls.length - before).toBe(1);
    keitaro.reportRows = [];
  });

  it('says 401 when Keitaro does not take the key, and never carries the key', async () => {
    const wrongKey = 'wrong-key-do-not-leak-42';
    const refused = await new KeitaroAdminApi({ url, apiKey: wrongKey })
      .createOffer(OFFER)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(KeitaroUnauthorizedError);
    expect(refused).toMatchObject({
      operation: 'POST /offers',
      message: 'Keitaro refused the API key (401) on POST /offers.',
    });
    expect(
      JSON.stringify({ ...(refused as object), message: (refused as Error).message, stack: (refused as Error).stack }),
    ).not.toContain(wrongKey);
  });

  it("carries Keitaro's 406 messages per field and its 400 error", async () => {
    const refused = await api.createOffer({ ...OFFER, name: ' ' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(KeitaroRefusedError);
    expect(refused).toMatchObject({
      status: 406,
      messages: ['name: name is required'],
      message: 'Keitaro refused POST /offers (406): name: name is required',
    });
    keitaro.rejectFieldsNext({ alias: ['Alias has already been taken'], name: ['Too long', 'Has spaces'] });
    await expect(api.createCampaign({ name: 'X', alias: 'x' })).rejects.toMatchObject({
      status: 406,
      messages: ['alias: Alias has already been taken', 'name: Too long', 'name: Has spaces'],
    });

    keitaro.refuseNext(400, 'Payout value must be a number');
    await expect(api.updateOffer(1, OFFER)).rejects.toMatchObject({
      status: 400,
      messages: ['Payout value must be a number'],
    });
    await expect(api.updateOffer(999_999, OFFER)).rejects.toMatchObject({ status: 404, messages: ['Offer not found'] });
  });

  it('masks the key should a refusal echo it', async () => {
    keitaro.refuseNext(400, `Key ${KEY} has no access to offers`);
    const refused = await api.createOffer(OFFER).catch((error: unknown) => error);
    expect(refused).toMatchObject({ messages: ['Key *** has no access to offers'] });
    expect((refused as Error).message).not.toContain(KEY);
  });

  it('says unreachable for a dropped connection, a dead port and a call that outlives its timeout', async () => {
    keitaro.dropNext();
    const dropped = await api.createCampaign({ name: 'X', alias: 'x' }).catch((error: unknown) => error);
    expect(dropped).toBeInstanceOf(KeitaroUnreachableError);
    expect(dropped).toMatchObject({
      reason: { kind: 'connection' },
      message: 'Keitaro could not be reached for POST /campaigns: no connection.',
    });

    const gone = new KeitaroAdminApi({ url: `http://127.0.0.1:${await deadPort()}`, apiKey: KEY });
    const unreachable = await gone.createOffer(OFFER).catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(KeitaroUnreachableError);
    expect((unreachable as Error).message).not.toContain(KEY);

    const silent = createServer(() => undefined);
    const port = await new Promise<number>((resolve) =>
      silent.listen(0, '127.0.0.1', () => resolve((silent.address() as { port: number }).port)),
    );
    try {
      const slow = new KeitaroAdminApi({ url: `http://127.0.0.1:${port}`, apiKey: KEY, timeoutMs: 200 });
      await expect(slow.createOffer(OFFER)).rejects.toMatchObject({
        name: 'KeitaroUnreachableError',
        reason: { kind: 'timeout', ms: 200 },
        message: 'Keitaro could not be reached for POST /offers: no answer within 200 ms.',
      });
    } finally {
      silent.close();
    }
  });

  it("tells a page that is not Keitaro's API, and Keitaro failing itself, from a refusal", async () => {
    const page = createHttpServer((request, response) => {
      const html = request.url?.endsWith('/offers') === true;
      response.writeHead(html ? 200 : 500, { 'content-type': html ? 'text/html' : 'application/json' });
      response.end(html ? '<html>Welcome to nginx</html>' : JSON.stringify({ error: 'Internal error' }));
    });
    const port = await new Promise<number>((resolve) =>
      page.listen(0, '127.0.0.1', () => resolve((page.address() as { port: number }).port)),
    );
    try {
      const notKeitaro = new KeitaroAdminApi({ url: `http://127.0.0.1:${port}`, apiKey: KEY });
      await expect(notKeitaro.createOffer(OFFER)).rejects.toMatchObject({
        name: 'KeitaroUnreachableError',
        reason: { kind: 'notItsApi', detail: 'the answer is not JSON' },
      });
      await expect(notKeitaro.createCampaign({ name: 'X', alias: 'x' })).rejects.toMatchObject({
        name: 'KeitaroRefusedError',
        status: 500,
        messages: ['Internal error'],
      });
    } finally {
      page.closeAllConnections();
      page.close();
    }
  });
});
