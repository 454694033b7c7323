import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloudflareCdn } from '@plugins/system/server/cdn/cloudflare';
import { addressRecords } from '@plugins/system/server/cdn/cdn';
import { OutsideRefusal, OutsideUnreachable } from '@plugins/system/server/domains/outside-call';
import { readDomainPurchaseConfig } from '@plugins/system/server/domains/purchase-config';
import { registrarPhone } from '@plugins/system/server/registrar/e164';
import { NamecheapRegistrar } from '@plugins/system/server/registrar/namecheap';
import type { Registrant } from '@plugins/system/server/registrar/registrar';
import { parseXml, XmlSyntaxError } from '@plugins/system/server/registrar/xml';
import {
  CLOUDFLARE_ACCOUNT,
  CLOUDFLARE_TOKEN,
  cloudflareError,
  FakeCloudflare,
  OTHER_ACCOUNT,
} from './fake-cloudflare';
import { NAMECHEAP_CLIENT_IP, NAMECHEAP_KEY, NAMECHEAP_USER, namecheapError, FakeNamecheap } from './fake-namecheap';

/*
 * The real adapters against local fakes of exactly the endpoints they call, with the documented
 * answers and errors; and the small pieces under them (the XML reader, phone format, settings).
 */

const REGISTRANT: Registrant = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '12 Analytical St',
  city: 'London',
  province: 'Greater London',
  country: 'GB',
  postalCode: 'SW1A 1AA',
  phone: '+447911123456',
  email: 'ada@example.com',
  organization: null,
};

const DEAD_BASE = 'http://127.0.0.1:9';

/** Whatever `work` throws (it must throw). */
async function thrown(work: () => Promise<unknown>): Promise<Error> {
  try {
    await work();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('Namecheap XML API adapter', () => {
  const fake = new FakeNamecheap();
  let base = '';
  const credentials = {
    apiUser: NAMECHEAP_USER,
    apiKey: NAMECHEAP_KEY,
    userName: NAMECHEAP_USER,
    clientIp: NAMECHEAP_CLIENT_IP,
  };
  const registrar = (): NamecheapRegistrar =>
    new NamecheapRegistrar({
      credentials,
      baseUrl: `${base}/xml.response`,
      now: () => new Date('2026-03-10T12:00:00Z'),
    });

  beforeAll(async () => {
    base = await fake.start();
  });
  afterAll(() => fake.stop());

  it('checks availability and reads one year’s price of the TLD', async () => {
    expect(await registrar().check('fresh-name.com')).toEqual({ available: true, price: null, premium: null });
    expect(await registrar().check('taken.com')).toEqual({ available: false, price: null, premium: null });
    expect(await registrar().price('fresh-name.com')).toEqual({ amount: '9.58', currency: 'USD' });
    const pricing = fake.http.requests.find((request) => request.body.includes('getPricing'));
    expect(Object.fromEntries(new URLSearchParams(pricing?.body))).toMatchObject({
      ProductType: 'DOMAIN',
      ActionName: 'REGISTER',
      ProductName: 'COM',
    });
  });

  it('sends the key in a POST body, never in the URL', () => {
    for (const request of fake.http.requests) {
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/xml.response');
      expect(request.url).not.toContain(NAMECHEAP_KEY);
      expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(new URLSearchParams(request.body).get('ClientIp')).toBe(NAMECHEAP_CLIENT_IP);
    }
  });

  it('registers with the domain user in every contact role, then sets the nameservers by SLD and TLD', async () => {
    const registration = await registrar().register({
      domainId: 1,
      name: 'bought-one.com',
      years: 2,
      registrant: REGISTRANT,
    });
    expect(registration).toEqual({ order: '22151', expiryDate: '2028-03-10', local: false });
    const params = fake.registered.get('bought-one.com')?.params ?? {};
    for (const role of ['Registrant', 'Tech', 'Admin', 'AuxBilling']) {
      expect(params).toMatchObject({
        [`${role}FirstName`]: 'Ada',
        [`${role}Country`]: 'GB',
        [`${role}Phone`]: '+44.7911123456',
        [`${role}EmailAddress`]: 'ada@example.com',
      });
      expect(params).not.toHaveProperty(`${role}OrganizationName`);
    }
    expect(params.Years).toBe('2');
    await registrar().setNameservers('bought-one.com', ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com']);
    expect(fake.registered.get('bought-one.com')?.nameservers).toEqual([
      'ada.ns.cloudflare.com',
      'bob.ns.cloudflare.com',
    ]);
    const setCustom = fake.http.requests.find((request) => request.body.includes('setCustom'));
    expect(Object.fromEntries(new URLSearchParams(setCustom?.body))).toMatchObject({
      SLD: 'bought-one',
      TLD: 'com',
      Nameservers: 'ada.ns.cloudflare.com,bob.ns.cloudflare.com',
    });
  });

  it('turns Status="ERROR" into a permanent refusal with Namecheap’s number and text', async () => {
    const error = await thrown(() =>
      registrar().register({ domainId: 2, name: 'taken.com', years: 1, registrant: REGISTRANT }),
    );
    expect(error).toBeInstanceOf(OutsideRefusal);
    expect(error.message).toBe('Namecheap refused namecheap.domains.create: 3019166 Domain taken.com is not available');
    expect((error as OutsideRefusal).transient).toBe(false);
  });

  it('reads a premium name’s price and early-access fee from the check', async () => {
    const price = { amount: '13000.0000', currency: 'USD' };
    expect(await registrar().check('us.xyz')).toEqual({ available: true, price, premium: { price, eapFee: '0.0000' } });
  });

  it('registers a premium name with IsPremiumDomain, PremiumPrice and EapFee', async () => {
    const premium = { price: { amount: '13000.0000', currency: 'USD' }, eapFee: '0.0000' };
    const registration = await registrar().register({
      domainId: 3,
      name: 'us.xyz',
      years: 1,
      registrant: REGISTRANT,
      premium,
    });
    expect(registration.order).toBe(String(fake.registered.get('us.xyz')?.order));
    expect(fake.registered.get('us.xyz')?.params).toMatchObject({
      IsPremiumDomain: 'True',
      PremiumPrice: '13000.0000',
      EapFee: '0.0000',
    });
    fake.registered.delete('us.xyz');
  });

  it('is refused, as documented, a premium name without the premium flags or at another price', async () => {
    const request = { domainId: 4, name: 'us.xyz', years: 1, registrant: REGISTRANT };
    expect((await thrown(() => registrar().register(request))).message).toBe(
      'Namecheap refused namecheap.domains.create: 2515623 Domain is premium while considered regular or is regular while considered premium',
    );
    const cheaper = { price: { amount: '9.58', currency: 'USD' }, eapFee: '0' };
    expect((await thrown(() => registrar().register({ ...request, premium: cheaper }))).message).toBe(
      'Namecheap refused namecheap.domains.create: 2515610 Prices do not match',
    );
    expect(fake.registered.has('us.xyz')).toBe(false);
  });

  it('is refused, as documented, a contact without a required field', async () => {
    const error = await thrown(() =>
      registrar().register({ domainId: 5, name: 'no-city.com', years: 1, registrant: { ...REGISTRANT, city: '' } }),
    );
    expect(error.message).toBe(
      'Namecheap refused namecheap.domains.create: 2010323 Check the required field for Registrant contact: RegistrantCity',
    );
    expect(fake.registered.has('no-city.com')).toBe(false);
  });

  it('never shows the key, even when Namecheap echoes it; a wrong key is a refusal', async () => {
    fake.scripted.set('namecheap.domains.check', [
      namecheapError('namecheap.domains.check', '1011102', `API Key ${NAMECHEAP_KEY} is invalid`),
    ]);
    const echoed = await thrown(() => registrar().check('x1.com'));
    expect(echoed.message).toContain('1011102 API Key [redacted] is invalid');
    expect(echoed.message).not.toContain(NAMECHEAP_KEY);
    const wrong = new NamecheapRegistrar({
      credentials: { ...credentials, apiKey: 'wrong-key-0000' },
      baseUrl: `${base}/xml.response`,
    });
    expect((await thrown(() => wrong.check('x2.com'))).message).toBe(
      'Namecheap refused namecheap.domains.check: 1011102 Parameter APIKey is invalid',
    );
  });

  it('tells an outage (5xx, no XML) and no connection from a refusal: both worth another attempt', async () => {
    fake.scripted.set('namecheap.domains.check', [
      { status: 503, contentType: 'text/html', body: '<html><body>Service Unavailable</body></html>' },
    ]);
    const outage = await thrown(() => registrar().check('x3.com'));
    expect(outage).toBeInstanceOf(OutsideRefusal);
    expect((outage as OutsideRefusal).transient).toBe(true);
    fake.scripted.set('namecheap.domains.check', [
      { status: 200, contentType: 'text/xml', body: '<ApiResponse Status="OK"><CommandResponse>' },
    ]);
    expect((await thrown(() => registrar().check('x4.com'))).message).toBe(
      'Namecheap refused namecheap.domains.check: 200 the answer is not the API’s XML',
    );
    const offline = new NamecheapRegistrar({ credentials, baseUrl: `${DEAD_BASE}/xml.response` });
    const unreachable = await thrown(() => offline.check('x5.com'));
    expect(unreachable).toBeInstanceOf(OutsideUnreachable);
    expect(unreachable.message).toBe('Namecheap could not be reached for namecheap.domains.check: no connection');
  });
});

describe('Cloudflare API v4 adapter', () => {
  const fake = new FakeCloudflare();
  let base = '';
  const cdn = (token = CLOUDFLARE_TOKEN): CloudflareCdn =>
    new CloudflareCdn({
      credentials: { apiToken: token, accountId: CLOUDFLARE_ACCOUNT },
      baseUrl: `${base}/client/v4`,
    });

  beforeAll(async () => {
    base = await fake.start();
  });
  afterAll(() => fake.stop());

  it('creates a full zone in the account and answers its id and nameservers', async () => {
    const zone = await cdn().createZone('site-one.com');
    expect(zone.nameservers).toEqual(['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com']);
    const sent = fake.http.requests.at(-1);
    expect(sent?.headers.authorization).toBe(`Bearer ${CLOUDFLARE_TOKEN}`);
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      name: 'site-one.com',
      account: { id: CLOUDFLARE_ACCOUNT },
      type: 'full',
    });
  });

  it('finds a zone that already exists (error 1061) instead of failing', async () => {
    const first = await cdn().createZone('site-two.com');
    expect(await cdn().createZone('site-two.com')).toEqual(first);
    expect(fake.http.requests.at(-1)?.url).toBe(
      `/client/v4/zones?name=site-two.com&account.id=${CLOUDFLARE_ACCOUNT}&page=1&per_page=50`,
    );
  });

  it('looks the existing zone up in its own account, not another account’s zone of the same name', async () => {
    fake.otherZones.push({
      id: 'other0000000000000000000000000001',
      name: 'twin.com',
      account: OTHER_ACCOUNT,
      nameServers: ['eve.ns.cloudflare.com', 'mallory.ns.cloudflare.com'],
      records: [],
    });
    const ours = await cdn().createZone('twin.com');
    expect(await cdn().createZone('twin.com')).toEqual(ours);
    expect(ours.nameservers).toEqual(['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com']);
  });

  it('lists zones with result_info, and reads the next page when the first has not the zone', async () => {
    const listed = await fetch(`${base}/client/v4/zones?per_page=5`, {
      headers: { authorization: `Bearer ${CLOUDFLARE_TOKEN}` },
    });
    const body = (await listed.json()) as { result: unknown[]; result_info: Record<string, number> };
    expect(body.result_info).toEqual({
      page: 1,
      per_page: 5,
      count: body.result.length,
      total_count: fake.zones.size + fake.otherZones.length,
      total_pages: Math.ceil((fake.zones.size + fake.otherZones.length) / 5),
    });
    const zone = await cdn().createZone('paged.com');
    const page = (result: unknown[], number: number) => ({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        success: true,
        errors: [],
        messages: [],
        result,
        result_info: { page: number, per_page: 50, count: result.length, total_count: 1, total_pages: 2 },
      }),
    });
    fake.scripted.set('lookup', [
      page([], 1),
      page([{ id: zone.id, name: 'paged.com', status: 'pending', name_servers: zone.nameservers }], 2),
    ]);
    expect(await cdn().createZone('paged.com')).toEqual(zone);
    expect(fake.http.requests.at(-1)?.url).toContain('&page=2&');
  });

  it('creates proxied A and AAAA records for the root and www, keeping identical ones (81058)', async () => {
    const zone = await cdn().createZone('site-three.com');
    const records = addressRecords('site-three.com', '203.0.113.10', '2001:db8::10');
    await cdn().createRecords(zone.id, records);
    await cdn().createRecords(zone.id, records);
    expect(fake.zones.get('site-three.com')?.records).toEqual([
      { type: 'A', name: 'site-three.com', content: '203.0.113.10', ttl: 1, proxied: true },
      { type: 'AAAA', name: 'site-three.com', content: '2001:db8::10', ttl: 1, proxied: true },
      { type: 'A', name: 'www.site-three.com', content: '203.0.113.10', ttl: 1, proxied: true },
      { type: 'AAAA', name: 'www.site-three.com', content: '2001:db8::10', ttl: 1, proxied: true },
    ]);
  });

  it('refuses permanently on a 4xx and retryably on a 429 or 5xx, never naming the token', async () => {
    const denied = await thrown(() => cdn('not-the-token-xyz').createZone('site-four.com'));
    expect(denied.message).toBe('Cloudflare refused zone creation: 10000 Authentication error');
    expect((denied as OutsideRefusal).transient).toBe(false);
    fake.scripted.set('zone', [
      cloudflareError(400, 1099, `Invalid zone for token ${CLOUDFLARE_TOKEN}`),
      cloudflareError(500, 1000, 'Internal error'),
    ]);
    const refused = await thrown(() => cdn().createZone('site-four.com'));
    expect(refused.message).toBe('Cloudflare refused zone creation: 1099 Invalid zone for token [redacted]');
    const outage = await thrown(() => cdn().createZone('site-four.com'));
    expect((outage as OutsideRefusal).transient).toBe(true);
    fake.scripted.set('zone', [{ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }]);
    const notJson = await thrown(() => cdn().createZone('site-four.com'));
    expect(notJson.message).toBe('Cloudflare refused zone creation: 502 the answer is not the API’s JSON envelope');
    expect((notJson as OutsideRefusal).transient).toBe(true);
  });
});

describe('pieces under the adapters', () => {
  it('reads XML strictly: entities, namespaces, self-closing elements; refuses what is not well formed', () => {
    const root = parseXml(
      '<?xml version="1.0"?><!-- c --><a:R xmlns:a="x" k="1 &amp; 2"><B n=\'&lt;\'/>t &#65;&#x42;</a:R>',
    );
    expect(root).toEqual({
      name: 'R',
      attributes: { 'xmlns:a': 'x', k: '1 & 2' },
      text: 't AB',
      children: [{ name: 'B', attributes: { n: '<' }, children: [], text: '' }],
    });
    for (const bad of [
      '<a><b></a>',
      '<a>',
      '<a/><b/>',
      'text',
      '<a>&nbsp;</a>',
      '<a x="1" x="2"/>',
      '<!DOCTYPE a><a/>',
      '',
    ]) {
      expect(() => parseXml(bad), bad).toThrow(XmlSyntaxError);
    }
  });

  it('writes E.164 phones as +<country code>.<number>', () => {
    expect(registrarPhone('+14155550123')).toBe('+1.4155550123');
    expect(registrarPhone('+79161234567')).toBe('+7.9161234567');
    expect(registrarPhone('+447911123456')).toBe('+44.7911123456');
    expect(registrarPhone('+380441234567')).toBe('+380.441234567');
  });

  it('reads the API bases from pluginSettings.system, refusing what is not an http(s) URL', () => {
    expect(readDomainPurchaseConfig({})).toEqual({
      namecheapApiBase: 'https://api.namecheap.com/xml.response',
      cloudflareApiBase: 'https://api.cloudflare.com/client/v4',
    });
    expect(readDomainPurchaseConfig({ cloudflareApiBase: 'http://127.0.0.1:8080/client/v4/' }).cloudflareApiBase).toBe(
      'http://127.0.0.1:8080/client/v4',
    );
    expect(() => readDomainPurchaseConfig({ namecheapApiBase: 'ftp://x' })).toThrow(
      'pluginSettings.system.namecheapApiBase must be an http(s) URL.',
    );
    expect(() => readDomainPurchaseConfig({ cloudflareApiBase: 42 })).toThrow(
      'pluginSettings.system.cloudflareApiBase must be an http(s) URL.',
    );
  });
});
