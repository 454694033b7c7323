import type { Money } from '@core/sdk/shared';
import type { ProxyType } from '../../shared/resources';

/*
 * What the product asks of a proxy provider, whichever it is (Proxy6.net's API, the local one that
 * buys nothing). Adapters throw the two errors below for the provider's side of a failure; the
 * routes and jobs turn them into answers. No error here ever carries a credential.
 */

export interface ProxyOrder {
  /** ISO 3166-1 alpha-2, lower case (`de`). */
  readonly country: string;
  readonly type: ProxyType;
  readonly periodDays: number;
  readonly quantity: number;
}

export interface ProviderQuote {
  /** The whole order's price; null when the provider does not say. */
  readonly price: Money | null;
  /** How many the provider has for the country; null when it does not say. */
  readonly available: number | null;
}

export interface BoughtProxy {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly pass: string;
  readonly type: ProxyType;
  /** Alpha-2, lower case, as the provider reports it. */
  readonly country: string;
  /** The last day it works (`YYYY-MM-DD`). */
  readonly endDate: string;
  /** The provider's own id of this proxy, for log lines. */
  readonly providerId: string;
}

export interface Purchase {
  readonly orderId: string | null;
  readonly proxies: readonly BoughtProxy[];
  /** Items of the provider's answer that were not usable proxies (what was wrong, never a secret). */
  readonly skipped: readonly string[];
}

export interface PurchaseOptions extends ProxyOrder {
  /** A note the provider keeps with the order, so the order can be found in its account. */
  readonly note: string;
  readonly signal?: AbortSignal;
}

export interface ProxyProviderAdapter {
  /** The product's own provider: nothing is bought, nothing is paid. */
  readonly local: boolean;
  /** The types it sells; buying or quoting another throws TypeNotOfferedError. */
  readonly types: readonly ProxyType[];
  /** What the account holds; null when the provider keeps no money. */
  balance(signal?: AbortSignal): Promise<Money | null>;
  quote(order: ProxyOrder, signal?: AbortSignal): Promise<ProviderQuote>;
  buy(options: PurchaseOptions): Promise<Purchase>;
}

/** The provider answered and refused (no money, a wrong key, nothing left in the country). */
export class ProviderRefusedError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
  ) {
    super(`${provider} refused: ${reason}`);
    this.name = 'ProviderRefusedError';
  }
}

/** The provider could not be reached, or answered something that is not its API. */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
  ) {
    super(`${provider} could not be used: ${reason}`);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider does not sell this type (Proxy6 has no mobile proxies): the caller's choice, a 422. */
export class TypeNotOfferedError extends Error {
  constructor(
    readonly provider: string,
    readonly type: ProxyType,
  ) {
    super(`${provider} does not sell ${type} proxies`);
    this.name = 'TypeNotOfferedError';
  }
}
