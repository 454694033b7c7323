import { FakeHttpServer, type FakeReply, type FakeRequest } from './fake-http';

/**
 * Namecheap's XML API as its documentation shows it (https://www.namecheap.com/support/api/methods/),
 * only the commands the registrar adapter sends: domains.check, users.getPricing, domains.create and
 * domains.dns.setCustom. Every call must carry the global parameters with the known key; a wrong
 * key is answered as Namecheap does (Status="ERROR", error 1011102).
 */

export const NAMECHEAP_KEY = 'nc-api-key-0123456789abcdef-SECRET';
export const NAMECHEAP_USER = 'erpapi';
export const NAMECHEAP_CLIENT_IP = '198.51.100.7';

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
      case 'namecheap.domains.check': {
        const results = (params.DomainList ?? '').split(',').map((name) => {
          const available = !this.taken.has(name) && !this.registered.has(name);
          return `<DomainCheckResult Domain="${name}" Available="${available}" ErrorNo="0" Description="" IsPremiumName="false" PremiumRegistrationPrice="0" PremiumRenewalPrice="0" PremiumRestorePrice="0" PremiumTransferPrice="0" IcannFee="0" EapFee="0.0" />`;
        });
        return xml(
          'OK',
          command,
          `<CommandResponse Type="namecheap.domains.check">${results.join('')}</CommandResponse>`,
        );
      }
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
      case 'namecheap.domains.create': {
        const name = params.DomainName ?? '';
        if (this.taken.has(name) || this.registered.has(name))
          return error(command, '2033409', `Domain ${name} is not available for registration`);
        this.orders += 1;
        this.registered.set(name, { order: this.orders, years: Number(params.Years), nameservers: [], params });
        return xml(
          'OK',
          command,
          `<CommandResponse Type="namecheap.domains.create"><DomainCreateResult Domain="${name}" Registered="true" ChargedAmount="9.5800" DomainID="${this.orders + 100000}" OrderID="${this.orders}" TransactionID="${this.orders + 50000}" WhoisguardEnable="false" NonRealTimeDomain="false" /></CommandResponse>`,
        );
      }
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
}

export { error as namecheapError };
