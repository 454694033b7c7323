import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedRequest } from '@core/sdk/testing';
import keitaroOpenApi from './keitaro-openapi.json';

/*
 * A small local stand-in for Keitaro's Admin API v1, for tests only. It follows Keitaro's published
 * OpenAPI document (the operations the tracker plugin calls are vendored beside it in
 * keitaro-openapi.json, see KEITARO-OPENAPI.md), not the plugin's code: each endpoint below names the
 * schema operation it answers as. Answers: the documented `Error` body `{ "error": "…" }` with 400, 401
 * and 404, and the documented 406 `NotAcceptable` body `{ "<field>": ["…"] }` for a create whose
 * required fields are missing or not acceptable. Keitaro documents no 422, so the fake never sends one.
 */

/** A call the fake received: method, path under /admin_api/v1, query, the JSON body and the key it came with. */
export interface KeitaroCall extends RecordedRequest {
  readonly path: string;
  readonly query: Readonly<Record<string, string | readonly string[]>>;
  /** The parsed JSON body; `undefined` when none was sent. */
  readonly body: Record<string, unknown> | undefined;
  readonly apiKey: string | null;
}

type Entity = Record<string, unknown> & { id: number };

/** Statuses Keitaro's document answers with its `Error` body. */
type ErrorStatus = 400 | 401 | 402 | 404 | 500;

/** What a coming call meets, when a test asks: answered as usual, refused, or its connection dropped. */
type Planned =
  | { readonly kind: 'pass' }
  | { readonly kind: 'refuse'; readonly status: ErrorStatus | 406; readonly body: unknown }
  | { readonly kind: 'drop' }
  | { readonly kind: 'hold'; readonly arrived: () => void; readonly until: Promise<void> };

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

type FieldMessages = Record<string, string[]>;

/** The list items of one section of `report/build`'s description, `sub_id_1..10` spelt out. */
function documentedList(field: 'metrics' | 'columns'): ReadonlySet<string> {
  const description = keitaroOpenApi.paths['/report/build'].post.description;
  const start = description.indexOf(`Field '${field}'`);
  const end = description.indexOf("Field '", start + 1);
  const section = description.slice(start, end === -1 ? undefined : end);
  const names = [...section.matchAll(/<div class="li">\s*([\w.]+)\s*<\/div>/g)].flatMap((match) => {
    const name = match[1] ?? '';
    const range = /^(\w+_)(\d+)\.\.(\d+)$/.exec(name);
    if (!range) return [name];
    const [, prefix, from, to] = range;
    return Array.from({ length: Number(to) - Number(from) + 1 }, (_, index) => `${prefix}${Number(from) + index}`);
  });
  return new Set(names);
}

/** What `report/build` may group by and add up: the columns and metrics its documentation lists. */
export const DOCUMENTED_REPORT_COLUMNS = documentedList('columns');
export const DOCUMENTED_REPORT_METRICS = documentedList('metrics');

/** Fields a create requires, per the document's `…CreateRequired` schemas and StreamRequest's `required`. */
const REQUIRED_ON_CREATE = {
  offers: ['name'],
  campaigns: ['alias', 'name'],
  streams: ['campaign_id', 'schema', 'type', 'name', 'action_type'],
} as const;

const NAMES = { offers: 'Offer', campaigns: 'Campaign', streams: 'Flow' } as const;

const blank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export class FakeKeitaro {
  readonly calls: KeitaroCall[] = [];
  readonly offers = new Map<number, Entity>();
  readonly campaigns = new Map<number, Entity>();
  readonly streams = new Map<number, Entity>();
  /** Every row of the report, whatever the period (Keitaro's own shape: dimensions and metrics side by side). */
  reportRows: Record<string, unknown>[] = [];
  /** What the next calls meet, in order (each used once); calls beyond it are answered as usual. */
  private readonly plan: Planned[] = [];
  private nextId = 100;
  private server: Server | null = null;

  constructor(readonly apiKey: string) {}

  /** The server URL to configure (the adapter adds `/admin_api/v1`). */
  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', async () => {
        const planned = this.plan.shift();
        if (planned?.kind === 'hold') {
          planned.arrived();
          await planned.until;
        }
        if (planned?.kind === 'drop') {
          request.socket.destroy();
          return;
        }
        const key = request.headers['api-key'];
        const answer = this.answer(
          request.method ?? 'GET',
          request.url ?? '',
          raw,
          typeof key === 'string' ? key : null,
          planned,
        );
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    // fetch keeps connections alive; closing them lets the server stop at once.
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The next call (after `after` answered as usual) is refused with `status` and Keitaro's `{ error }` body. */
  refuseNext(status: ErrorStatus, error: string, after = 0): void {
    this.planAfter(after, { kind: 'refuse', status, body: { error } });
  }

  /** The next call (after `after` answered as usual) gets Keitaro's 406 with its messages per field. */
  rejectFieldsNext(fields: FieldMessages, after = 0): void {
    this.planAfter(after, { kind: 'refuse', status: 406, body: fields });
  }

  /** The next call is answered only once `release` is called (`arrived` resolves when it came): a push kept in flight. */
  holdNext(): { readonly arrived: Promise<void>; readonly release: () => void } {
    let release = (): void => undefined;
    let arrive = (): void => undefined;
    const until = new Promise<void>((resolve) => (release = resolve));
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    this.plan.push({ kind: 'hold', arrived: arrive, until });
    return { arrived, release };
  }

  /** The next call's connection is dropped unanswered: Keitaro cannot be reached. */
  dropNext(): void {
    this.plan.push({ kind: 'drop' });
  }

  private planAfter(after: number, planned: Planned): void {
    this.plan.push(...Array.from({ length: after }, () => ({ kind: 'pass' }) as const), planned);
  }

  private answer(method: string, url: string, raw: string, apiKey: string | null, planned?: Planned): Answer {
    const parsed = new URL(url, 'http://keitaro.invalid');
    const path = parsed.pathname.startsWith('/admin_api/v1/') ? parsed.pathname.slice('/admin_api/v1'.length) : null;
    if (path === null) return { status: 404, body: { error: 'Not found' } };
    let body: Record<string, unknown>;
    try {
      body = raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>);
    } catch {
      return { status: 400, body: { error: 'Invalid JSON' } };
    }
    const query: Record<string, string | string[]> = {};
    for (const [name, value] of parsed.searchParams) {
      const known = query[name];
      query[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
    }
    this.calls.push({ method, path, query, body: raw === '' ? undefined : body, apiKey });
    if (planned?.kind === 'refuse') return { status: planned.status, body: planned.body };
    // Every operation's 401 `Unauthorized` response: the `Error` body.
    if (apiKey !== this.apiKey) return { status: 401, body: { error: 'Unauthorized' } };
    const match = /^\/(offers|campaigns|streams)(?:\/(\d+))?$/.exec(path);
    if (match && (method === 'POST') === (match[2] === undefined) && (method === 'POST' || method === 'PUT')) {
      const kind = match[1] as 'offers' | 'campaigns' | 'streams';
      return match[2] === undefined ? this.create(kind, body) : this.update(kind, Number(match[2]), body);
    }
    if (method === 'POST' && path === '/report/build') return this.report(body);
    return { status: 404, body: { error: 'Not found' } };
  }

  /**
   * `POST /offers` (OfferRequest with OfferCreateRequired), `POST /campaigns` (CampaignRequest with
   * CampaignCreateRequired) and `POST /streams` (StreamRequest): the entity with its assigned `id`, or
   * 406 naming each field that is missing or not acceptable.
   */
  private create(kind: 'offers' | 'campaigns' | 'streams', body: Record<string, unknown>): Answer {
    const problems: FieldMessages = {};
    for (const field of REQUIRED_ON_CREATE[kind]) {
      if (blank(body[field])) problems[field] = [`${field} is required`];
    }
    Object.assign(problems, this.unacceptable(kind, body, null));
    if (Object.keys(problems).length > 0) return { status: 406, body: problems };
    this.nextId += 1;
    const created: Entity = {
      ...body,
      id: this.nextId,
      created_at: '2026-11-24 12:00:00',
      updated_at: '2026-11-24 12:00:00',
    };
    this[kind].set(created.id, created);
    return { status: 200, body: created };
  }

  /**
   * `PUT /offers/{id}` (OfferRequest), `PUT /campaigns/{id}` (CampaignRequest) and `PUT /streams/{id}`
   * (StreamRequestPut): the changed entity, 404 when there is none, and 400 with the `Error` body for a
   * change Keitaro would not take (these operations document no 406).
   */
  private update(kind: 'offers' | 'campaigns' | 'streams', id: number, body: Record<string, unknown>): Answer {
    const stored = this[kind].get(id);
    if (!stored) return { status: 404, body: { error: `${NAMES[kind]} not found` } };
    const blanked = REQUIRED_ON_CREATE[kind].find((field) => field in body && blank(body[field]));
    if (blanked) return { status: 400, body: { error: `${blanked} is required` } };
    const problem = Object.values(this.unacceptable(kind, body, id))[0]?.[0];
    if (problem) return { status: 400, body: { error: problem } };
    const changed = { ...stored, ...body, id, updated_at: '2026-11-24 12:00:00' };
    this[kind].set(id, changed);
    return { status: 200, body: changed };
  }

  /** What Keitaro's validation says of fields it could otherwise store, per field. */
  private unacceptable(
    kind: 'offers' | 'campaigns' | 'streams',
    body: Record<string, unknown>,
    id: number | null,
  ): FieldMessages {
    if (kind === 'campaigns' && typeof body.alias === 'string') {
      const taken = [...this.campaigns.values()].some(
        (campaign) => campaign.alias === body.alias && campaign.id !== id,
      );
      return taken ? { alias: ['Alias has already been taken'] } : {};
    }
    if (kind !== 'streams') return {};
    const problems: FieldMessages = {};
    if (body.campaign_id !== undefined && !this.campaigns.has(Number(body.campaign_id)))
      problems.campaign_id = ['Campaign not found'];
    const offers = Array.isArray(body.offers) ? (body.offers as { offer_id?: unknown }[]) : [];
    if (offers.some((offer) => !this.offers.has(Number(offer.offer_id)))) problems.offers = ['Offer not found'];
    return problems;
  }

  /**
   * `POST /report/build` (ReportsRequest, answered as `Report`: `{ rows, total, meta }`): 406 for a
   * missing range or a grouping or metric its documentation does not list; `limit` and `offset` cut
   * the rows, `total` counts them all. The document describes no `summary`, so none is sent.
   */
  private report(body: Record<string, unknown>): Answer {
    const problems: FieldMessages = {};
    const range = body.range as { from?: unknown; to?: unknown } | undefined;
    if (!range || typeof range.from !== 'string' || typeof range.to !== 'string')
      problems.range = ['Range is required'];
    const unknown = (list: unknown, known: ReadonlySet<string>): string[] =>
      (Array.isArray(list) ? list : []).filter((name) => typeof name !== 'string' || !known.has(name)).map(String);
    const groupings = unknown(body.grouping, DOCUMENTED_REPORT_COLUMNS);
    if (groupings.length > 0) problems.grouping = groupings.map((name) => `Unknown column "${name}"`);
    const metrics = unknown(body.metrics, DOCUMENTED_REPORT_METRICS);
    if (metrics.length > 0) problems.metrics = metrics.map((name) => `Unknown metric "${name}"`);
    if (Object.keys(problems).length > 0) return { status: 406, body: problems };
    const offset = typeof body.offset === 'number' ? body.offset : 0;
    const limit = typeof body.limit === 'number' ? body.limit : this.reportRows.length;
    return {
      status: 200,
      body: {
        rows: this.reportRows.slice(offset, offset + limit),
        total: this.reportRows.length,
        meta: [],
      },
    };
  }
}
