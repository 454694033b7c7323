import type { Money } from '@core/sdk/shared';
import { parseHostPort } from '../../shared/network';
import { formatHostPort } from './host-port';
import type { ProxyType } from '../../shared/resources';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  TypeNotOfferedError,
  type BoughtProxy,
  type ProviderQuote,
  type ProxyOrder,
  type ProxyProviderAdapter,
  type Purchase,
  type PurchaseOptions,
} from './provider-adapter';

/*
 * Proxy6.net's API (https://proxy6.net/en/developers): `GET <base>/<api_key>/<method>/?<params>`,
 * answering `{ status: "yes", user_id, balance, currency, … }` or `{ status: "no", error_id, error }`.
 * The key is part of every URL, so no error or log line here carries a URL: only the method's name.
 * Only IPv4 proxies (version 4) are bought: they are what the proxies screen records.
 */

const PROVIDER = 'Proxy6';
/** Proxy6's "version": 4 is a dedicated IPv4 proxy. */
const IPV4_VERSION = '4';
const CALL_TIMEOUT_MS = 20_000;

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
type JsonObject = { readonly [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Proxy6's protocol names: `socks` is SOCKS5. */
const PROTOCOLS: Readonly<Record<Exclude<ProxyType, 'mobile'>, string>> = { http: 'http', socks5: 'socks' };

function protocolOf(type: ProxyType): string {
  if (type === 'mobile') throw new TypeNotOfferedError(PROVIDER, type);
  return PROTOCOLS[type];
}

/** A whole number Proxy6 sends as a number or as digits. */
function wholeNumber(value: Json | undefined): number | null {
  const number = typeof value === 'string' && /^[0-9]{1,9}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : null;
}

/** An amount Proxy6 sends as a number or as a decimal string, with two decimals. */
function amount(value: Json | undefined): string | null {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value.toFixed(2);
  if (typeof value === 'string' && /^[0-9]{1,12}(\.[0-9]{1,4})?$/.test(value.trim()))
    return Number(value.trim()).toFixed(2);
  return null;
}

const CURRENCY = /^[A-Z]{3}$/;

function money(value: Json | undefined, currency: Json | undefined): Money | null {
  const sum = amount(value);
  return sum !== null && typeof currency === 'string' && CURRENCY.test(currency) ? { amount: sum, currency } : null;
}

const text = (value: Json | undefined): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

export interface Proxy6Options {
  readonly apiKey: string;
  /** Without a trailing slash (`https://px6.link/api`). */
  readonly baseUrl: string;
  readonly timeoutMs?: number;
}

export class Proxy6Adapter implements ProxyProviderAdapter {
  readonly local = false;
  readonly types: readonly ProxyType[] = ['http', 'socks5'];

  constructor(private readonly options: Proxy6Options) {}

  async balance(signal?: AbortSignal): Promise<Money | null> {
    // The key alone (no method) answers the account's envelope: user, balance and currency.
    const envelope = await this.call(null, {}, signal);
    return money(envelope.balance, envelope.currency);
  }

  async quote(order: ProxyOrder, signal?: AbortSignal): Promise<ProviderQuote> {
    protocolOf(order.type);
    const price = await this.call(
      'getprice',
      { count: String(order.quantity), period: String(order.periodDays), version: IPV4_VERSION },
      signal,
    );
    const count = await this.call('getcount', { country: order.country, version: IPV4_VERSION }, signal);
    return { price: money(price.price, price.currency), available: wholeNumber(count.count) };
  }

  async buy(options: PurchaseOptions): Promise<Purchase> {
    const params = {
      count: String(options.quantity),
      period: String(options.periodDays),
      country: options.country,
      version: IPV4_VERSION,
      type: protocolOf(options.type),
      descr: options.note,
    };
    const answer = await this.call('buy', params, options.signal);
    const list = answer.list;
    if (!isObject(list)) throw new ProviderUnavailableError(PROVIDER, 'the buy answer has no list of proxies');
    const proxies: BoughtProxy[] = [];
    const skipped: string[] = [];
    for (const [key, item] of Object.entries(list)) {
      const parsed = isObject(item) ? boughtProxy(item, options) : null;
      if (typeof parsed === 'string' || parsed === null) skipped.push(`proxy ${key}: ${parsed ?? 'not an object'}`);
      else proxies.push(parsed);
    }
    return { orderId: text(answer.order_id), proxies, skipped };
  }

  /** One call: the success envelope, or a typed error that names the method only (the URL holds the key). */
  private async call(
    method: string | null,
    params: Readonly<Record<string, string>>,
    signal?: AbortSignal,
  ): Promise<JsonObject> {
    const what = method ?? 'the account';
    const timeoutMs = this.options.timeoutMs ?? CALL_TIMEOUT_MS;
    const query = new URLSearchParams(params).toString();
    const url = `${this.options.baseUrl}/${encodeURIComponent(this.options.apiKey)}${method ? `/${method}/` : ''}${query ? `?${query}` : ''}`;
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch {
      throw new ProviderUnavailableError(
        PROVIDER,
        timeout.aborted ? `no answer to ${what} within ${timeoutMs} ms` : `no connection for ${what}`,
      );
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ProviderUnavailableError(PROVIDER, `${what} answered HTTP ${response.status} without JSON`);
    }
    if (!isObject(body) || (body.status !== 'yes' && body.status !== 'no')) {
      throw new ProviderUnavailableError(
        PROVIDER,
        `${what} answered HTTP ${response.status} without the API's envelope`,
      );
    }
    if (body.status === 'no') {
      const reason = typeof body.error === 'string' ? this.redacted(body.error) : 'no reason given';
      const code = wholeNumber(body.error_id);
      throw new ProviderRefusedError(PROVIDER, code === null ? reason : `${reason} (error ${code})`);
    }
    return body;
  }

  /** Proxy6's own text, should it ever echo the key back. */
  private redacted(message: string): string {
    return this.options.apiKey === '' ? message : message.split(this.options.apiKey).join('***');
  }
}

/** A bought proxy from an item of `buy`'s list, or what is wrong with the item (never its credentials). */
function boughtProxy(item: JsonObject, order: PurchaseOptions): BoughtProxy | string {
  const host = text(item.host) ?? text(item.ip);
  const port = wholeNumber(item.port);
  if (host === null || port === null) return 'no host or port';
  const address = parseHostPort(formatHostPort(host, port));
  if (!address) return 'not an IP address and port';
  const user = text(item.user);
  const pass = text(item.pass);
  if (!user || !pass || /[\s:]/.test(user) || /\s/.test(pass)) return 'no usable login and password';
  const end = text(item.date_end);
  const endDate = end && /^[0-9]{4}-[0-9]{2}-[0-9]{2}/.test(end) ? end.slice(0, 10) : null;
  if (!endDate) return 'no end date';
  const country = text(item.country)?.toLowerCase() ?? order.country;
  const type: ProxyType = item.type === 'socks' ? 'socks5' : 'http';
  return {
    host: address.host,
    port: address.port,
    user,
    pass,
    type,
    country,
    endDate,
    providerId: text(item.id) ?? '',
  };
}
