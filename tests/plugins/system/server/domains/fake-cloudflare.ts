import { FakeHttpServer, type FakeReply, type FakeRequest } from './fake-http';

/**
 * Cloudflare's API v4 as documented (https://developers.cloudflare.com/api/), only what the CDN
 * adapter calls: POST /zones, GET /zones?name=, POST /zones/{id}/dns_records, each answering the
 * envelope `{ success, errors, messages, result }`. A wrong token is a 403 with error 10000.
 */

export const CLOUDFLARE_TOKEN = 'cf-token-abcdefghijklmnop-SECRET';
export const CLOUDFLARE_ACCOUNT = '023e105f4ecef8ad9ca31a8372d0c353';

interface FakeZone {
  readonly id: string;
  readonly name: string;
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

export class FakeCloudflare {
  readonly zones = new Map<string, FakeZone>();
  /** The next answers of `POST /zones` or `POST dns_records`, consumed first (a refusal, an outage, an answer held back). */
  readonly scripted = new Map<'zone' | 'record', (FakeReply | Promise<FakeReply>)[]>();
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
    if (request.method === 'POST' && path === '/zones') {
      const scripted = this.scripted.get('zone')?.shift();
      if (scripted) return scripted;
      const body = JSON.parse(request.body) as { name?: string; account?: { id?: string }; type?: string };
      if (body.account?.id !== CLOUDFLARE_ACCOUNT) return cloudflareError(403, 1068, 'Permission denied');
      if (!body.name || body.type !== 'full') return cloudflareError(400, 1099, 'Invalid zone');
      if (this.zones.has(body.name)) return cloudflareError(400, 1061, `${body.name} already exists`);
      this.count += 1;
      const zone: FakeZone = {
        id: `zone${this.count}0000000000000000000000000`.slice(0, 32),
        name: body.name,
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
    if (request.method === 'GET' && path === '/zones') {
      const zone = this.zones.get(url.searchParams.get('name') ?? '');
      return envelope(
        200,
        zone ? [{ id: zone.id, name: zone.name, status: 'pending', name_servers: zone.nameServers }] : [],
      );
    }
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
}
