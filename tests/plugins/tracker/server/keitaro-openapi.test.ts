import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KEITARO_REPORT_GROUPINGS,
  KEITARO_REPORT_METRICS,
  KEITARO_REPORT_PAGE,
  KeitaroAdminApi,
} from '@plugins/tracker/server/keitaro/keitaro-api';
import { createRequestChecker, type OpenApiDocument } from '@core/sdk/testing';
import { DOCUMENTED_REPORT_COLUMNS, DOCUMENTED_REPORT_METRICS, FakeKeitaro } from '../support/fake-keitaro';
import keitaroOpenApi from '../support/keitaro-openapi.json';

/*
 * The Keitaro adapter against Keitaro's own OpenAPI document (the vendored excerpt): every request it
 * makes fits its documented operation, and the fake answers as the document says rather than as the
 * adapter would like.
 */

const KEY = 'openapi-check-key';
const check = createRequestChecker(keitaroOpenApi as OpenApiDocument);

describe("the Keitaro adapter's requests, checked against Keitaro's OpenAPI document", () => {
  const keitaro = new FakeKeitaro(KEY);
  let url: string;
  beforeAll(async () => {
    url = await keitaro.start();
  });
  afterAll(() => keitaro.stop());

  it('fit their documented operations, every operation the excerpt holds exercised', async () => {
    const api = new KeitaroAdminApi({ url, apiKey: KEY });
    const offerInput = {
      name: 'Casino DE',
      url: 'https://lander.example.com/de',
      payoutValue: '42.50',
      payoutCurrency: 'EUR',
      countries: ['DE'],
      notes: 'casino',
    };
    const offer = await api.createOffer(offerInput);
    await api.updateOffer(offer.id, { ...offerInput, notes: null });
    const campaign = await api.createCampaign({ name: 'FB DE', alias: 'fb-de' });
    await api.updateCampaign(campaign.id, { name: 'FB DE 2', alias: 'fb-de' });
    const stream = await api.createStream({
      campaignId: campaign.id,
      name: 'Main',
      type: 'default',
      offerId: offer.id,
    });
    await api.updateStream(stream.id, { campaignId: campaign.id, name: 'Main', type: 'regular', offerId: offer.id });
    keitaro.reportRows = Array.from({ length: KEITARO_REPORT_PAGE + 1 }, (_, index) => ({
      day: '2026-11-01',
      clicks: index,
    }));
    for (const grouping of KEITARO_REPORT_GROUPINGS) {
      await api.buildReport({
        range: { from: '2026-11-01', to: '2026-11-30', timezone: 'UTC' },
        grouping: [grouping],
        metrics: KEITARO_REPORT_METRICS,
      });
    }

    const problems = keitaro.calls.flatMap((call) => check(call));
    expect(problems).toEqual([]);
    const operations = new Set(keitaro.calls.map((call) => `${call.method} ${call.path.replace(/\/\d+$/, '/{id}')}`));
    const documented = Object.entries(keitaroOpenApi.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect([...operations].sort()).toEqual(documented.sort());
  });

  it('are checked for real: a request the document refuses is named', () => {
    expect(
      check({
        method: 'POST',
        path: '/streams',
        body: { campaign_id: '7', name: 'x', type: 'sometimes', schema: 'landings' },
      }),
    ).toEqual([
      'POST /streams: body/campaign_id must be integer',
      'POST /streams: body/type must be equal to one of the allowed values ("forced", "regular", "default")',
      "POST /streams: body must have required property 'action_type'",
    ]);
  });
});

describe("the Keitaro fake, against Keitaro's OpenAPI document", () => {
  const keitaro = new FakeKeitaro(KEY);
  let url: string;
  const post = async (path: string, body: unknown, method = 'POST') => {
    const answer = await fetch(`${url}/admin_api/v1${path}`, {
      method,
      headers: { 'Api-Key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
  const range = { from: '2026-11-01', to: '2026-11-30', timezone: 'UTC' };
  beforeAll(async () => {
    url = await keitaro.start();
  });
  afterAll(() => keitaro.stop());

  it('groups and adds up only by what the document lists, and takes everything it lists', async () => {
    expect(KEITARO_REPORT_GROUPINGS.filter((name) => !DOCUMENTED_REPORT_COLUMNS.has(name))).toEqual([]);
    expect(KEITARO_REPORT_METRICS.filter((name) => !DOCUMENTED_REPORT_METRICS.has(name))).toEqual([]);
    expect(DOCUMENTED_REPORT_COLUMNS).toContain('sub_id_10');
    const all = await post('/report/build', {
      range,
      grouping: [...DOCUMENTED_REPORT_COLUMNS],
      metrics: [...DOCUMENTED_REPORT_METRICS],
    });
    expect(all.status).toBe(200);
    expect(await post('/report/build', { range, grouping: ['affiliate_network'], metrics: ['clicks'] })).toEqual({
      status: 406,
      body: { grouping: ['Unknown column "affiliate_network"'] },
    });
  });

  it('answers a report as `{ rows, total, meta }`, a page at a time, with no summary', async () => {
    keitaro.reportRows = [{ day: '2026-11-01' }, { day: '2026-11-02' }, { day: '2026-11-03' }];
    expect(await post('/report/build', { range, grouping: ['day'], metrics: [], limit: 2, offset: 2 })).toEqual({
      status: 200,
      body: { rows: [{ day: '2026-11-03' }], total: 3, meta: [] },
    });
  });

  it("answers a create missing required fields with 406 per field, a stream's schema and action_type among them", async () => {
    expect(await post('/streams', { campaign_id: 1, name: 'Main', type: 'regular' })).toMatchObject({
      status: 406,
      body: {
        schema: ['schema is required'],
        action_type: ['action_type is required'],
        campaign_id: ['Campaign not found'],
      },
    });
    expect(await post('/campaigns', { name: 'No alias' })).toEqual({
      status: 406,
      body: { alias: ['alias is required'] },
    });
    expect(await post('/report/build', { grouping: ['day'] })).toEqual({
      status: 406,
      body: { range: ['Range is required'] },
    });
  });

  it('answers an update it does not take with 400 and the Error body, never 422', async () => {
    const offer = await post('/offers', { name: 'Casino' });
    expect(offer.status).toBe(200);
    expect(await post(`/offers/${String(offer.body.id)}`, { name: ' ' }, 'PUT')).toEqual({
      status: 400,
      body: { error: 'name is required' },
    });
    expect(await post('/offers/999999', { name: 'X' }, 'PUT')).toEqual({
      status: 404,
      body: { error: 'Offer not found' },
    });
  });
});
