import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT, demoContext, testJobs } from '@core/sdk/testing';
import { createSystemServerPlugin } from '@plugins/system/server';
import { EXPIRY_SWEEP_CRON, expireEndedProxies, PROXY_EXPIRY_SWEEP } from '@plugins/system/server/proxies/expiry-sweep';
import { probeProxy } from '@plugins/system/server/proxies/proxy-probe';
import {
  MAX_PROXIES_PER_PURCHASE,
  PROXY_CHECK_JOB,
  PROXY_PURCHASE_JOB,
  type ProxyCheckResult,
  type ProxyPurchaseResult,
} from '@plugins/system/shared/proxy-purchase';
import { deadPort, startHttpProxy, startIpEcho, startSocks5Proxy, type Listening } from './fake-proxies';
import { FakeProxy6 } from './fake-proxy6';
import { proxiesApp, type ProxiesTestApp } from './proxies-support';

/*
 * The proxies API over one server: quotes, purchases as jobs through the local provider and
 * Proxy6's fake, checks through a fake HTTP proxy and a fake SOCKS5 proxy, balances, the exact
 * address check, expiry, access, and no secret anywhere it could leak.
 */

const API_KEY = 'proxy6-api-key-4f1c9e77d2';
const GERMANY = 276;
const PROXY_LOGIN = 'checker';
const PROXY_PASSWORD = 'pr0xy-pa55-e2b81';

const proxy6 = new FakeProxy6(API_KEY);
let echo!: Listening;
let httpProxy!: Listening;
let socksProxy!: Listening;
let t!: ProxiesTestApp;
let localProvider!: number;
let proxy6Provider!: number;

type Data<T> = { data: T };

beforeAll(async () => {
  const base = await proxy6.start();
  [echo, httpProxy, socksProxy] = await Promise.all([
    startIpEcho(),
    startHttpProxy(PROXY_LOGIN, PROXY_PASSWORD),
    startSocks5Proxy(PROXY_LOGIN, PROXY_PASSWORD),
  ]);
  t = await proxiesApp({ proxy6ApiBase: base, proxyCheckUrl: `http://127.0.0.1:${echo.port}/?format=json` });
  localProvider = await t.create('proxy-providers', { name: 'Local (no purchase)', adapter: 'local' });
  proxy6Provider = await t.create('proxy-providers', {
    name: 'Proxy6 main',
    adapter: 'proxy6',
    credentials: { api_key: API_KEY },
  });
}, DB_TIMEOUT);

afterAll(async () => {
  await t.close();
  await Promise.all([proxy6.stop(), echo.close(), httpProxy.close(), socksProxy.close()]);
});

const order = (provider: number, extra: Record<string, unknown> = {}) => ({
  provider,
  country: GERMANY,
  type: 'http',
  period_days: 30,
  quantity: 2,
  ...extra,
});

async function purchase(
  body: Record<string, unknown>,
): Promise<{ job: number; info: Awaited<ReturnType<ProxiesTestApp['finished']>> }> {
  const answer = await t.call(['YP'], 'POST', 'proxies/purchase', body);
  expect(answer.statusCode, answer.body).toBe(202);
  const { job } = answer.json<Data<{ job: number }>>().data;
  return { job, info: await t.finished(job) };
}

async function proxyRecord(id: number): Promise<Record<string, unknown>> {
  return (await t.call(['YP'], 'GET', `proxies/${id}`)).json<Data<Record<string, unknown>>>().data;
}

/** A proxy recorded by hand; the required enums spelt out as the form sends them. */
const addProxy = (values: Record<string, unknown>): Promise<number> =>
  t.create('proxies', { status: 'active', type: 'http', ...values });

async function storedPair(id: number): Promise<string | null> {
  const { rows } = await t.db.query<{ credentials_pair: string | null }>(
    'SELECT credentials_pair FROM system.proxies WHERE id = $1',
    [id],
  );
  return rows[0]?.credentials_pair ?? null;
}

describe('POST proxies/quote', () => {
  it('asks Proxy6 for the price and the count left in the country', async () => {
    const answer = await t.call(['YP'], 'POST', 'proxies/quote', order(proxy6Provider));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      data: { price: { amount: '30.00', currency: 'RUB' }, available: 971, local: false },
    });
  });

  it('says the local provider names no price and buys nothing', async () => {
    const answer = await t.call(['YP'], 'POST', 'proxies/quote', order(localProvider));
    expect(answer.json()).toEqual({ data: { price: null, available: null, local: true } });
  });

  it('refuses mobile proxies at Proxy6 with a field error, in Russian too', async () => {
    const answer = await t.call(['YP'], 'POST', 'proxies/quote', order(proxy6Provider, { type: 'mobile' }));
    expect(answer.statusCode).toBe(422);
    expect(answer.json<{ errors: Record<string, string[]> }>().errors.type).toEqual([
      'Proxy6 does not sell mobile proxies.',
    ]);
    const ru = await t.call(['YP'], 'POST', 'proxies/quote', order(proxy6Provider, { type: 'mobile' }), {
      'accept-language': 'ru',
    });
    expect(ru.json<{ errors: Record<string, string[]> }>().errors.type).toEqual([
      'Proxy6 не продаёт прокси типа mobile.',
    ]);
  });

  it('validates strictly: types, bounds, unknown fields, provider and country', async () => {
    const refused = async (body: unknown, field?: string): Promise<void> => {
      const answer = await t.call(['YP'], 'POST', 'proxies/quote', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
      if (field)
        expect(
          Object.keys(answer.json<{ errors: Record<string, string[]> }>().errors ?? {}),
          JSON.stringify(body),
        ).toContain(field);
    };
    await refused(order(proxy6Provider, { quantity: 0 }));
    await refused(order(proxy6Provider, { quantity: MAX_PROXIES_PER_PURCHASE + 1 }));
    await refused(order(proxy6Provider, { quantity: '2' }));
    await refused(order(proxy6Provider, { period_days: 0 }));
    await refused(order(proxy6Provider, { period_days: 3651 }));
    await refused(order(proxy6Provider, { period_days: 1.5 }));
    await refused(order(proxy6Provider, { type: 'socks4' }));
    await refused(order(proxy6Provider, { extra: true }));
    await refused({ provider: proxy6Provider });
    await refused(order(999_999), 'provider');
    await refused(order(proxy6Provider, { country: 999 }), 'country');
    const gone = await t.create('proxy-providers', { name: 'Gone', adapter: 'local' });
    expect((await t.call(['YP'], 'DELETE', `proxy-providers/${gone}`)).statusCode).toBeLessThan(300);
    await refused(order(gone), 'provider');
  });

  it('answers a Proxy6 refusal, and a Proxy6 provider without its key, with a 422', async () => {
    const wrongKey = await t.create('proxy-providers', {
      name: 'Proxy6 wrong key',
      adapter: 'proxy6',
      credentials: { api_key: 'not-the-key-123' },
    });
    const refused = await t.call(['YP'], 'POST', 'proxies/quote', order(wrongKey));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: 'Proxy6 refused: Error key (error 100)' });
    expect(refused.body).not.toContain('not-the-key-123');
    const keyless = await t.create('proxy-providers', { name: 'Proxy6 without key', adapter: 'proxy6' });
    const missing = await t.call(['YP'], 'POST', 'proxies/quote', order(keyless));
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors.credentials).toEqual([
      'The provider has no api_key credential: add the API key of its Proxy6 account.',
    ]);
  });
});

describe('POST proxies/purchase', () => {
  it('buys through the local provider: addresses of the documentation ranges, order local-…, named as not bought', async () => {
    const { job, info } = await purchase(order(localProvider, { quantity: 3, type: 'socks5' }));
    expect(info).toMatchObject({
      kind: PROXY_PURCHASE_JOB,
      state: 'succeeded',
      subject: `system.proxy_providers:${localProvider}`,
      error: null,
    });
    const result = info.result as ProxyPurchaseResult;
    expect(result.local).toBe(true);
    expect(result.order_id).toMatch(/^local-[0-9]+$/);
    expect(result.proxies).toHaveLength(3);
    for (const [index, id] of result.proxies.entries()) {
      const proxy = await proxyRecord(id);
      expect(proxy).toMatchObject({
        name: `Local (no purchase) ${index + 1}`,
        country: GERMANY,
        type: 'socks5',
        provider: localProvider,
        order_id: result.order_id,
        team_legacy: null,
        period_days: 30,
        status: 'active',
      });
      // Finance is not enabled here: the team, a finance agency, is left out (proxy-team.test.ts has it).
      expect(proxy).not.toHaveProperty('team');
      expect(proxy.address).toMatch(/^(203\.0\.113|198\.51\.100)\.[0-9]+:[0-9]+$/);
      expect(proxy.credentials_pair).not.toMatch(/:/);
      expect(await storedPair(id)).toMatch(/^local[0-9]+:\S+$/);
    }
    expect(await t.logLines(job)).toContain('local: nothing is bought');
    const history = await t.call(['YP'], 'GET', `proxies/${result.proxies[0]}/history`);
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain('"create"');
  });

  it('buys through Proxy6 and names the proxies "<name> 1..n" when a name is given', async () => {
    const { job, info } = await purchase(order(proxy6Provider, { name: 'Berlin', type: 'socks5' }));
    expect(info.state, info.error ?? '').toBe('succeeded');
    const result = info.result as ProxyPurchaseResult;
    expect(result.local).toBe(false);
    expect(result.order_id).toMatch(/^[0-9]+$/);
    const proxies = await Promise.all(result.proxies.map(proxyRecord));
    expect(proxies.map((proxy) => proxy.name)).toEqual(['Berlin 1', 'Berlin 2']);
    expect(proxies[0]).toMatchObject({
      type: 'socks5',
      end_date: '2026-12-24',
      provider: proxy6Provider,
      status: 'active',
    });
    expect(proxies[0]!.address).toMatch(/^192\.0\.2\.[0-9]+:80[0-9]{2}$/);
    expect(await storedPair(result.proxies[0]!)).toMatch(/^u[0-9]+px:p6-secret-[0-9]+$/);
    expect(proxy6.calls.at(-1)).toMatchObject({
      method: 'buy',
      params: { country: 'de', version: '4', type: 'socks', descr: `erp-job-${job}` },
    });
  });

  it('leaves proxies unnamed without a name', async () => {
    const { info } = await purchase(order(proxy6Provider, { quantity: 1 }));
    expect((await proxyRecord((info.result as ProxyPurchaseResult).proxies[0]!)).name).toBeNull();
  });

  it('fails the job with Proxy6’s error, once, recording nothing', async () => {
    const before = (await t.db.query('SELECT id FROM system.proxies')).rows.length;
    proxy6.activeLimitReached = true;
    const { info } = await purchase(order(proxy6Provider));
    proxy6.activeLimitReached = false;
    expect(info).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: 'Proxy6 refused: Error active proxy allow (error 300)',
    });
    const poor = await purchase(order(proxy6Provider, { quantity: 100, period_days: 3650 }));
    expect(poor.info).toMatchObject({ state: 'failed', error: 'Proxy6 refused: Error no money (error 400)' });
    expect((await t.db.query('SELECT id FROM system.proxies')).rows.length).toBe(before);
  });

  it('refuses before queueing what can be known: a type the provider does not sell, a bad name', async () => {
    expect(
      (await t.call(['YP'], 'POST', 'proxies/purchase', order(proxy6Provider, { type: 'mobile' }))).statusCode,
    ).toBe(422);
    expect((await t.call(['YP'], 'POST', 'proxies/purchase', order(localProvider, { name: '   ' }))).statusCode).toBe(
      422,
    );
    expect(
      (await t.call(['YP'], 'POST', 'proxies/purchase', order(localProvider, { name: 'x'.repeat(91) }))).statusCode,
    ).toBe(422);
    expect((await t.call(['YP'], 'POST', 'proxies/purchase', order(localProvider, { name: 5 }))).statusCode).toBe(422);
  });

  it('refuses a team while finance, whose agencies the teams are, is not enabled', async () => {
    const refused = await t.call(['YP'], 'POST', 'proxies/purchase', order(localProvider, { team: 1 }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: { team: ['A team is a finance agency, and the finance plugin is not enabled.'] },
    });
    expect(
      (
        await t.call(['YP'], 'POST', 'proxies', {
          address: '203.0.113.9:8080',
          status: 'active',
          type: 'http',
          team: 1,
        })
      ).statusCode,
    ).toBe(422);
  });
});

describe('POST proxies/:id/check', () => {
  async function check(id: number): Promise<{ job: number; result: ProxyCheckResult; proxy: Record<string, unknown> }> {
    const answer = await t.call(['YP'], 'POST', `proxies/${id}/check`);
    expect(answer.statusCode, answer.body).toBe(202);
    const { job } = answer.json<Data<{ job: number }>>().data;
    const info = await t.finished(job);
    expect(info).toMatchObject({ kind: PROXY_CHECK_JOB, state: 'succeeded', subject: `system.proxies:${id}` });
    return { job, result: info.result as ProxyCheckResult, proxy: await proxyRecord(id) };
  }

  it('checks an HTTP proxy (absolute URI, Basic login): latency, exit address, active', async () => {
    const id = await addProxy({
      address: `127.0.0.1:${httpProxy.port}`,
      credentials_pair: `${PROXY_LOGIN}:${PROXY_PASSWORD}`,
      status: 'failing',
    });
    const { result, proxy } = await check(id);
    expect(result).toMatchObject({ ok: true, exit_ip: '127.0.0.1', error: null });
    expect(result.latency_ms).toBeGreaterThanOrEqual(0);
    expect(proxy).toMatchObject({
      status: 'active',
      exit_ip: '127.0.0.1',
      latency_ms: result.latency_ms,
      check_error: null,
    });
    expect(proxy.checked_at).toEqual(expect.any(String));
  });

  it('checks a SOCKS5 proxy with username/password authentication', async () => {
    const id = await addProxy({
      address: `127.0.0.1:${socksProxy.port}`,
      type: 'socks5',
      credentials_pair: `${PROXY_LOGIN}:${PROXY_PASSWORD}`,
    });
    const { result, proxy } = await check(id);
    expect(result).toMatchObject({ ok: true, exit_ip: '127.0.0.1' });
    expect(proxy.status).toBe('active');
  });

  it('records a wrong login as failing, for HTTP and SOCKS5', async () => {
    const refused = { http: httpProxy.refusedLogins(), socks: socksProxy.refusedLogins() };
    const http = await check(
      await addProxy({ address: `127.0.0.1:${httpProxy.port}`, credentials_pair: `${PROXY_LOGIN}:wrong-pass-1` }),
    );
    expect(http.result).toEqual({
      ok: false,
      latency_ms: null,
      exit_ip: null,
      error: 'The proxy refused the login and password (HTTP 407).',
    });
    expect(http.proxy).toMatchObject({
      status: 'failing',
      check_error: 'The proxy refused the login and password (HTTP 407).',
      exit_ip: null,
    });
    const socks = await check(
      await addProxy({
        address: `127.0.0.1:${socksProxy.port}`,
        type: 'socks5',
        credentials_pair: `${PROXY_LOGIN}:wrong-pass-2`,
      }),
    );
    expect(socks.result.error).toBe('The proxy refused the login and password.');
    expect(socks.proxy.status).toBe('failing');
    expect({ http: httpProxy.refusedLogins(), socks: socksProxy.refusedLogins() }).toEqual({
      http: refused.http + 1,
      socks: refused.socks + 1,
    });
  });

  it('records an unreachable proxy as failing, saying why', async () => {
    const port = await deadPort();
    for (const type of ['http', 'socks5']) {
      const { result, proxy } = await check(
        await addProxy({ address: `127.0.0.1:${port}`, type, credentials_pair: `${PROXY_LOGIN}:${PROXY_PASSWORD}` }),
      );
      expect(result.ok).toBe(false);
      expect(result.error).toBe('Could not connect to the proxy (ECONNREFUSED).');
      expect(proxy.status).toBe('failing');
    }
  });

  it('marks a proxy past its end date expired, and a disabled one stays disabled', async () => {
    const ended = await check(
      await addProxy({
        address: `127.0.0.1:${httpProxy.port}`,
        credentials_pair: `${PROXY_LOGIN}:${PROXY_PASSWORD}`,
        end_date: '2020-01-31',
      }),
    );
    expect(ended.result.ok).toBe(true);
    expect(ended.proxy.status).toBe('expired');
    const disabled = await check(
      await addProxy({
        address: `127.0.0.1:${httpProxy.port}`,
        credentials_pair: `${PROXY_LOGIN}:${PROXY_PASSWORD}`,
        status: 'disabled',
      }),
    );
    expect(disabled.proxy.status).toBe('disabled');
  });

  it('answers 404 for a proxy that does not exist or was deleted, and 422 to a body', async () => {
    expect((await t.call(['YP'], 'POST', 'proxies/999999/check')).statusCode).toBe(404);
    const id = await addProxy({ address: '203.0.113.9:8080' });
    expect((await t.call(['YP'], 'POST', `proxies/${id}/check`, { now: true })).statusCode).toBe(422);
    expect((await t.call(['YP'], 'DELETE', `proxies/${id}`)).statusCode).toBeLessThan(300);
    expect((await t.call(['YP'], 'POST', `proxies/${id}/check`)).statusCode).toBe(404);
  });
});

describe('https check addresses', () => {
  it('go through an HTTP proxy’s CONNECT tunnel, the login in Proxy-Authorization', async () => {
    const endpoint = {
      host: '127.0.0.1',
      port: httpProxy.port,
      type: 'http',
      credentials: { user: PROXY_LOGIN, pass: PROXY_PASSWORD },
    } as const;
    // The echo answers plain HTTP, so TLS inside the tunnel fails: the tunnel itself was opened.
    const tunnels = httpProxy.tunnels();
    await expect(probeProxy(endpoint, `https://127.0.0.1:${echo.port}/`, 5000)).rejects.toThrow(
      /^The check address could not be reached through the proxy/,
    );
    expect(httpProxy.tunnels()).toBe(tunnels + 1);
    const wrong = { ...endpoint, credentials: { user: PROXY_LOGIN, pass: 'nope-1' } };
    await expect(probeProxy(wrong, `https://127.0.0.1:${echo.port}/`, 5000)).rejects.toThrow(
      'The proxy refused the login and password (HTTP 407).',
    );
  });
});

describe('expiry sweep', () => {
  it('expires live proxies whose end date has passed, once, through the write path', async () => {
    const ended = await addProxy({ address: '203.0.113.20:8080', end_date: '2021-05-01', status: 'failing' });
    const current = await addProxy({ address: '203.0.113.21:8080', end_date: '2999-01-01' });
    const disabled = await addProxy({ address: '203.0.113.22:8080', end_date: '2021-05-01', status: 'disabled' });
    // The engine's writer with the system plugin's hooks, as the job's context.records is.
    const { records } = await demoContext(t.db, [createSystemServerPlugin()]);
    const expired = await expireEndedProxies(t.db, records, '2026-11-24');
    expect(expired).toContain(ended);
    expect(expired).not.toContain(current);
    expect(expired).not.toContain(disabled);
    expect(await expireEndedProxies(t.db, records, '2026-11-24')).toEqual([]);
    expect((await proxyRecord(ended)).status).toBe('expired');
    expect((await t.call(['YP'], 'GET', `proxies/${ended}/history`)).body).toContain('"expire"');
  });

  it('runs hourly as the job of the schedule system.proxy-expiry, named in both languages', async () => {
    const ended = await addProxy({ address: '203.0.113.23:8080', end_date: '2021-05-02' });
    const job = await testJobs(t.db).runSchedule(PROXY_EXPIRY_SWEEP);
    expect(await t.finished(job)).toMatchObject({
      kind: PROXY_EXPIRY_SWEEP,
      state: 'succeeded',
      result: { expired: 1 },
      label: 'Ended proxies expired',
    });
    expect((await proxyRecord(ended)).status).toBe('expired');
    const russian = await t.call(['YP'], 'GET', `/api/jobs/${job}`, undefined, { 'accept-language': 'ru' });
    expect(russian.json<{ data: { label: string } }>().data.label).toBe('Истечение срока прокси');
    const { rows } = await t.db.query<{ cron: string }>(`SELECT cron FROM core.job_schedules WHERE id = $1`, [
      PROXY_EXPIRY_SWEEP,
    ]);
    expect(rows[0]?.cron).toBe(EXPIRY_SWEEP_CRON);
  });
});

describe('POST proxy-providers/:id/balance', () => {
  it('writes the balance Proxy6 reports and when it was asked', async () => {
    const answer = await t.call(['YP'], 'POST', `proxy-providers/${proxy6Provider}/balance`);
    expect(answer.statusCode, answer.body).toBe(200);
    const record = answer.json<Data<Record<string, unknown>>>().data;
    expect(record.balance).toEqual({ amount: proxy6.balance.toFixed(2), currency: 'RUB' });
    expect(record.balance_checked_at).toEqual(expect.any(String));
    expect(JSON.stringify(record)).not.toContain(API_KEY);
    expect((await t.call(['YP'], 'GET', `proxy-providers/${proxy6Provider}/history`)).body).toContain('"balance"');
  });

  it('gives the local provider no balance, and 404 for a missing provider', async () => {
    const local = await t.call(['YP'], 'POST', `proxy-providers/${localProvider}/balance`);
    expect(local.json<Data<Record<string, unknown>>>().data).toMatchObject({
      balance: null,
      balance_checked_at: expect.any(String),
    });
    expect((await t.call(['YP'], 'POST', 'proxy-providers/999999/balance')).statusCode).toBe(404);
  });
});

describe('proxy address (IP:port)', () => {
  const problem = 'Enter an IP address and port, e.g. 203.0.113.7:8080 or [2001:db8::1]:8080.';

  it('takes IPv4 and bracketed IPv6 with a port 1..65535', async () => {
    for (const address of [
      '203.0.113.7:8080',
      '10.0.0.1:1',
      '255.255.255.255:65535',
      '[2001:db8::1]:8080',
      '[::1]:1080',
      '[2001:db8:0:0:0:0:2:1]:443',
      '[::ffff:192.0.2.1]:80',
    ]) {
      const answer = await t.call(['YP'], 'POST', 'proxies', { address, status: 'active', type: 'http' });
      expect(answer.statusCode, `${address} ${answer.body}`).toBe(201);
    }
  });

  it('refuses bad ports, bad octets and bad IPv6, with the address message where only parsing can tell', async () => {
    for (const address of [
      '203.0.113.7:0',
      '203.0.113.7:65536',
      '203.0.113.7:99999',
      '[2001:db8::1::2]:80',
      '[1:2:3]:80',
      '[2001:db8:0:0:0:0:2:1:5]:80',
    ]) {
      const answer = await t.call(['YP'], 'POST', 'proxies', { address, status: 'active', type: 'http' });
      expect(answer.statusCode, address).toBe(422);
      expect(answer.json<{ errors: Record<string, string[]> }>().errors.address, address).toEqual([problem]);
    }
    for (const address of [
      '256.1.1.1:80',
      '203.0.113.07:80',
      '203.0.113:80',
      '203.0.113.7',
      '2001:db8::1:80',
      'proxy.example.com:80',
      '203.0.113.7:080',
    ]) {
      const answer = await t.call(['YP'], 'POST', 'proxies', { address, status: 'active', type: 'http' });
      expect(answer.statusCode, address).toBe(422);
      expect(Object.keys(answer.json<{ errors: Record<string, string[]> }>().errors), address).toContain('address');
    }
  });

  it('checks an edit too, and says it in Russian', async () => {
    const id = await addProxy({ address: '203.0.113.30:8080' });
    const { version } = await proxyRecord(id);
    const answer = await t.call(
      ['YP'],
      'PATCH',
      `proxies/${id}`,
      { address: '[1:2:3]:80', version },
      { 'accept-language': 'ru' },
    );
    expect(answer.statusCode).toBe(422);
    expect(answer.json<{ errors: Record<string, string[]> }>().errors.address).toEqual([
      'Введите IP-адрес и порт, например 203.0.113.7:8080 или [2001:db8::1]:8080.',
    ]);
  });
});

describe('access', () => {
  it('answers 403 without YP on every proxies route', async () => {
    for (const [method, path, body] of [
      ['POST', 'proxies/quote', order(localProvider)],
      ['POST', 'proxies/purchase', order(localProvider)],
      ['POST', 'proxies/1/check', undefined],
      ['POST', `proxy-providers/${localProvider}/balance`, undefined],
      ['GET', 'proxies', undefined],
    ] as const) {
      expect((await t.call(['YS', 'YD'], method, path, body)).statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it('keeps proxy jobs from callers without YP', async () => {
    const { job } = await purchase(order(localProvider, { quantity: 1 }));
    expect((await t.call(['YD'], 'GET', `/api/jobs/${job}`)).statusCode).toBe(404);
  });
});

describe('secrets', () => {
  it('never shows the API key or a login:pass in a response, a job log, a job error, an export or a log line', async () => {
    const pairs = (
      await t.db.query<{ credentials_pair: string }>(
        'SELECT credentials_pair FROM system.proxies WHERE credentials_pair IS NOT NULL',
      )
    ).rows.map((row) => row.credentials_pair);
    expect(pairs.length).toBeGreaterThan(5);
    const secrets = [API_KEY, PROXY_PASSWORD, ...pairs, ...pairs.map((pair) => pair.slice(pair.indexOf(':') + 1))];

    const seen: string[] = [...t.logs];
    for (const path of [
      'proxies?per_page=100',
      'proxy-providers?per_page=100',
      'proxies/export.csv',
      'proxy-providers/export.csv',
      `proxy-providers/${proxy6Provider}`,
    ]) {
      const answer = await t.call(['YP'], 'GET', path);
      expect(answer.statusCode, path).toBe(200);
      seen.push(answer.body);
    }
    const { rows: proxies } = await t.db.query<{ id: string }>('SELECT id::text AS id FROM system.proxies');
    const subjects = [
      `system.proxy_providers:${proxy6Provider}`,
      `system.proxy_providers:${localProvider}`,
      ...proxies.map(({ id }) => `system.proxies:${id}`),
    ];
    const jobs: { id: number }[] = [];
    for (const subject of subjects)
      jobs.push(
        ...(await t.call(['YP'], 'GET', `/api/jobs?subject=${subject}&per_page=100`)).json<
          Data<Data<{ id: number }[]>>
        >().data.data,
      );
    expect(jobs.length).toBeGreaterThan(5);
    for (const { id } of jobs) {
      seen.push((await t.call(['YP'], 'GET', `/api/jobs/${id}`)).body, await t.logLines(id));
    }
    const everything = seen.join('\n');
    expect(t.logs.length).toBeGreaterThan(10);
    expect(everything).toContain('Local (no purchase)');
    for (const secret of secrets)
      expect(everything.includes(secret), `a secret (${secret.length} characters) was shown`).toBe(false);
  });
});
