import type { Money } from '@core/sdk/shared';
import { callOutside, OutsideRefusal, shortReason } from '../domains/outside-call';
import { registrarPhone } from './e164';
import {
  termEnd,
  type NameAvailability,
  type PremiumCharge,
  type Registrant,
  type Registrar,
  type Registration,
  type RegistrationRequest,
} from './registrar';
import { childNamed, descendantsNamed, parseXml, XmlSyntaxError, type XmlElement } from './xml';

/**
 * Namecheap's XML API (https://www.namecheap.com/support/api/methods/): every call is one command
 * with the global parameters ApiUser, ApiKey, UserName and ClientIp, answering
 * `<ApiResponse Status="OK|ERROR"><Errors><Error Number="…">text</Error></Errors><CommandResponse>…`.
 * Calls are POSTs of a form body, so the key never sits in a URL a proxy or a log could keep.
 */

export const NAMECHEAP_API_BASE = 'https://api.namecheap.com/xml.response';
const SYSTEM = 'Namecheap';
const CALL_TIMEOUT_MS = 30_000;

export interface NamecheapCredentials {
  readonly apiUser: string;
  readonly apiKey: string;
  /** The account acted for; the API user's own by default. */
  readonly userName: string;
  /** The address Namecheap has on its allow list for this key. */
  readonly clientIp: string;
}

export interface NamecheapOptions {
  readonly credentials: NamecheapCredentials;
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
  readonly now?: () => Date;
}

const CONTACT_ROLES = ['Registrant', 'Tech', 'Admin', 'AuxBilling'] as const;

/** The contact parameters of domains.create, the same person in every role. */
function contactParams(registrant: Registrant): Record<string, string> {
  const params: Record<string, string> = {};
  for (const role of CONTACT_ROLES) {
    params[`${role}FirstName`] = registrant.firstName;
    params[`${role}LastName`] = registrant.lastName;
    params[`${role}Address1`] = registrant.address;
    params[`${role}City`] = registrant.city;
    params[`${role}StateProvince`] = registrant.province;
    params[`${role}PostalCode`] = registrant.postalCode;
    params[`${role}Country`] = registrant.country;
    params[`${role}Phone`] = registrarPhone(registrant.phone);
    params[`${role}EmailAddress`] = registrant.email;
    if (registrant.organization) params[`${role}OrganizationName`] = registrant.organization;
  }
  return params;
}

/** A registrable name's second-level label and the rest (`example` and `co.uk`). */
function splitName(name: string): { sld: string; tld: string } {
  const dot = name.indexOf('.');
  return { sld: name.slice(0, dot), tld: name.slice(dot + 1) };
}

const isTrue = (value: string | undefined): boolean => value?.toLowerCase() === 'true';
const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * domains.create's premium parameters: a premium name is refused (2515623) without IsPremiumDomain
 * and PremiumPrice, and at a price other than the registry's (2515610), so the buyer never pays an
 * amount they did not see.
 */
function premiumParams(premium: PremiumCharge | undefined): Record<string, string> {
  if (!premium) return {};
  return { IsPremiumDomain: 'True', PremiumPrice: premium.price.amount, EapFee: premium.eapFee };
}

export class NamecheapRegistrar implements Registrar {
  readonly local = false;
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly now: () => Date;

  constructor(private readonly options: NamecheapOptions) {
    this.base = options.baseUrl ?? NAMECHEAP_API_BASE;
    this.timeoutMs = options.timeoutMs ?? CALL_TIMEOUT_MS;
    this.now = options.now ?? (() => new Date());
  }

  async check(name: string, signal?: AbortSignal): Promise<NameAvailability> {
    const command = 'namecheap.domains.check';
    const answer = await this.call(command, { DomainList: name }, signal);
    const result = descendantsNamed(answer, 'DomainCheckResult').find(
      (element) => element.attributes.Domain?.toLowerCase() === name,
    );
    if (!result) throw this.malformed(command, `no DomainCheckResult for ${name}`);
    const errorNo = result.attributes.ErrorNo ?? '0';
    if (errorNo !== '0')
      throw new OutsideRefusal(SYSTEM, command, errorNo, this.clean(result.attributes.Description ?? 'no description'));
    const available = isTrue(result.attributes.Available);
    if (!available || !isTrue(result.attributes.IsPremiumName)) return { available, price: null, premium: null };
    // A premium name is sold at the registry's price, which the check states; the TLD's list price does not apply.
    const amount = result.attributes.PremiumRegistrationPrice ?? '';
    if (!DECIMAL.test(amount) || Number(amount) <= 0) throw this.malformed(command, `no premium price for ${name}`);
    const eapFee = result.attributes.EapFee ?? '0';
    const price = { amount, currency: 'USD' };
    return { available, price, premium: { price, eapFee: DECIMAL.test(eapFee) ? eapFee : '0' } };
  }

  /** One year's registration price of the name's TLD (namecheap.users.getPricing), or null when the list has none. */
  async price(name: string, signal?: AbortSignal): Promise<Money | null> {
    const { tld } = splitName(name);
    const answer = await this.call(
      'namecheap.users.getPricing',
      { ProductType: 'DOMAIN', ActionName: 'REGISTER', ProductName: tld.toUpperCase() },
      signal,
    );
    const product = descendantsNamed(answer, 'Product').find(
      (element) => element.attributes.Name?.toLowerCase() === tld,
    );
    const year = product?.children.find(
      (price) =>
        price.name === 'Price' &&
        price.attributes.Duration === '1' &&
        price.attributes.DurationType?.toUpperCase() === 'YEAR',
    );
    const amount = year?.attributes.YourPrice ?? year?.attributes.Price;
    if (!year || !amount || !DECIMAL.test(amount)) return null;
    return { amount, currency: year.attributes.Currency ?? 'USD' };
  }

  async register(request: RegistrationRequest, signal?: AbortSignal): Promise<Registration> {
    const command = 'namecheap.domains.create';
    const answer = await this.call(
      command,
      {
        DomainName: request.name,
        Years: String(request.years),
        ...contactParams(request.registrant),
        ...premiumParams(request.premium),
      },
      signal,
    );
    const result = descendantsNamed(answer, 'DomainCreateResult')[0];
    if (!result) throw this.malformed(command, 'no DomainCreateResult');
    if (!isTrue(result.attributes.Registered))
      throw new OutsideRefusal(SYSTEM, command, '', `${request.name} was not registered`);
    const order = result.attributes.OrderID ?? result.attributes.DomainID;
    if (!order) throw this.malformed(command, 'no OrderID');
    return { order, expiryDate: termEnd(this.now(), request.years), local: false };
  }

  async setNameservers(name: string, nameservers: readonly string[], signal?: AbortSignal): Promise<void> {
    const command = 'namecheap.domains.dns.setCustom';
    const { sld, tld } = splitName(name);
    const answer = await this.call(command, { SLD: sld, TLD: tld, Nameservers: nameservers.join(',') }, signal);
    const result = descendantsNamed(answer, 'DomainDNSSetCustomResult')[0];
    if (!result) throw this.malformed(command, 'no DomainDNSSetCustomResult');
    if (!isTrue(result.attributes.Updated))
      throw new OutsideRefusal(SYSTEM, command, '', `the nameservers of ${name} were not updated`);
  }

  /** One command: its CommandResponse, or a typed error whose text carries no credential. */
  private async call(
    command: string,
    params: Readonly<Record<string, string>>,
    signal?: AbortSignal,
  ): Promise<XmlElement> {
    const { credentials } = this.options;
    const body = new URLSearchParams({
      ApiUser: credentials.apiUser,
      ApiKey: credentials.apiKey,
      UserName: credentials.userName,
      ClientIp: credentials.clientIp,
      Command: command,
      ...params,
    });
    const answer = await callOutside({
      system: SYSTEM,
      operation: command,
      url: this.base,
      init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body },
      timeoutMs: this.timeoutMs,
      ...(signal ? { signal } : {}),
    });
    const transient = answer.status === 429 || answer.status >= 500;
    let root: XmlElement;
    try {
      root = parseXml(answer.body);
    } catch (error) {
      if (!(error instanceof XmlSyntaxError)) throw error;
      throw new OutsideRefusal(SYSTEM, command, String(answer.status), 'the answer is not the API’s XML', transient);
    }
    if (root.name !== 'ApiResponse')
      throw new OutsideRefusal(SYSTEM, command, String(answer.status), 'the answer is not the API’s XML', transient);
    if (root.attributes.Status?.toUpperCase() !== 'OK') {
      const error = descendantsNamed(childNamed(root, 'Errors') ?? root, 'Error')[0];
      throw new OutsideRefusal(
        SYSTEM,
        command,
        error?.attributes.Number ?? String(answer.status),
        this.clean(error?.text || 'no description'),
        transient,
      );
    }
    const response = childNamed(root, 'CommandResponse');
    if (!response) throw this.malformed(command, 'no CommandResponse');
    return response;
  }

  private clean(text: string): string {
    return shortReason(text, [this.options.credentials.apiKey]);
  }

  private malformed(command: string, what: string): OutsideRefusal {
    return new OutsideRefusal(SYSTEM, command, '', `the answer has ${what}`);
  }
}
