import { FakeHttpServer, type FakeReply, type FakeRequest } from './fake-http';

/**
 * Namecheap's XML API as its documentation shows it (https://www.namecheap.com/support/api/methods/),
 * only the commands the registrar adapter sends: domains.check, users.getPricing, domains.create and
 * domains.dns.setCustom. Every call must carry the global parameters with the known key; a wrong
 * key is answered as Namecheap does (Status="ERROR", error 1011102), following the global
 * parameters page (https://www.namecheap.com/support/api/global-parameters/).
 */

export const NAMECHEAP_KEY = 'nc-api-key-0123456789abcdef-SECRET';
export const NAMECHEAP_USER = 'erpapi';
export const NAMECHEAP_CLIENT_IP = '198.51.100.7';

/** domains.create's contact roles and, for each, the fields its reference marks required. */
const CONTACT_ROLES = ['Registrant', 'Tech', 'Admin', 'AuxBilling'] as const;
const REQUIRED_CONTACT_FIELDS = [
  'FirstName',
  'LastName',
  'Address1',
  'City',
  'StateProvince',
  'PostalCode',
  'Country',
  'Phone',
  'EmailAddress',
] as const;
/** The phone format the reference gives, `+NNN.NNNNNNNNNN`. */
const PHONE = /^\+\d{1,3}\.\d{4,14}$/;

/** A premium name's prices as domains.check states them. */
export interface FakePremium {
  readonly registration: string;
  readonly renewal: string;
  readonly eapFee: string;
}

const xml = (status: 'OK' | 'ERROR', command: string, inner: string, errors = ''): FakeReply => ({
  status: 200,
  contentType: 'text/xml; charset=utf-8',
  body: `<?xml version="1.0" encoding="utf-8"?>
<ApiResponse Status="${status}" xmlns="http://api.namecheap.com/xml.response">
  <Errors>${errors}</Errors>
  <Warnings />
  <RequestedCommand>${command}</RequestedCommand>
  ${inner}
  <Server>FAKE-SERVER</Server>
  <GMTTimeDifference>--5:00</GMTTimeDifference>
  <ExecutionTime>0.012</ExecutionTime>
</ApiResponse>`,
});

const error = (command: string, number: string, text: string): FakeReply =>
  xml('ERROR', command, '', `<Error Number="${number}">${text}</Error>`);

export class FakeNamecheap {
  /** Names taken at the "registrar" (besides those it registered). */
  readonly taken = new Set<string>(['taken.com']);
  /** Names the registry sells at its own price; a test may change a price between check and create. */
  readonly premium = new Map<string, FakePremium>([
    ['us.xyz', { registration: '13000.0000', renewal: '13000.0000', eapFee: '0.0000' }],
  ]);
  readonly registered = new Map<
    string,
    { order: number; years: number; nameservers: string[]; params: Record<string, string> }
  >();
  /** Each command's next answers, consumed first (an outage, a refusal). */
  readonly scripted = new Map<string, FakeReply[]>();
  readonly http = new FakeHttpServer((request) => this.answer(request));
  private orders = 22150;

  start(): Promise<string> {
    return this.http.start();
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  /** How many times `command` was called. */
  calls(command: string): number {
    return this.http.requests.filter((request) => new URLSearchParams(request.body).get('Command') === command).length;
  }

  private answer(request: FakeRequest): FakeReply {
    const params = Object.fromEntries(new URLSearchParams(request.body));
    const command = params.Command ?? '';
    if (request.method !== 'POST' || request.url !== '/xml.response')
      return { status: 404, contentType: 'text/html', body: '<html><body>Not found</body></html>' };
    if (params.ApiKey !== NAMECHEAP_KEY || params.ApiUser !== NAMECHEAP_USER)
      return error(command, '1011102', 'Parameter APIKey is invalid');
    if (params.ClientIp !== NAMECHEAP_CLIENT_IP) return error(command, '1011150', `Parameter RequestIP is invalid`);
    const scripted = this.scripted.get(command)?.shift();
    if (scripted) return scripted;
    switch (command) {
      // https://www.namecheap.com/support/api/methods/domains/check/ (both example responses: regular and premium)
      case 'namecheap.domains.check': {
        const results = (params.DomainList ?? '').split(',').map((name) => {
          const available = !this.taken.has(name) && !this.registered.has(name);
          const premium = this.premium.get(name);
          if (premium)
            return `<DomainCheckResult Domain="${name}" Available="${available}" ErrorNo="0" Description="" IsPremiumName="true" PremiumRegistrationPrice="${premium.registration}" PremiumRenewalPrice="${premium.renewal}" PremiumRestorePrice="65.0000" PremiumTransferPrice="${premium.renewal}" IcannFee="0.0000" EapFee="${premium.eapFee}" />`;
          return `<DomainCheckResult Domain="${name}" Available="${available}" ErrorNo="0" Description="" IsPremiumName="false" PremiumRegistrationPrice="0" PremiumRenewalPrice="0" PremiumRestorePrice="0" PremiumTransferPrice="0" IcannFee="0" EapFee="0.0" />`;
        });
        return xml(
          'OK',
          command,
          `<CommandResponse Type="namecheap.domains.check">${results.join('')}</CommandResponse>`,
        );
      }
      // https://www.namecheap.com/support/api/methods/users/get-pricing/
      case 'namecheap.users.getPricing': {
        if (params.ProductType !== 'DOMAIN' || params.ActionName !== 'REGISTER')
          return error(command, '2011170', 'Invalid request');
        const tld = (params.ProductName ?? '').toLowerCase();
        return xml(
          'OK',
          command,
          `<CommandResponse Type="namecheap.users.getPricing"><UserGetPricingResult><ProductType Name="domains"><ProductCategory Name="register"><Product Name="${tld}">
            <Price Duration="1" DurationType="YEAR" Price="10.98" PricingType="MULTIPLE" AdditionalCost="0.18" RegularPrice="10.98" RegularPriceType="MULTIPLE" RegularAdditionalCost="0.18" RegularAdditionalCostType="MULTIPLE" YourPrice="9.58" YourPriceType="MULTIPLE" YourAdditonalCost="0.18" YourAdditonalCostType="MULTIPLE" PromotionPrice="0.0" Currency="USD" />
            <Price Duration="2" DurationType="YEAR" Price="21.96" PricingType="MULTIPLE" AdditionalCost="0.36" RegularPrice="21.96" RegularPriceType="MULTIPLE" RegularAdditionalCost="0.36" RegularAdditionalCostType="MULTIPLE" YourPrice="19.16" YourPriceType="MULTIPLE" YourAdditonalCost="0.36" YourAdditonalCostType="MULTIPLE" PromotionPrice="0.0" Currency="USD" />
          </Product></ProductCategory></ProductType></UserGetPricingResult></CommandResponse>`,
        );
      }
      // https://www.namecheap.com/support/api/methods/domains/create/ (request parameters and error codes)
      case 'namecheap.domains.create': {
        const refused = this.createRefusal(params);
        if (refused) return error(command, refused.number, refused.text);
        const name = params.DomainName ?? '';
        this.orders += 1;
        this.registered.set(name, { order: this.orders, years: Number(params.Years), nameservers: [], params });
        const charged = this.premium.get(name)?.registration ?? '9.5800';
        return xml(
          'OK',
          command,
          `<CommandResponse Type="namecheap.domains.create"><DomainCreateResult Domain="${name}" Registered="true" ChargedAmount="${charged}" DomainID="${this.orders + 100000}" OrderID="${this.orders}" TransactionID="${this.orders + 50000}" WhoisguardEnable="false" NonRealTimeDomain="false" /></CommandResponse>`,
        );
      }
      // https://www.namecheap.com/support/api/methods/domains-dns/set-custom/
      case 'namecheap.domains.dns.setCustom': {
        const name = `${params.SLD}.${params.TLD}`;
        const domain = this.registered.get(name);
        if (!domain) return error(command, '2019166', 'Domain not found');
        domain.nameservers = (params.Nameservers ?? '').split(',');
        return xml(
          'OK',
          command,
          `<CommandResponse Type="namecheap.domains.dns.setCustom"><DomainDNSSetCustomResult Domain="${name}" Updated="true" /></CommandResponse>`,
        );
      }
      default:
        return error(command, '1010101', `Command ${command} is not supported by this fake`);
    }
  }

  /**
   * Why domains.create refuses, with the reference's error numbers: a required parameter or
   * contact field missing (2010323, the one code the reference gives for contact fields), a phone
   * not in its format (2015182), a name taken (3019166), a premium name without IsPremiumDomain
   * and PremiumPrice or a regular one with them (2515623), a premium price other than the
   * registry's (2515610).
   */
  private createRefusal(params: Readonly<Record<string, string>>): { number: string; text: string } | null {
    const name = params.DomainName ?? '';
    if (name === '' || !/^\d{1,2}$/.test(params.Years ?? '')) return { number: '2015167', text: 'Invalid Years' };
    for (const role of CONTACT_ROLES) {
      for (const field of REQUIRED_CONTACT_FIELDS) {
        if (!params[`${role}${field}`]?.trim())
          return { number: '2010323', text: `Check the required field for ${role} contact: ${role}${field}` };
      }
      if (!PHONE.test(params[`${role}Phone`] ?? ''))
        return { number: '2015182', text: 'Contact phone is invalid. The phone number format is +NNN.NNNNNNNNNN' };
    }
    if (this.taken.has(name) || this.registered.has(name))
      return { number: '3019166', text: `Domain ${name} is not available` };
    const premium = this.premium.get(name);
    const claimed = params.IsPremiumDomain?.toLowerCase() === 'true';
    if (Boolean(premium) !== claimed || (premium && params.PremiumPrice === undefined))
      return {
        number: '2515623',
        text: 'Domain is premium while considered regular or is regular while considered premium',
      };
    if (premium && Number(params.PremiumPrice) !== Number(premium.registration))
      return { number: '2515610', text: 'Prices do not match' };
    return null;
  }
}

export { error as namecheapError };
