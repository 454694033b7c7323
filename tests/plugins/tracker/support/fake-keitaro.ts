import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A call the fake received: method, path under /admin_api/v1, the JSON body and the key it came with. */
export interface KeitaroCall {
  readonly method: string;
  readonly path: string;
  readonly body: Record<string, unknown>;
  readonly apiKey: string | null;
}

type Entity = Record<string, unknown> & { id: number };

/** What a coming call meets, when a test asks: answered as usual, refused, or its connection dropped. */
type Planned =
  | { readonly kind: 'pass' }
  | { readonly kind: 'refuse'; readonly status: number; readonly error: string }
  | { readonly kind: 'drop' }
  | { readonly kind: 'hold'; readonly arrived: () => void; readonly until: Promise<void> };

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/**
 * A small local stand-in for Keitaro's Admin API v1, for tests only: exactly the endpoints the
 * tracker plugin calls (POST/PUT offers, campaigns and streams, POST report/build), with
 * Keitaro's shapes (the entity answered with its assigned `id`), `401 { error: "Unauthorized" }`
 * for a wrong `Api-Key`, and `422 { error: "…" }` for a body Keitaro would not take.
 */
export class FakeKeitaro {
  readonly calls: KeitaroCall[] = [];
  readonly offers = new Map<number, Entity>();
  readonly campaigns = new Map<number, Entity>();
  readonly streams = new Map<number, Entity>();
  /** The rows `report/build` answers, whatever the request (Keitaro's own shape: dimensions and metrics side by side). */
  reportRows: Record<string, unknown>[] = [];
  reportSummary: Record<string, unknown> = {};
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
        const answer =
          planned?.kind === 'refuse'
            ? { status: planned.status, body: { error: planned.error } }
            : this.answer(request.method ?? 'GET', request.url ?? '', raw, typeof key === 'string' ? key : null);
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
  refuseNext(status: number, error: string, after = 0): void {
    this.plan.push(...Array.from({ length: after }, () => ({ kind: 'pass' }) as const), {
      kind: 'refuse',
      status,
      error,
    });
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

  private answer(method: string, url: string, raw: string, apiKey: string | null): Answer {
    const path = url.startsWith('/admin_api/v1/') ? url.slice('/admin_api/v1'.length) : null;
    if (path === null) return { status: 404, body: { error: 'Not found' } };
    let body: Record<string, unknown>;
    try {
      body = raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>);
    } catch {
      return { status: 400, body: { error: 'Invalid JSON' } };
    }
    this.calls.push({ method, path, body, apiKey });
    if (apiKey !== this.apiKey) return { status: 401, body: { error: 'Unauthorized' } };
    const match = /^\/(offers|campaigns|streams)(?:\/(\d+))?$/.exec(path);
    if (match)
      return this.write(
        method,
        match[1] as 'offers' | 'campaigns' | 'streams',
        match[2] === undefined ? null : Number(match[2]),
        body,
      );
    if (method === 'POST' && path === '/report/build') return this.report(body);
    return { status: 404, body: { error: 'Not found' } };
  }

  private write(
    method: string,
    kind: 'offers' | 'campaigns' | 'streams',
    id: number | null,
    body: Record<string, unknown>,
  ): Answer {
    const store = this[kind];
    if ((method === 'POST') !== (id === null) || (method !== 'POST' && method !== 'PUT'))
      return { status: 404, body: { error: 'Not found' } };
    const problem = this.invalid(kind, body, id);
    if (problem) return { status: 422, body: { error: problem } };
    if (id !== null) {
      const stored = store.get(id);
      if (!stored)
        return {
          status: 404,
          body: { error: `${kind === 'offers' ? 'Offer' : kind === 'campaigns' ? 'Campaign' : 'Stream'} not found` },
        };
      const changed = { ...stored, ...body, id, updated_at: '2026-11-24 12:00:00' };
      store.set(id, changed);
      return { status: 200, body: changed };
    }
    this.nextId += 1;
    const created: Entity = {
      ...body,
      id: this.nextId,
      created_at: '2026-11-24 12:00:00',
      updated_at: '2026-11-24 12:00:00',
    };
    store.set(created.id, created);
    return { status: 200, body: created };
  }

  /** What Keitaro's validation says about a body, or null when it takes it. */
  private invalid(
    kind: 'offers' | 'campaigns' | 'streams',
    body: Record<string, unknown>,
    id: number | null,
  ): string | null {
    const blank = (name: string): boolean => typeof body[name] !== 'string' || (body[name] as string).trim() === '';
    if (blank('name')) return 'Name is required';
    if (kind === 'campaigns' && blank('alias')) return 'Alias is required';
    if (
      kind === 'campaigns' &&
      [...this.campaigns.values()].some((campaign) => campaign.alias === body.alias && campaign.id !== id)
    ) {
      return 'Alias has already been taken';
    }
    if (kind === 'streams') {
      if (!this.campaigns.has(Number(body.campaign_id))) return 'Campaign not found';
      const offers = Array.isArray(body.offers) ? (body.offers as { offer_id?: unknown }[]) : [];
      if (offers.some((offer) => !this.offers.has(Number(offer.offer_id)))) return 'Offer not found';
    }
    return null;
  }

  private report(body: Record<string, unknown>): Answer {
    const range = body.range as { from?: unknown; to?: unknown } | undefined;
    if (!range || typeof range.from !== 'string' || typeof range.to !== 'string')
      return { status: 422, body: { error: 'Range is required' } };
    return {
      status: 200,
      body: { rows: this.reportRows, summary: this.reportSummary, total: this.reportRows.length, meta: [] },
    };
  }
}
