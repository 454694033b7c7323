import { FakeHttpServer, type FakeReply, type FakeRequest } from './fake-http';

/**
 * Cloudflare's API v4 as documented (https://developers.cloudflare.com/api/) and as its published
 * OpenAPI schema states it (cloudflare/api-schemas, vendored beside this file as
 * cloudflare-openapi.json), only what the CDN adapter calls, each answering the envelope
 * `{ success, errors, messages, result }` and, on lists, `result_info`. A wrong token is a 403 with
 * error 10000.
 */

export const CLOUDFLARE_TOKEN = 'cf-token-abcdefghijklmnop-SECRET';
export const CLOUDFLARE_ACCOUNT = '023e105f4ecef8ad9ca31a8372d0c353';

/** Another account the token can see; its zones show in lists unless filtered out by `account.id`. */
export const OTHER_ACCOUNT = '9a7806061c88ada191ed06f989cc3dac';

interface FakeZone {
  readonly id: string;
  readonly name: string;
  readonly account: string;
  readonly nameServers: readonly string[];
  readonly records: { type: string; name: string; content: string; proxied: boolean; ttl: number }[];
}

const envelope = (
  status: number,
  result: unknown,
  errors: readonly { code: number; message: string }[] = [],
): FakeReply => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ success: errors.length === 0, errors, messages: [], result }),
});

export const cloudflareError = (status: number, code: number, message: string): FakeReply =>
  envelope(status, null, [{ code, message }]);

/** zones-get's paging bounds and default (the schema's `page` and `per_page` parameters). */
const PER_PAGE = { min: 5, max: 50, default: 20 } as const;

export class FakeCloudflare {
  /** This account's zones by name. */
  readonly zones = new Map<string, FakeZone>();
  /** Zones of other accounts the token also sees, listed before this account's. */
  readonly otherZones: FakeZone[] = [];
  /** The next answers of `POST /zones`, `GET /zones` or `POST dns_records`, consumed first (a refusal, an outage, an answer held back). */
  readonly scripted = new Map<'zone' | 'lookup' | 'record', (FakeReply | Promise<FakeReply>)[]>();
  readonly http = new FakeHttpServer((request) => this.answer(request));
  private count = 0;

  start(): Promise<string> {
    return this.http.start();
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  private answer(request: FakeRequest): FakeReply | Promise<FakeReply> {
    if (request.headers.authorization !== `Bearer ${CLOUDFLARE_TOKEN}`)
      return cloudflareError(403, 10000, 'Authentication error');
    const url = new URL(request.url, 'http://fake');
    const path = url.pathname.replace(/^\/client\/v4/, '');
    // Zones › Create Zone: POST /zones (operation zones-post)
    if (request.method === 'POST' && path === '/zones') {
      const scripted = this.scripted.get('zone')?.shift();
      if (scripted) return scripted;
      const body = JSON.parse(request.body) as { name?: string; account?: { id?: string }; type?: string };
      if (body.account?.id !== CLOUDFLARE_ACCOUNT) return cloudflareError(403, 1068, 'Permission denied');
      if (!body.name || body.type !== 'full') return cloudflareError(400, 1099, 'Invalid zone');
      if (this.zones.has(body.name)) return cloudflareError(400, 1061, `${body.name} already exists`);
      this.count += 1;
      const zone: FakeZone = {
        // A zone id is 32 hexadecimal digits, as the schema's zones_identifier example shows.
        id: `${this.count.toString(16).padStart(8, '0')}${'e'.repeat(24)}`,
        name: body.name,
        account: CLOUDFLARE_ACCOUNT,
        nameServers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
        records: [],
      };
      this.zones.set(body.name, zone);
      return envelope(200, {
        id: zone.id,
        name: zone.name,
        status: 'pending',
        name_servers: zone.nameServers,
        account: { id: CLOUDFLARE_ACCOUNT },
      });
    }
    // Zones › List Zones: GET /zones (operation zones-get), filtered by name and account.id, paged
    if (request.method === 'GET' && path === '/zones') {
      const scripted = this.scripted.get('lookup')?.shift();
      if (scripted) return scripted;
      return this.listZones(url.searchParams);
    }
    // DNS Records for a Zone › Create DNS Record: POST /zones/{zone_id}/dns_records
    const records = /^\/zones\/([^/]+)\/dns_records$/.exec(path);
    if (request.method === 'POST' && records) {
      const scripted = this.scripted.get('record')?.shift();
      if (scripted) return scripted;
      const zone = [...this.zones.values()].find((candidate) => candidate.id === records[1]);
      if (!zone)
        return cloudflareError(
          404,
          7003,
          'Could not route to /zones/x/dns_records, perhaps your object identifier is invalid?',
        );
      const body = JSON.parse(request.body) as {
        type: string;
        name: string;
        content: string;
        proxied: boolean;
        ttl: number;
      };
      if (
        zone.records.some(
          (record) => record.type === body.type && record.name === body.name && record.content === body.content,
        )
      ) {
        return cloudflareError(400, 81058, 'An identical record already exists.');
      }
      zone.records.push(body);
      return envelope(200, { id: `rec${zone.records.length}`, ...body });
    }
    return cloudflareError(404, 7000, 'No route for that URI');
  }

  private listZones(query: URLSearchParams): FakeReply {
    const page = Number(query.get('page') ?? '1');
    const perPage = Number(query.get('per_page') ?? String(PER_PAGE.default));
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage))
      return cloudflareError(400, 1004, 'Invalid page or per_page');
    if (perPage < PER_PAGE.min || perPage > PER_PAGE.max)
      return cloudflareError(400, 1004, `per_page must be between ${PER_PAGE.min} and ${PER_PAGE.max}`);
    const name = query.get('name');
    const account = query.get('account.id');
    const all = [...this.otherZones, ...this.zones.values()];
    const matching = all.filter(
      (zone) => (name === null || zone.name === name) && (account === null || zone.account === account),
    );
    const shown = matching.slice((page - 1) * perPage, page * perPage);
    const result = shown.map((zone) => ({
      id: zone.id,
      name: zone.name,
      status: 'pending',
      name_servers: zone.nameServers,
      account: { id: zone.account },
    }));
    return {
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        success: true,
        errors: [],
        messages: [],
        result,
        result_info: {
          page,
          per_page: perPage,
          count: result.length,
          total_count: matching.length,
          total_pages: Math.max(1, Math.ceil(matching.length / perPage)),
        },
      }),
    };
  }
}
