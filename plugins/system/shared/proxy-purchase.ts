import type { Money } from '@core/sdk/shared';
import type { ProxyType } from './resources';

/**
 * Buying and checking proxies (`/proxies`, YP): wire shapes. A purchase runs as a background job
 * (kind PROXY_PURCHASE_JOB, subject `system.proxy_providers:<id>`), a check as another
 * (PROXY_CHECK_JOB, subject `system.proxies:<id>`); both are read through the kernel's /api/jobs.
 */

export const PROXY_PURCHASE_JOB = 'system.proxy-purchase';
export const PROXY_CHECK_JOB = 'system.proxy-check';

/** At most this many proxies in one purchase. */
export const MAX_PROXIES_PER_PURCHASE = 100;

/** `POST proxies/quote` and the body of `POST proxies/purchase`. */
export interface ProxyQuoteRequest {
  readonly provider: number;
  /** A country id (core countries: the ISO numeric code). */
  readonly country: number;
  readonly type: ProxyType;
  readonly period_days: number;
  readonly quantity: number;
}

export interface ProxyQuote {
  /** The whole purchase's price; null when the provider did not say. */
  readonly price: Money | null;
  /** Proxies the provider has for this country and type; null when it did not say. */
  readonly available: number | null;
  /** The provider is the local one: nothing would be bought. */
  readonly local: boolean;
}

export interface ProxyPurchaseRequest extends ProxyQuoteRequest {
  /** Optional: the bought proxies are named `<name> 1`, `<name> 2`… or by address without it. */
  readonly name?: string;
  /** The finance agency the proxies are for; sent only while finance runs (the proxies' `team` field). */
  readonly team?: number;
}

/** `POST proxies/purchase` and `POST proxies/:id/check` → 202 `{ data: ProxyJobStarted }`. */
export interface ProxyJobStarted {
  /** The job's id, read through /api/jobs/:id. */
  readonly job: number;
}

/** The longest purchase name: `<name> <n>` must fit a proxy's name (100). */
export const MAX_PURCHASE_NAME = 90;

/** `POST proxies/purchase` → 202 `{ data: { job } }`; the job's result is ProxyPurchaseResult. */
export interface ProxyPurchaseResult {
  /** Ids of the proxies created. */
  readonly proxies: readonly number[];
  readonly order_id: string | null;
  readonly local: boolean;
}

/** `POST proxies/:id/check` → 202 `{ data: { job } }`; the job writes checked_at, latency_ms, exit_ip, status. */
export interface ProxyCheckResult {
  readonly ok: boolean;
  readonly latency_ms: number | null;
  readonly exit_ip: string | null;
  readonly error: string | null;
}
