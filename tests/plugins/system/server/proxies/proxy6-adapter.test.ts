import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  TypeNotOfferedError,
} from '@plugins/system/server/proxies/provider-adapter';
import { Proxy6Adapter } from '@plugins/system/server/proxies/proxy6-adapter';
import { readProxyConfig } from '@plugins/system/server/proxies/proxy-config';
import { localAddress } from '@plugins/system/server/proxies/local-provider';
import { deadPort } from './fake-proxies';
import { FakeProxy6 } from './fake-proxy6';

/*
 * The Proxy6.net adapter against a local fake of exactly the calls it makes (getprice, getcount,
 * buy and the key alone), with the documented envelopes; the key never leaves in an error.
 */

const KEY = 'proxy6-key-0123456789abcdef';
const fake = new FakeProxy6(KEY);
let adapter!: Proxy6Adapter;
let base!: string;

beforeAll(async () => {
  base = await fake.start();
  adapter = new Proxy6Adapter({ apiKey: KEY, baseUrl: base });
});
afterAll(() => fake.stop());

const order = { country: 'de', type: 'http', periodDays: 30, quantity: 2 } as const;

/** The error a call rejects with. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('the call did not fail');
}

describe('Proxy6 adapter', () => {
  it('reads the balance from the account’s envelope', async () => {
    expect(await adapter.balance()).toEqual({ amount: '1000.00', currency: 'RUB' });
    expect(fake.calls.at(-1)).toEqual({ method: null, params: {} });
  });

  it('quotes with getprice (count, period, IPv4) and getcount (country, IPv4)', async () => {
    expect(await adapter.quote(order)).toEqual({ price: { amount: '30.00', currency: 'RUB' }, available: 971 });
    expect(fake.calls.slice(-2)).toEqual([
      { method: 'getprice', params: { count: '2', period: '30', version: '4' } },
      { method: 'getcount', params: { country: 'de', version: '4' } },
    ]);
  });

  it('buys with buy and reads each proxy of the list', async () => {
    const purchase = await adapter.buy({ ...order, type: 'socks5', note: 'erp-job-7' });
    expect(fake.calls.at(-1)).toEqual({
      method: 'buy',
      params: { count: '2', period: '30', country: 'de', version: '4', type: 'socks', descr: 'erp-job-7' },
    });
    expect(purchase.orderId).toBe('1000');
    expect(purchase.skipped).toEqual([]);
    expect(purchase.proxies).toEqual([
      {
        host: '192.0.2.15',
        port: 8015,
        user: 'u15px',
        pass: 'p6-secret-15',
        type: 'socks5',
        country: 'de',
        endDate: '2026-12-24',
        providerId: '15',
      },
      {
        host: '192.0.2.16',
        port: 8016,
        user: 'u16px',
        pass: 'p6-secret-16',
        type: 'socks5',
        country: 'de',
        endDate: '2026-12-24',
        providerId: '16',
      },
    ]);
  });

  it('turns the error envelope into a refusal with Proxy6’s words and number', async () => {
    fake.activeLimitReached = true;
    const limited = await failure(adapter.buy({ ...order, note: 'x' }));
    fake.activeLimitReached = false;
    expect(limited).toBeInstanceOf(ProviderRefusedError);
    expect((limited as ProviderRefusedError).reason).toBe('Error active proxy allow (error 300)');

    const poor = await failure(adapter.buy({ ...order, quantity: 90, periodDays: 3650, note: 'x' }));
    expect((poor as ProviderRefusedError).reason).toBe('Error no money (error 400)');

    const wrongKey = await failure(new Proxy6Adapter({ apiKey: 'wrong-key-000', baseUrl: base }).balance());
    expect((wrongKey as ProviderRefusedError).reason).toBe('Error key (error 100)');
  });

  it('refuses mobile proxies before calling: Proxy6 sells none', async () => {
    const calls = fake.calls.length;
    expect(await failure(adapter.quote({ ...order, type: 'mobile' }))).toBeInstanceOf(TypeNotOfferedError);
    expect(await failure(adapter.buy({ ...order, type: 'mobile', note: 'x' }))).toBeInstanceOf(TypeNotOfferedError);
    expect(fake.calls.length).toBe(calls);
    expect(adapter.types).toEqual(['http', 'socks5']);
  });

  it('says Proxy6 could not be reached without naming the URL, which holds the key', async () => {
    const offline = new Proxy6Adapter({ apiKey: KEY, baseUrl: `http://127.0.0.1:${await deadPort()}/api` });
    const error = await failure(offline.quote(order));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toBe('Proxy6 could not be used: no connection for getprice');
    for (const found of [
      error,
      await failure(new Proxy6Adapter({ apiKey: 'wrong-key-000', baseUrl: base }).balance()),
    ]) {
      expect(`${found.message} ${found.stack ?? ''}`).not.toContain(KEY);
      expect(`${found.message}`).not.toContain('wrong-key-000');
    }
  });
});

describe('configuration', () => {
  it('defaults to Proxy6’s API and ipify, and refuses what is not an http(s) URL', () => {
    expect(readProxyConfig({})).toEqual({
      proxy6ApiBase: 'https://px6.link/api',
      proxyCheckUrl: 'https://api.ipify.org?format=json',
    });
    expect(readProxyConfig({ proxy6ApiBase: 'http://127.0.0.1:9/api/' }).proxy6ApiBase).toBe('http://127.0.0.1:9/api');
    expect(() => readProxyConfig({ proxy6ApiBase: 'ftp://x' })).toThrow(
      'pluginSettings.system.proxy6ApiBase must be an http(s) URL.',
    );
    expect(() => readProxyConfig({ proxyCheckUrl: 42 })).toThrow(
      'pluginSettings.system.proxyCheckUrl must be an http(s) URL.',
    );
  });
});

describe('local provider addresses', () => {
  it('come from the documentation ranges only, every host once per port', () => {
    expect(localAddress(0)).toEqual({ host: '203.0.113.1', port: 10000 });
    expect(localAddress(253)).toEqual({ host: '203.0.113.254', port: 10000 });
    expect(localAddress(254)).toEqual({ host: '198.51.100.1', port: 10000 });
    expect(localAddress(508)).toEqual({ host: '203.0.113.1', port: 10001 });
    const seen = new Set(Array.from({ length: 2000 }, (_, index) => JSON.stringify(localAddress(index))));
    expect(seen.size).toBe(2000);
  });
});
