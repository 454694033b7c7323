import { randomBytes } from 'node:crypto';
import type { Database } from '@core/sdk/server';
import type { Money } from '@core/sdk/shared';
import { PROXY_TYPES } from '../../shared/resources';
import type { BoughtProxy, ProviderQuote, ProxyProviderAdapter, Purchase, PurchaseOptions } from './provider-adapter';

/*
 * The local provider, "Local (no purchase)": a fresh install buys proxies without an account
 * anywhere. It keeps its orders in the database (system.local_proxy_orders) and hands out
 * addresses from the documentation ranges 203.0.113.0/24 and 198.51.100.0/24 (RFC 5737), which
 * reach no real host, so nothing it gives out can pass for a real proxy. Its order ids start with
 * `local-`. It has no money and names no price.
 */

export const LOCAL_ORDER_PREFIX = 'local-';

/** The ranges' usable hosts (.1 to .254 of each). */
const NETWORKS = ['203.0.113', '198.51.100'] as const;
const HOSTS_PER_NETWORK = 254;
const POOL = NETWORKS.length * HOSTS_PER_NETWORK;
/** Ports start here; once every host is out, the next round uses the next port. */
const FIRST_PORT = 10_000;
const LAST_PORT = 65_535;

/** The `position`-th address handed out: every host of the ranges on one port, then the next port. */
export function localAddress(position: number): { host: string; port: number } {
  const slot = position % POOL;
  const network = NETWORKS[Math.floor(slot / HOSTS_PER_NETWORK)]!;
  const port = FIRST_PORT + (Math.floor(position / POOL) % (LAST_PORT - FIRST_PORT + 1));
  return { host: `${network}.${(slot % HOSTS_PER_NETWORK) + 1}`, port };
}

/** The day `days` after today (UTC), as `YYYY-MM-DD`. */
function daysFromToday(now: Date, days: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}

export class LocalProxyProvider implements ProxyProviderAdapter {
  readonly local = true;
  readonly types = PROXY_TYPES;

  constructor(
    private readonly db: Database,
    private readonly providerId: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  balance(): Promise<Money | null> {
    return Promise.resolve(null);
  }

  quote(): Promise<ProviderQuote> {
    return Promise.resolve({ price: null, available: null });
  }

  async buy(options: PurchaseOptions): Promise<Purchase> {
    const endDate = daysFromToday(this.now(), options.periodDays);
    return this.db.transaction(async (tx) => {
      const order = await tx.query<{ id: string }>(
        `INSERT INTO system.local_proxy_orders (provider, country, type, period_days, quantity, note)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id`,
        [this.providerId, options.country, options.type, options.periodDays, options.quantity, options.note],
      );
      const positions = await tx.query<{ position: string }>(
        `SELECT nextval('system.local_proxy_addresses')::text AS position FROM generate_series(1, $1::integer)`,
        [options.quantity],
      );
      const proxies = positions.rows.map(
        ({ position }): BoughtProxy => ({
          ...localAddress(Number(position)),
          user: `local${position}`,
          pass: randomBytes(9).toString('base64url'),
          type: options.type,
          country: options.country,
          endDate,
          providerId: position,
        }),
      );
      return { orderId: `${LOCAL_ORDER_PREFIX}${order.rows[0]!.id}`, proxies, skipped: [] };
    });
  }
}
