import type { Money } from '@core/sdk/shared';

/**
 * Buying a domain (`/domains`, YD): the wire shapes of the availability check and the purchase, and
 * the purchase job's steps. The purchase is one background job (kind DOMAIN_PURCHASE_JOB, subject
 * `system.domains:<id>`) whose progress and log lines are read through the kernel's /api/jobs.
 */

/** The job's steps in order; a failed step is retried from where it stopped (the job's checkpoint). */
export const DOMAIN_PURCHASE_STEPS = ['check', 'register', 'zone', 'nameservers', 'records'] as const;
export type DomainPurchaseStep = (typeof DOMAIN_PURCHASE_STEPS)[number];

export const DOMAIN_PURCHASE_JOB = 'system.domain-purchase';

/** `POST domains/availability`: is the name free at the project's registrar, and for how much. */
export interface DomainAvailabilityRequest {
  readonly name: string;
  readonly project: number;
}

export interface DomainAvailability {
  readonly name: string;
  readonly available: boolean;
  /** A year's registration; null when the registrar did not say. */
  readonly price: Money | null;
  /**
   * The registry sells the name at its own price, `price`: the buyer confirms it by sending its
   * amount as the purchase's `premium_price`.
   */
  readonly premium: boolean;
  /** The project's registrar is the local one: nothing would be bought. */
  readonly local: boolean;
}

/** `POST domains/purchase` → 202 `{ data: DomainPurchaseStarted }`. */
export interface DomainPurchaseRequest {
  readonly name: string;
  readonly project: number;
  readonly domain_user: number;
  /** The server the DNS records point at; none: the zone is made without records. */
  readonly server?: number | null;
  /** Years of registration, 1..10. */
  readonly years: number;
  readonly comment?: string;
  /**
   * For a premium name, the price's amount the buyer saw (DomainAvailability.price.amount): the
   * purchase registers the name at that price or not at all.
   */
  readonly premium_price?: string;
}

export interface DomainPurchaseStarted {
  /** The new domain's id (its job status is `queued`). */
  readonly domain: number;
  readonly job: number;
}

/** `POST domains/:id/retry` → 202 `{ data: { job } }`: the failed purchase again, from the step that failed. */
export interface DomainPurchaseRetried {
  readonly job: number;
}
