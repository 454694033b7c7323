import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A call the fake received: the method (null for the key alone) and its query parameters. */
export interface Proxy6Call {
  readonly method: string | null;
  readonly params: Record<string, string>;
}

/**
 * A small local stand-in for Proxy6.net's API (https://proxy6.net/en/developers), for tests only:
 * `GET /api/<key>/<method>/?<params>` for getprice, getcount and buy, and the key alone (the
 * account's envelope), with the documented shapes: `{ status: "yes", user_id, balance, currency, … }`
 * or `{ status: "no", error_id, error }` (100 Error key, 110 Error method, 200 Error count,
 * 210 Error period, 220 Error country, 240 Error version, 260 Error type, 300 Error active proxy
 * allow, 400 Error no money). Bought proxies get addresses of TEST-NET-1 (192.0.2.0/24).
 */
export class FakeProxy6 {
  readonly calls: Proxy6Call[] = [];
  private server: Server | null = null;
  /** The account's money, in RUB; a purchase costs `pricePerDay × count × period`. */
  balance = 1000;
  readonly pricePerDay = 0.5;
  /** Proxies left per country (alpha-2, lower case). */
  readonly stock = new Map<string, number>([
    ['de', 971],
    ['us', 1200],
  ]);
  /** While set, buy answers error 300 (the account may hold no more active proxies). */
  activeLimitReached = false;
  private nextProxyId = 15;
  private nextOrderId = 1000;

  constructor(readonly apiKey: string) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const answer = this.answer(request.url ?? '');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api`;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private envelope(extra: Record<string, unknown> = {}): Record<string, unknown> {
    return { status: 'yes', user_id: '1', balance: this.balance.toFixed(2), currency: 'RUB', ...extra };
  }

  private refuse(errorId: number, error: string): Record<string, unknown> {
    return { status: 'no', error_id: errorId, error };
  }

  private answer(raw: string): Record<string, unknown> {
    const url = new URL(raw, 'http://fake');
    const match = /^\/api\/([^/]+)(?:\/([a-z]+)\/?)?$/.exec(url.pathname);
    if (!match) return this.refuse(110, 'Error method');
    const [, key, method] = match;
    if (decodeURIComponent(key!) !== this.apiKey) return this.refuse(100, 'Error key');
    const params = Object.fromEntries(url.searchParams);
    this.calls.push({ method: method ?? null, params });
    if (method === undefined) return this.envelope();
    const count = Number(params.count);
    const period = Number(params.period);
    if (params.version !== undefined && !['3', '4', '6'].includes(params.version))
      return this.refuse(240, 'Error version');
    switch (method) {
      case 'getprice':
        if (!(count >= 1)) return this.refuse(200, 'Error count');
        if (!(period >= 3)) return this.refuse(210, 'Error period');
        return this.envelope({
          price: count * period * this.pricePerDay,
          price_single: period * this.pricePerDay,
          period,
          count,
        });
      case 'getcount':
        if (!/^[a-z]{2}$/.test(params.country ?? '')) return this.refuse(220, 'Error country');
        return this.envelope({ count: this.stock.get(params.country!) ?? 0 });
      case 'buy':
        return this.buy(params, count, period);
      default:
        return this.refuse(110, 'Error method');
    }
  }

  private buy(params: Record<string, string>, count: number, period: number): Record<string, unknown> {
    if (!(count >= 1)) return this.refuse(200, 'Error count');
    if (!(period >= 3)) return this.refuse(210, 'Error period');
    const country = params.country ?? '';
    if ((this.stock.get(country) ?? 0) < count) return this.refuse(220, 'Error country');
    if (params.type !== undefined && params.type !== 'http' && params.type !== 'socks')
      return this.refuse(260, 'Error type');
    if (this.activeLimitReached) return this.refuse(300, 'Error active proxy allow');
    const price = count * period * this.pricePerDay;
    if (price > this.balance) return this.refuse(400, 'Error no money');
    this.balance -= price;
    const list: Record<string, unknown> = {};
    for (let index = 0; index < count; index += 1) {
      const id = String(this.nextProxyId++);
      list[id] = {
        id,
        ip: `192.0.2.${Number(id) % 250}`,
        host: `192.0.2.${Number(id) % 250}`,
        port: String(8000 + Number(id)),
        user: `u${id}px`,
        pass: `p6-secret-${id}`,
        type: params.type ?? 'http',
        country,
        date: '2026-11-24 12:00:00',
        date_end: '2026-12-24 12:00:00',
        unixtime: 1795000000,
        unixtime_end: 1797600000,
        active: '1',
      };
    }
    return this.envelope({ order_id: this.nextOrderId++, count, price, period, country, list });
  }
}
