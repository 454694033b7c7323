import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressRecords } from '@plugins/system/server/cdn/cdn';
import { CloudflareCdn } from '@plugins/system/server/cdn/cloudflare';
import { createRequestChecker, type OpenApiDocument, type RecordedRequest } from '@core/sdk/testing';
import type { FakeRequest } from './fake-http';
import { CLOUDFLARE_ACCOUNT, CLOUDFLARE_TOKEN, FakeCloudflare, OTHER_ACCOUNT } from './fake-cloudflare';

/*
 * Every request the Cloudflare adapter sends, as the fake recorded it, checked against the
 * operations of Cloudflare's published OpenAPI schema that the adapter uses (vendored beside this
 * file, with its source, commit and licence in cloudflare-openapi.NOTICE.md).
 */

const BASE_PATH = '/client/v4';
const document = JSON.parse(
  readFileSync(new URL('./cloudflare-openapi.json', import.meta.url), 'utf8'),
) as OpenApiDocument;
const check = createRequestChecker(document, { basePath: BASE_PATH });

function recorded(request: FakeRequest): RecordedRequest {
  const url = new URL(request.url, 'http://fake');
  return {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    ...(request.body === '' ? {} : { body: JSON.parse(request.body) as unknown }),
  };
}

describe('the Cloudflare adapter against the published schema', () => {
  const fake = new FakeCloudflare();
  let cdn: CloudflareCdn;

  beforeAll(async () => {
    const origin = await fake.start();
    cdn = new CloudflareCdn({
      credentials: { apiToken: CLOUDFLARE_TOKEN, accountId: CLOUDFLARE_ACCOUNT },
      baseUrl: `${origin}${BASE_PATH}`,
    });
  });
  afterAll(() => fake.stop());

  it('sends only requests the schema’s operations accept: zone creation, zone look-up, records', async () => {
    fake.otherZones.push({
      id: 'other0000000000000000000000000002',
      name: 'schema-site.com',
      account: OTHER_ACCOUNT,
      nameServers: ['eve.ns.cloudflare.com'],
      records: [],
    });
    const zone = await cdn.createZone('schema-site.com');
    // The second time the zone exists (1061) and is looked up.
    expect(await cdn.createZone('schema-site.com')).toEqual(zone);
    await cdn.createRecords(zone.id, addressRecords('schema-site.com', '203.0.113.10', '2001:db8::10'));
    const requests = fake.http.requests.map(recorded);
    const records = `POST /client/v4/zones/${zone.id}/dns_records`;
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /client/v4/zones',
      'POST /client/v4/zones',
      'GET /client/v4/zones',
      records,
      records,
      records,
      records,
    ]);
    // The vendored schema lists the record's `id` as required in the create body too, though it
    // is the identifier Cloudflare gives the record it creates: that one problem is the schema's,
    // any other would be ours.
    const schemaDefect = `POST ${BASE_PATH}/zones/${zone.id}/dns_records: body must have required property 'id'`;
    const problems = requests.flatMap(check);
    expect(problems.filter((problem) => problem !== schemaDefect)).toEqual([]);
    expect(problems).toHaveLength(4);
  });

  it('would name what the schema refuses (so an empty list above means something)', () => {
    expect(check({ method: 'GET', path: `${BASE_PATH}/zones`, query: { per_page: '500', acount: 'x' } })).toEqual([
      'GET /client/v4/zones: query parameter per_page must be <= 50',
      'GET /client/v4/zones: query parameter acount is not documented',
    ]);
    expect(check({ method: 'POST', path: `${BASE_PATH}/zones`, body: { name: 'x.com' } })).toEqual([
      "POST /client/v4/zones: body must have required property 'account'",
    ]);
  });
});
