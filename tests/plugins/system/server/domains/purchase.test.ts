import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobInfo, JobLogLine } from '@core/sdk/server';
import { DB_TIMEOUT } from '@core/sdk/testing';
import type { DomainAvailability, DomainPurchaseStarted } from '@plugins/system/shared/domain-purchase';
import { cloudflareError, CLOUDFLARE_ACCOUNT, CLOUDFLARE_TOKEN } from './fake-cloudflare';
import { NAMECHEAP_CLIENT_IP, NAMECHEAP_KEY, NAMECHEAP_USER } from './fake-namecheap';
import { domainApp, type DomainTestApp } from './domain-support';

/*
 * Buying a domain through the routes and the job runner: Namecheap and Cloudflare as local fakes,
 * the local registrar and CDN in the database; a failed step and the retry that resumes from it;
 * access, validation, and no credential anywhere a reader could see it.
 */

let t: DomainTestApp;
type Fixture =
  | 'namecheap'
  | 'cloudflare'
  | 'localRegistrar'
  | 'localCdn'
  | 'recordOnly'
  | 'cdnRecordOnly'
  | 'keyless'
  | 'real'
  | 'local'
  | 'wrongRegistrar'
  | 'wrongCdn'
  | 'unconfigured'
  | 'user'
  | 'server';
const ids = {} as Record<Fixture, number>;
const STAFF = ['YD', 'YS', 'YA', 'YU', 'YE'] as const;

async function create(path: string, body: Record<string, unknown>): Promise<number> {
  const response = await t.call([...STAFF], 'POST', `system/${path}`, body);
  if (response.statusCode !== 201 && response.statusCode !== 200)
    throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return response.json<{ data: { id: number } }>().data.id;
}

const domainRow = async (id: number): Promise<Record<string, unknown>> =>
  (await t.call(['YD'], 'GET', `system/domains/${id}`)).json<{ data: Record<string, unknown> }>().data;

async function purchase(
  name: string,
  project: number,
  extra: Record<string, unknown> = {},
): Promise<DomainPurchaseStarted> {
  const response = await t.call(['YD'], 'POST', 'system/domains/purchase', {
    name,
    project,
    domain_user: ids.user,
    server: ids.server,
    years: 1,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<{ data: DomainPurchaseStarted }>().data;
}

async function logsOf(jobId: number, language = 'en'): Promise<string[]> {
  const lines = (await t.call(['YD'], 'GET', `jobs/${jobId}/logs?after=0&limit=100`, undefined, language)).json<{
    data: { lines: JobLogLine[] };
  }>().data.lines;
  return lines.map((line) => line.message);
}

beforeAll(async () => {
  t = await domainApp();
  const namecheapCredentials = { api_user: NAMECHEAP_USER, api_key: NAMECHEAP_KEY, client_ip: NAMECHEAP_CLIENT_IP };
  ids.namecheap = await create('services', {
    name: 'Namecheap',
    group: 'registrar',
    adapter: 'namecheap',
    credentials: namecheapCredentials,
  });
  ids.cloudflare = await create('services', {
    name: 'Cloudflare',
    group: 'cdn',
    adapter: 'cloudflare',
    credentials: { api_token: CLOUDFLARE_TOKEN, account_id: CLOUDFLARE_ACCOUNT },
  });
  ids.localRegistrar = await create('services', { name: 'Local registrar', group: 'registrar', adapter: 'local' });
  ids.localCdn = await create('services', { name: 'Local CDN', group: 'cdn', adapter: 'local' });
  ids.recordOnly = await create('services', { name: 'Registrar on record only', group: 'registrar', adapter: 'none' });
  ids.cdnRecordOnly = await create('services', { name: 'CDN on record only', group: 'cdn', adapter: 'none' });
  ids.keyless = await create('services', {
    name: 'Namecheap without key',
    group: 'registrar',
    adapter: 'namecheap',
    credentials: { api_user: NAMECHEAP_USER },
  });
  ids.real = await create('projects', { name: 'Real', registrar: ids.namecheap, cdn: ids.cloudflare });
  ids.local = await create('projects', { name: 'Local', registrar: ids.localRegistrar, cdn: ids.localCdn });
  ids.wrongRegistrar = await create('projects', {
    name: 'Wrong registrar',
    registrar: ids.recordOnly,
    cdn: ids.localCdn,
  });
  ids.wrongCdn = await create('projects', { name: 'Wrong CDN', registrar: ids.localRegistrar, cdn: ids.cdnRecordOnly });
  ids.unconfigured = await create('projects', { name: 'Unconfigured', registrar: ids.keyless, cdn: ids.cloudflare });
  ids.user = await create('domain-users', {
    first_name: 'Ada',
    last_name: 'Lovelace',
    address: '12 Analytical St',
    city: 'London',
    province: 'Greater London',
    country: 826,
    postal_code: 'SW1A 1AA',
    phone: '+447911123456',
    email: 'ada@example.com',
  });
  ids.server = await create('servers', {
    name: 'web-1',
    type: 'vps',
    status: 'active',
    ip: '203.0.113.10',
    ipv6: '2001:db8::10',
  });
}, DB_TIMEOUT);

afterAll(() => t.close());

describe('access and validation', () => {
  it('answers 403 without YD', async () => {
    expect(
      (await t.call(['YS', 'YA'], 'POST', 'system/domains/availability', { name: 'a-name.com', project: ids.local }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.call(['YS', 'YA'], 'POST', 'system/domains/purchase', {
          name: 'a-name.com',
          project: ids.local,
          domain_user: ids.user,
          years: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.call(['YS', 'YA'], 'POST', 'system/domains/1/retry')).statusCode).toBe(403);
  });

  it('refuses malformed bodies with 422, never converting a type', async () => {
    const base = { name: 'valid-name.com', project: ids.local, domain_user: ids.user, years: 1 };
    for (const body of [
      { ...base, name: 'Not A Domain' },
      { ...base, name: 'UPPER.com' },
      { ...base, project: String(ids.local) },
      { ...base, years: 11 },
      { ...base, years: 1.5 },
      { ...base, server: 'web-1' },
      { ...base, extra: true },
      { name: 'valid-name.com', project: ids.local, years: 1 },
    ]) {
      const response = await t.call(['YD'], 'POST', 'system/domains/purchase', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(
      (
        await t.call(['YD'], 'POST', 'system/domains/availability', {
          name: 'valid-name.com',
          project: ids.local,
          years: 1,
        })
      ).statusCode,
    ).toBe(422);
  });

  it('names the field when the project, domain user or server does not fit', async () => {
    const refused = async (body: Record<string, unknown>): Promise<Record<string, string[]>> => {
      const response = await t.call(['YD'], 'POST', 'system/domains/purchase', {
        name: 'valid-name.com',
        domain_user: ids.user,
        years: 1,
        ...body,
      });
      expect(response.statusCode, response.body).toBe(422);
      return response.json<{ errors: Record<string, string[]> }>().errors;
    };
    expect(await refused({ project: 999_999, domain_user: 999_999, server: 999_999 })).toEqual({
      project: ['The project does not exist.'],
      domain_user: ['The domain user does not exist.'],
      server: ['The server does not exist.'],
    });
    expect((await refused({ project: ids.wrongRegistrar })).project).toEqual([
      'The project’s registrar must be a service of the registrar group driven by the local or Namecheap adapter.',
    ]);
    expect((await refused({ project: ids.wrongCdn })).project).toEqual([
      'The project’s CDN must be a service of the CDN group driven by the local or Cloudflare adapter.',
    ]);
    const russian = await t.call(
      ['YD'],
      'POST',
      'system/domains/availability',
      { name: 'valid-name.com', project: 999_999 },
      'ru',
    );
    expect(russian.json<{ errors: Record<string, string[]> }>().errors.project).toEqual(['Такого проекта нет.']);
  });

  it('answers 503 naming the credentials a service lacks, before recording anything', async () => {
    const response = await t.call(['YD'], 'POST', 'system/domains/purchase', {
      name: 'unconfigured.com',
      project: ids.unconfigured,
      domain_user: ids.user,
      years: 1,
    });
    expect(response.statusCode).toBe(503);
    expect(response.json<{ message: string }>().message).toBe(
      'The service "Namecheap without key" lacks the credentials api_key, client_ip: add them on the Services page.',
    );
    expect(
      (await t.call(['YD'], 'GET', 'system/domains?filter[name][eq]=unconfigured.com')).json<{
        data: { total: number };
      }>().data.total,
    ).toBe(0);
  });
});

describe('availability', () => {
  it('asks Namecheap, with one year’s price of the TLD', async () => {
    const free = await t.call(['YD'], 'POST', 'system/domains/availability', {
      name: 'fresh-name.com',
      project: ids.real,
    });
    expect(free.json<{ data: DomainAvailability }>().data).toEqual({
      name: 'fresh-name.com',
      available: true,
      price: { amount: '9.58', currency: 'USD' },
      premium: false,
      local: false,
    });
    const taken = await t.call(['YD'], 'POST', 'system/domains/availability', { name: 'taken.com', project: ids.real });
    expect(taken.json<{ data: DomainAvailability }>().data).toEqual({
      name: 'taken.com',
      available: false,
      price: null,
      premium: false,
      local: false,
    });
  });

  it('asks the local registrar, which states no price and says it buys nothing', async () => {
    const local = await t.call(['YD'], 'POST', 'system/domains/availability', {
      name: 'local-one.com',
      project: ids.local,
    });
    expect(local.json<{ data: DomainAvailability }>().data).toEqual({
      name: 'local-one.com',
      available: true,
      price: null,
      premium: false,
      local: true,
    });
  });
});

describe('the purchase job', () => {
  it('buys through Namecheap and Cloudflare: registered, zone, nameservers, records', async () => {
    const started = await purchase('bought-real.com', ids.real, { years: 2, comment: 'launch' });
    expect((await domainRow(started.domain)).job_status).toMatch(/^(queued|running|succeeded)$/);
    const job = await t.settled(started.job);
    expect(job).toMatchObject({
      state: 'succeeded',
      kind: 'system.domain-purchase',
      subject: `system.domains:${started.domain}`,
      step: 'records',
      percent: 100,
    });
    const domain = await domainRow(started.domain);
    const zone = t.cloudflare.zones.get('bought-real.com');
    expect(domain).toMatchObject({
      job_status: 'succeeded',
      zone: zone?.id,
      nameservers: 'ada.ns.cloudflare.com, bob.ns.cloudflare.com',
      local: false,
      comment: 'launch',
    });
    expect(domain.registrar_order).toBe(String(t.namecheap.registered.get('bought-real.com')?.order));
    expect(domain.expiry_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(t.namecheap.registered.get('bought-real.com')).toMatchObject({
      years: 2,
      nameservers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
    });
    expect(zone?.records.map((record) => `${record.type} ${record.name} ${record.content}`)).toEqual([
      'A bought-real.com 203.0.113.10',
      'AAAA bought-real.com 2001:db8::10',
      'A www.bought-real.com 203.0.113.10',
      'AAAA www.bought-real.com 2001:db8::10',
    ]);
    const lines = await logsOf(started.job);
    expect(lines).toContain('bought-real.com is available.');
    const [year, month, day] = String(domain.expiry_date).split('-');
    expect(lines).toContain(`Registered: order ${domain.registrar_order}, until ${month}/${day}/${year?.slice(2)}.`);
    // Read in Russian, the same log is in Russian with the date in its Russian form.
    const russian = await logsOf(started.job, 'ru');
    expect(russian).toContain('bought-real.com свободен.');
    expect(russian).toContain(`Зарегистрирован: заказ ${domain.registrar_order}, до ${day}.${month}.${year}.`);
    expect(
      (await t.call(['YD'], 'GET', `jobs?subject=system.domains:${started.domain}`))
        .json<{ data: { data: JobInfo[] } }>()
        .data.data.map((found) => found.id),
    ).toContain(started.job);
  });

  it('refuses a name already recorded with 409', async () => {
    const response = await t.call(['YD'], 'POST', 'system/domains/purchase', {
      name: 'bought-real.com',
      project: ids.real,
      domain_user: ids.user,
      years: 1,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe('The domain bought-real.com is already recorded.');
  });

  it('buys nothing through the local registrar and CDN, and marks the domain local', async () => {
    const started = await purchase('local-one.com', ids.local, { server: null });
    expect((await t.settled(started.job)).state).toBe('succeeded');
    const domain = await domainRow(started.domain);
    expect(domain).toMatchObject({
      job_status: 'succeeded',
      local: true,
      nameservers: 'ns1.local.invalid, ns2.local.invalid',
    });
    expect(domain.registrar_order).toMatch(/^LOCAL-\d+$/);
    expect(domain.zone).toMatch(/^local-\d+$/);
    const lines = await logsOf(started.job);
    expect(lines).toContain('The local registrar bought nothing: the domain is marked local.');
    expect(lines).toContain('No server chosen: the zone has no address records.');
    const again = await t.call(['YD'], 'POST', 'system/domains/availability', {
      name: 'local-one.com',
      project: ids.local,
    });
    expect(again.json<{ data: DomainAvailability }>().data.available).toBe(false);
    const registered = await t.db.query<{ nameservers: string[] }>(
      'SELECT nameservers FROM system.local_registrations WHERE name = $1',
      ['local-one.com'],
    );
    expect(registered.rows[0]?.nameservers).toEqual(['ns1.local.invalid', 'ns2.local.invalid']);
  });

  it('records address records at the local CDN for the server', async () => {
    const started = await purchase('local-two.com', ids.local);
    expect((await t.settled(started.job)).state).toBe('succeeded');
    const { rows } = await t.db.query<{ type: string; name: string }>(
      `SELECT r.type, r.name FROM system.local_cdn_records r JOIN system.local_cdn_zones z ON z.id = r.zone_id WHERE z.name = $1 ORDER BY r.id`,
      ['local-two.com'],
    );
    expect(rows.map((row) => `${row.type} ${row.name}`)).toEqual([
      'A local-two.com',
      'AAAA local-two.com',
      'A www.local-two.com',
      'AAAA www.local-two.com',
    ]);
  });

  it('fails at once when the name is taken: the job and the domain say failed', async () => {
    const started = await purchase('taken.com', ids.real);
    const job = await t.settled(started.job);
    expect(job).toMatchObject({
      state: 'failed',
      attempts: 1,
      step: 'check',
      error: 'taken.com is not available at Namecheap.',
    });
    expect((await domainRow(started.domain)).job_status).toBe('failed');
    expect(t.namecheap.calls('namecheap.domains.create')).toBe(1);
  });

  it('retries what may pass later (a 5xx) within the job, after its backoff', async () => {
    t.cloudflare.scripted.set('record', [cloudflareError(503, 1000, 'Service temporarily unavailable')]);
    const started = await purchase('flaky-records.com', ids.real);
    const job = await t.settled(started.job);
    expect(job).toMatchObject({ state: 'succeeded', attempts: 2 });
    expect((await domainRow(started.domain)).job_status).toBe('succeeded');
    expect(t.namecheap.registered.get('flaky-records.com')).toBeDefined();
    expect(t.cloudflare.zones.get('flaky-records.com')?.records).toHaveLength(4);
  });

  it('fails on a refused zone, and a retry resumes from that step without registering again', async () => {
    const createsBefore = t.namecheap.calls('namecheap.domains.create');
    t.cloudflare.scripted.set('zone', [
      cloudflareError(400, 1099, 'Zone creation is not allowed for this account right now'),
    ]);
    const started = await purchase('resumed.com', ids.real);
    const failed = await t.settled(started.job);
    expect(failed).toMatchObject({
      state: 'failed',
      step: 'zone',
      error: 'Cloudflare refused zone creation: 1099 Zone creation is not allowed for this account right now',
    });
    const domain = await domainRow(started.domain);
    expect(domain).toMatchObject({ job_status: 'failed', zone: null });
    expect(domain.registrar_order).toBeTruthy();

    const retried = await t.call(['YD'], 'POST', `system/domains/${started.domain}/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    const retry = retried.json<{ data: { job: number } }>().data.job;
    expect(retry).not.toBe(started.job);
    expect((await t.settled(retry)).state).toBe('succeeded');
    expect(await domainRow(started.domain)).toMatchObject({
      job_status: 'succeeded',
      zone: t.cloudflare.zones.get('resumed.com')?.id,
      registrar_order: domain.registrar_order,
    });
    expect(t.namecheap.calls('namecheap.domains.create') - createsBefore).toBe(1);
    expect(t.namecheap.registered.get('resumed.com')?.nameservers).toEqual([
      'ada.ns.cloudflare.com',
      'bob.ns.cloudflare.com',
    ]);
    expect(await logsOf(retry)).toContain('Registration already done (order ' + String(domain.registrar_order) + ').');

    const again = await t.call(['YD'], 'POST', `system/domains/${started.domain}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'Only a failed or cancelled purchase can be retried; this one is succeeded.',
    );
  });

  it('shows a cancelled purchase as cancelled, and retries it', async () => {
    let release!: () => void;
    t.cloudflare.scripted.set('zone', [
      new Promise((resolve) => (release = () => resolve(cloudflareError(500, 1000, 'late')))),
    ]);
    const started = await purchase('cancelled-one.com', ids.real);
    await t.settled(started.job, ['running']);
    for (
      let tries = 0;
      t.cloudflare.http.requests.at(-1)?.body.includes('cancelled-one.com') !== true && tries < 500;
      tries += 1
    )
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await t.call(['YD'], 'POST', `jobs/${started.job}/cancel`)).statusCode).toBe(200);
    expect((await t.settled(started.job)).state).toBe('cancelled');
    release();
    expect((await domainRow(started.domain)).job_status).toBe('cancelled');
    const retried = await t.call(['YD'], 'POST', `system/domains/${started.domain}/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    expect((await t.settled(retried.json<{ data: { job: number } }>().data.job)).state).toBe('succeeded');
    expect((await domainRow(started.domain)).job_status).toBe('succeeded');
  });

  it('refuses a retry of a domain that does not exist, or with a body', async () => {
    expect((await t.call(['YD'], 'POST', 'system/domains/999999/retry')).statusCode).toBe(404);
    expect((await t.call(['YD'], 'POST', 'system/domains/abc/retry')).statusCode).toBe(404);
    expect((await t.call(['YD'], 'POST', `system/domains/1/retry`, { from: 'zone' })).statusCode).toBe(422);
  });
});

describe('secrets', () => {
  it('never shows a key or token in an answer, a job log line, a job error or the server log', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      "SELECT id::text FROM core.jobs WHERE kind = 'system.domain-purchase'",
    );
    const shown: string[] = [...t.seen.responses, ...t.seen.logs];
    for (const row of rows) {
      shown.push(JSON.stringify(await logsOf(Number(row.id))), (await t.call(['YD'], 'GET', `jobs/${row.id}`)).body);
    }
    shown.push((await t.call(['YS'], 'GET', 'system/services')).body);
    expect(rows.length).toBeGreaterThan(4);
    for (const secret of [NAMECHEAP_KEY, CLOUDFLARE_TOKEN]) {
      expect(shown.filter((text) => text.includes(secret))).toEqual([]);
    }
  });
});

describe('premium names', () => {
  const premiumOf = (name: string): Record<string, string> => t.namecheap.registered.get(name)?.params ?? {};

  it('states a premium name’s own price, and says it is premium', async () => {
    const answer = await t.call(['YD'], 'POST', 'system/domains/availability', { name: 'us.xyz', project: ids.real });
    expect(answer.json<{ data: DomainAvailability }>().data).toEqual({
      name: 'us.xyz',
      available: true,
      price: { amount: '13000.0000', currency: 'USD' },
      premium: true,
      local: false,
    });
  });

  it('registers a premium name at the confirmed price, sending the premium flags', async () => {
    const started = await purchase('us.xyz', ids.real, { premium_price: '13000.0000' });
    expect(await t.settled(started.job)).toMatchObject({ state: 'succeeded' });
    expect(premiumOf('us.xyz')).toMatchObject({
      IsPremiumDomain: 'True',
      PremiumPrice: '13000.0000',
      EapFee: '0.0000',
    });
    expect(await logsOf(started.job)).toContain(
      'us.xyz is a premium name: registering it at the confirmed $13,000.00.',
    );
    // In Russian the price is in the Russian form (spaces in the number may be narrow no-break ones).
    const russian = (await logsOf(started.job, 'ru')).find((line) => line.startsWith('us.xyz — премиальное имя'));
    expect(russian?.replace(/\s/g, ' ')).toBe(
      'us.xyz — премиальное имя: регистрируем по подтверждённой цене 13 000,00 $.',
    );
  });

  it('buys nothing when the premium price changed after the buyer saw it, and says so', async () => {
    t.namecheap.premium.set('gold.xyz', { registration: '15000.0000', renewal: '15000.0000', eapFee: '0.0000' });
    const creates = t.namecheap.calls('namecheap.domains.create');
    const started = await purchase('gold.xyz', ids.real, { premium_price: '12000' });
    const job = await t.settled(started.job);
    expect(job).toMatchObject({ state: 'failed', step: 'check' });
    expect(job.error).toBe(
      'The premium price of gold.xyz is now $15,000.00, not the $12,000.00 confirmed; nothing was bought. Retry buys it once the registrar’s price is the confirmed one again; to buy at the new price, delete this record and buy the domain again from the Buy dialog.',
    );
    expect(t.namecheap.calls('namecheap.domains.create')).toBe(creates);
    expect(t.namecheap.registered.has('gold.xyz')).toBe(false);
  });

  it('buys nothing for a premium name whose price nobody confirmed', async () => {
    t.namecheap.premium.set('vip.xyz', { registration: '99.5000', renewal: '99.5000', eapFee: '0.0000' });
    const creates = t.namecheap.calls('namecheap.domains.create');
    const started = await purchase('vip.xyz', ids.real);
    const job = await t.settled(started.job);
    expect(job.state).toBe('failed');
    expect(job.error).toBe(
      'vip.xyz is a premium name at $99.50, a price nobody confirmed; nothing was bought. Delete this record and buy the domain again from the Buy dialog, which shows the price.',
    );
    expect(t.namecheap.calls('namecheap.domains.create')).toBe(creates);
  });

  /** A premium purchase whose every attempt met Namecheap's outage at domains.create: failed, nothing bought. */
  async function failedByOutage(name: string, price: string): Promise<DomainPurchaseStarted> {
    t.namecheap.premium.set(name, { registration: price, renewal: price, eapFee: '0.0000' });
    t.namecheap.scripted.set(
      'namecheap.domains.create',
      [1, 2, 3].map(() => ({ status: 503, contentType: 'text/html', body: '<html>Service Unavailable</html>' })),
    );
    const started = await purchase(name, ids.real, { premium_price: price });
    expect(await t.settled(started.job)).toMatchObject({ state: 'failed', attempts: 3, step: 'register' });
    expect(t.namecheap.registered.has(name)).toBe(false);
    return started;
  }

  const retry = async (domain: number): Promise<JobInfo> => {
    const retried = await t.call(['YD'], 'POST', `system/domains/${domain}/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    return t.settled(retried.json<{ data: { job: number } }>().data.job);
  };

  it('retries a premium purchase after an outage at the price the buyer confirmed', async () => {
    const started = await failedByOutage('again.xyz', '2500.0000');
    expect(await retry(started.domain)).toMatchObject({ state: 'succeeded' });
    expect(premiumOf('again.xyz')).toMatchObject({ IsPremiumDomain: 'True', PremiumPrice: '2500.0000' });
    expect((await domainRow(started.domain)).job_status).toBe('succeeded');
  });

  it('refuses the retry when the premium price changed since the buyer confirmed it', async () => {
    const started = await failedByOutage('dearer.xyz', '700');
    t.namecheap.premium.set('dearer.xyz', { registration: '900.0000', renewal: '900.0000', eapFee: '0.0000' });
    const creates = t.namecheap.calls('namecheap.domains.create');
    const job = await retry(started.domain);
    expect(job).toMatchObject({ state: 'failed', step: 'check' });
    expect(job.error).toBe(
      'The premium price of dearer.xyz is now $900.00, not the $700.00 confirmed; nothing was bought. Retry buys it once the registrar’s price is the confirmed one again; to buy at the new price, delete this record and buy the domain again from the Buy dialog.',
    );
    expect(t.namecheap.calls('namecheap.domains.create')).toBe(creates);
    // Back at the confirmed price, the next retry buys.
    t.namecheap.premium.set('dearer.xyz', { registration: '700.0000', renewal: '700.0000', eapFee: '0.0000' });
    expect(await retry(started.domain)).toMatchObject({ state: 'succeeded' });
    expect(premiumOf('dearer.xyz')).toMatchObject({ PremiumPrice: '700' });
  });

  it('still buys at the price a job queued before the term kept it carries in its payload', async () => {
    const started = await failedByOutage('queued.xyz', '450.0000');
    // As such a job was: the price in its payload, none with the term.
    await t.db.query('UPDATE system.domain_purchase_terms SET premium_price = NULL WHERE domain_id = $1', [
      started.domain,
    ]);
    await t.db.query(`UPDATE core.jobs SET payload = payload || '{"premiumPrice": "450.0000"}'::jsonb WHERE id = $1`, [
      started.job,
    ]);
    const retried = await t.call(['YD'], 'POST', `jobs/${started.job}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await t.settled(retried.json<{ data: { id: number } }>().data.id)).toMatchObject({ state: 'succeeded' });
    expect(premiumOf('queued.xyz')).toMatchObject({ IsPremiumDomain: 'True', PremiumPrice: '450.0000' });
  });

  it('refuses a confirmed price that is not a decimal amount in a string with 422', async () => {
    for (const premium_price of [13000, '13,000', '', '1e4']) {
      const response = await t.call(['YD'], 'POST', 'system/domains/purchase', {
        name: 'odd-price.xyz',
        project: ids.real,
        domain_user: ids.user,
        years: 1,
        premium_price,
      });
      expect(response.statusCode, String(premium_price)).toBe(422);
    }
  });
});
