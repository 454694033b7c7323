import type { Money } from '@core/sdk/shared';

/**
 * A registrar as the domain purchase drives it: is a name free and for how much, register it for
 * the domain user, point it at nameservers. Implementations: the local registrar (state in the
 * database, buys nothing) and Namecheap's XML API.
 */

/** The registrant's contact, from the domain user. */
export interface Registrant {
  readonly firstName: string;
  readonly lastName: string;
  readonly address: string;
  readonly city: string;
  readonly province: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  readonly postalCode: string;
  /** E.164. */
  readonly phone: string;
  readonly email: string;
  readonly organization: string | null;
}

export interface NameAvailability {
  readonly available: boolean;
  /** One year's registration; null when the registrar does not say (the local one never does). */
  readonly price: Money | null;
  /** Set when the registry sells this name at its own price (`price` is then that price), not its TLD's list price. */
  readonly premium: PremiumCharge | null;
}

/** What registering a premium name costs; registering it at any other price is refused by the registrar. */
export interface PremiumCharge {
  readonly price: Money;
  /** The registry's early-access fee (a decimal amount, "0" outside an early-access period). */
  readonly eapFee: string;
}

export interface Registration {
  /** The registrar's order (or registration) id, kept on the domain so the name is never bought twice. */
  readonly order: string;
  /** The day the registration ends (`YYYY-MM-DD`). */
  readonly expiryDate: string;
  /** True when nothing was bought: the local registrar. */
  readonly local: boolean;
}

export interface RegistrationRequest {
  /** The domain record the name is registered for (the local registrar keys its state by it). */
  readonly domainId: number;
  readonly name: string;
  readonly years: number;
  readonly registrant: Registrant;
  /** Set for a premium name: the price to pay, the one the buyer confirmed. */
  readonly premium?: PremiumCharge;
}

export interface Registrar {
  /** Whether this registrar buys nothing. */
  readonly local: boolean;
  check(name: string, signal?: AbortSignal): Promise<NameAvailability>;
  /** One year's registration of a name like this one (its TLD's list price); null when the registrar does not say. */
  price(name: string, signal?: AbortSignal): Promise<Money | null>;
  register(request: RegistrationRequest, signal?: AbortSignal): Promise<Registration>;
  setNameservers(name: string, nameservers: readonly string[], signal?: AbortSignal): Promise<void>;
}

/** The day `years` after `from`, as a registrar counts a term (29 February rolls to 1 March). */
export function termEnd(from: Date, years: number): string {
  const end = new Date(Date.UTC(from.getUTCFullYear() + years, from.getUTCMonth(), from.getUTCDate()));
  return end.toISOString().slice(0, 10);
}
