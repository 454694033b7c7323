/**
 * Keitaro's Admin API v1 (https://admin-api.docs.keitaro.io/): the calls the tracker plugin makes,
 * each JSON over HTTP to `<server url>/admin_api/v1/<path>` with the key in the `Api-Key` header.
 * The key travels only in that header: no error, log line or message made here carries it, and a
 * message Keitaro sends back has the key masked should a proxy echo it.
 */

/** How long one call may take before it counts as unreachable. */
const CALL_TIMEOUT_MS = 10_000;

const KEY_MASK = '***';

/** Where a Keitaro server is and the key its Admin API takes. */
export interface KeitaroConnection {
  /** The server's address as configured (admin's Keitaro servers): `https://tracker.example.com`. */
  readonly url: string;
  readonly apiKey: string;
  readonly timeoutMs?: number;
}

/** An offer as the tracker plugin writes it (POST /offers, PUT /offers/{id}). */
export interface KeitaroOfferInput {
  readonly name: string;
  /** Where the offer sends its clicks; Keitaro's `action_payload` of an `http` action. */
  readonly url: string;
  /** A decimal string: the amount Keitaro pays per conversion. */
  readonly payoutValue: string;
  /** ISO 4217. */
  readonly payoutCurrency: string;
  /** ISO 3166-1 alpha-2 codes. */
  readonly countries: readonly string[];
  readonly notes: string | null;
}

export interface KeitaroOffer {
  readonly id: number;
  readonly name: string;
}

/** A campaign (POST /campaigns, PUT /campaigns/{id}): streams live inside one. */
export interface KeitaroCampaignInput {
  readonly name: string;
  /** The campaign's token in tracking links (`https://<domain>/<alias>`); Keitaro requires it on create. */
  readonly alias: string;
}

export interface KeitaroCampaign {
  readonly id: number;
  readonly name: string;
  readonly alias: string;
}

/** Keitaro's stream types: `default` catches what no other stream of the campaign took. */
export type KeitaroStreamType = 'regular' | 'forced' | 'default';

/** A stream sending a campaign's clicks to one offer (POST /streams, PUT /streams/{id}). */
export interface KeitaroStreamInput {
  readonly campaignId: number;
  readonly name: string;
  readonly type: KeitaroStreamType;
  readonly offerId: number;
}

export interface KeitaroStream {
  readonly id: number;
  readonly campaignId: number;
  readonly name: string;
}

/**
 * Dimensions `report/build` groups by, each one of the columns its documentation lists (the operation's
 * "Field 'columns'" list: `offer_id` among the IDS, `offer`, `stream`, `campaign` and `country` among the
 * Data, `day` under Date and Time). Keitaro lists no affiliate-network column, so advertisers are not
 * asked of it: the report groups by `offer_id` and adds the offers up by their advertiser here.
 */
export const KEITARO_REPORT_GROUPINGS = ['day', 'offer_id', 'offer', 'stream', 'campaign', 'country'] as const;
export type KeitaroReportGrouping = (typeof KEITARO_REPORT_GROUPINGS)[number];

/** Measures `report/build` can add up, as Keitaro names them. */
export const KEITARO_REPORT_METRICS = [
  'clicks',
  'campaign_unique_clicks',
  'leads',
  'sales',
  'revenue',
  'cost',
  'profit',
  'roi',
  'cr',
  'epc',
] as const;
export type KeitaroReportMetric = (typeof KEITARO_REPORT_METRICS)[number];

/** POST /report/build: one period, grouped, with the measures wanted. */
export interface KeitaroReportRequest {
  /** Plain days (`YYYY-MM-DD`), both included, read in `timezone` (an IANA name: `Europe/Moscow`). */
  readonly range: { readonly from: string; readonly to: string; readonly timezone: string };
  readonly grouping: readonly KeitaroReportGrouping[];
  readonly metrics: readonly KeitaroReportMetric[];
}

/**
 * One row of a report: each grouping's value as text (null when Keitaro has none), each metric as
 * a decimal string exactly as Keitaro sent it (no float arithmetic happens here).
 */
export interface KeitaroReportRow {
  readonly dimensions: Readonly<Partial<Record<KeitaroReportGrouping, string | null>>>;
  readonly metrics: Readonly<Partial<Record<KeitaroReportMetric, string>>>;
}

/** Every row of the report, read page by page (`Report`: `rows`, `total`, `meta`; no totals are documented). */
export interface KeitaroReport {
  readonly rows: readonly KeitaroReportRow[];
}

/** Rows asked for per `report/build` call: `limit` and `offset` page through the answer's `total`. */
export const KEITARO_REPORT_PAGE = 1000;

/** The most rows one report reads; a report beyond it is refused rather than read without end. */
export const KEITARO_REPORT_MAX_ROWS = 100_000;

/** Something went wrong calling Keitaro; `operation` says which call (`POST /offers`), never with the key. */
export abstract class KeitaroError extends Error {
  constructor(
    readonly operation: string,
    message: string,
  ) {
    super(message);
  }
}

/** 401: Keitaro does not take the API key. */
export class KeitaroUnauthorizedError extends KeitaroError {
  constructor(operation: string) {
    super(operation, `Keitaro refused the API key (401) on ${operation}.`);
    this.name = 'KeitaroUnauthorizedError';
  }
}

/** Keitaro answered and refused (400 or 406 with its validation messages, 404, or failed itself with a 5xx). */
export class KeitaroRefusedError extends KeitaroError {
  constructor(
    operation: string,
    readonly status: number,
    /** Keitaro's own messages; never empty. */
    readonly messages: readonly string[],
  ) {
    super(operation, `Keitaro refused ${operation} (${status}): ${messages.join('; ')}`);
    this.name = 'KeitaroRefusedError';
  }
}

/** A report with more rows than KEITARO_REPORT_MAX_ROWS: a shorter period or fewer groupings would fit. */
export class KeitaroReportTooLargeError extends KeitaroError {
  constructor(
    operation: string,
    /** The rows Keitaro says the report has. */
    readonly total: number,
  ) {
    super(operation, `Keitaro's report has ${total} rows, more than ${KEITARO_REPORT_MAX_ROWS}.`);
    this.name = 'KeitaroReportTooLargeError';
  }
}

/**
 * Why Keitaro could not be heard, typed so each reason reaches the user in their language: no connection, no
 * answer in time, or an answer that is not Keitaro's API (`detail`, for the log, names what was wrong with it).
 */
export type KeitaroUnreachableReason =
  | { readonly kind: 'connection' }
  | { readonly kind: 'timeout'; readonly ms: number }
  | { readonly kind: 'notItsApi'; readonly detail: string };

function describeReason(reason: KeitaroUnreachableReason): string {
  switch (reason.kind) {
    case 'connection':
      return 'no connection';
    case 'timeout':
      return `no answer within ${reason.ms} ms`;
    case 'notItsApi':
      return reason.detail;
  }
}

const notItsApi = (detail: string): KeitaroUnreachableReason => ({ kind: 'notItsApi', detail });

/** Keitaro did not answer (no connection, a timeout) or answered something that is not its API. */
export class KeitaroUnreachableError extends KeitaroError {
  constructor(
    operation: string,
    readonly reason: KeitaroUnreachableReason,
  ) {
    super(operation, `Keitaro could not be reached for ${operation}: ${describeReason(reason)}.`);
    this.name = 'KeitaroUnreachableError';
  }
}

type JsonObject = { readonly [key: string]: unknown };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Keitaro's documented error bodies: `{ "error": "…" }` (its `Error` schema, answered with 400, 404 and
 * 5xx) and the 406 validation answer `{ "<field>": ["…", …] }` (its `NotAcceptable` response), read as
 * `field: message` so the user learns which field Keitaro did not take.
 */
function messagesOf(body: unknown): string[] {
  if (!isObject(body)) return [];
  const texts: string[] = [];
  for (const [field, value] of Object.entries(body)) {
    const said = (Array.isArray(value) ? value : [value])
      .filter((text): text is string => typeof text === 'string' && text.trim() !== '')
      .map((text) => text.trim());
    texts.push(...said.map((text) => (field === 'error' ? text : `${field}: ${text}`)));
  }
  return [...new Set(texts)];
}

/** A positive whole number Keitaro answered as an id (it sends numbers, some proxies strings). */
function idIn(operation: string, body: JsonObject, name: string): number {
  const value = typeof body[name] === 'string' ? Number(body[name]) : body[name];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    throw new KeitaroUnreachableError(operation, notItsApi(`the answer has no valid "${name}"`));
  return value;
}

const textIn = (body: JsonObject, name: string): string => (typeof body[name] === 'string' ? body[name] : '');

/** A metric as Keitaro sent it, as a decimal string: JSON numbers print back to the digits they were written with. */
function decimalOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return value.trim();
  return null;
}

function metricsOf(
  row: JsonObject,
  metrics: readonly KeitaroReportMetric[],
): Partial<Record<KeitaroReportMetric, string>> {
  const found: Partial<Record<KeitaroReportMetric, string>> = {};
  for (const metric of metrics) {
    const value = decimalOf(row[metric]);
    if (value !== null) found[metric] = value;
  }
  return found;
}

function dimensionsOf(
  row: JsonObject,
  grouping: readonly KeitaroReportGrouping[],
): Partial<Record<KeitaroReportGrouping, string | null>> {
  const found: Partial<Record<KeitaroReportGrouping, string | null>> = {};
  for (const dimension of grouping) {
    const value = row[dimension];
    found[dimension] = typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  }
  return found;
}

export class KeitaroAdminApi {
  private readonly base: string;
  private readonly timeoutMs: number;

  constructor(private readonly connection: KeitaroConnection) {
    this.base = `${connection.url.replace(/\/+$/, '')}/admin_api/v1`;
    this.timeoutMs = connection.timeoutMs ?? CALL_TIMEOUT_MS;
  }

  createOffer(offer: KeitaroOfferInput): Promise<KeitaroOffer> {
    return this.offer('POST', '/offers', offer);
  }

  updateOffer(id: number, offer: KeitaroOfferInput): Promise<KeitaroOffer> {
    return this.offer('PUT', `/offers/${id}`, offer);
  }

  createCampaign(campaign: KeitaroCampaignInput): Promise<KeitaroCampaign> {
    return this.campaign('POST', '/campaigns', campaign);
  }

  updateCampaign(id: number, campaign: KeitaroCampaignInput): Promise<KeitaroCampaign> {
    return this.campaign('PUT', `/campaigns/${id}`, campaign);
  }

  createStream(stream: KeitaroStreamInput): Promise<KeitaroStream> {
    return this.stream('POST', '/streams', stream);
  }

  updateStream(id: number, stream: KeitaroStreamInput): Promise<KeitaroStream> {
    return this.stream('PUT', `/streams/${id}`, stream);
  }

  /**
   * POST /report/build: every row of one period, grouped. Keitaro answers a page of rows with the
   * report's `total`; the pages are asked for with `limit` and `offset` until `total` rows are read.
   */
  async buildReport(request: KeitaroReportRequest): Promise<KeitaroReport> {
    const operation = 'POST /report/build';
    const rows: KeitaroReportRow[] = [];
    for (;;) {
      const body = await this.call('POST', '/report/build', {
        range: { from: request.range.from, to: request.range.to, timezone: request.range.timezone },
        grouping: request.grouping,
        metrics: request.metrics,
        filters: [],
        // A stable order, so no row moves from one page to another between calls.
        sort: request.grouping.map((name) => ({ name, order: 'ASC' })),
        limit: KEITARO_REPORT_PAGE,
        offset: rows.length,
      });
      const page = body.rows;
      const total = body.total;
      if (!Array.isArray(page)) throw new KeitaroUnreachableError(operation, notItsApi('the answer has no "rows"'));
      if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0)
        throw new KeitaroUnreachableError(operation, notItsApi('the answer has no valid "total"'));
      if (total > KEITARO_REPORT_MAX_ROWS) throw new KeitaroReportTooLargeError(operation, total);
      rows.push(
        ...page.filter(isObject).map((row) => ({
          dimensions: dimensionsOf(row, request.grouping),
          metrics: metricsOf(row, request.metrics),
        })),
      );
      // A short page ends the report even before `total`: rows may have gone since it was counted.
      if (rows.length >= total || page.length < KEITARO_REPORT_PAGE) return { rows };
    }
  }

  private async offer(method: 'POST' | 'PUT', path: string, offer: KeitaroOfferInput): Promise<KeitaroOffer> {
    const body = await this.call(method, path, {
      name: offer.name,
      offer_type: 'external',
      action_type: 'http',
      action_payload: offer.url,
      payout_value: Number(offer.payoutValue),
      payout_currency: offer.payoutCurrency,
      payout_type: 'CPA',
      country: offer.countries,
      notes: offer.notes ?? '',
      state: 'active',
    });
    return { id: idIn(`${method} ${path}`, body, 'id'), name: textIn(body, 'name') };
  }

  private async campaign(
    method: 'POST' | 'PUT',
    path: string,
    campaign: KeitaroCampaignInput,
  ): Promise<KeitaroCampaign> {
    const body = await this.call(method, path, {
      name: campaign.name,
      alias: campaign.alias,
      type: 'position',
      state: 'active',
    });
    return { id: idIn(`${method} ${path}`, body, 'id'), name: textIn(body, 'name'), alias: textIn(body, 'alias') };
  }

  private async stream(method: 'POST' | 'PUT', path: string, stream: KeitaroStreamInput): Promise<KeitaroStream> {
    const body = await this.call(method, path, {
      campaign_id: stream.campaignId,
      name: stream.name,
      type: stream.type,
      schema: 'landings',
      action_type: 'http',
      state: 'active',
      offers: [{ offer_id: stream.offerId, share: 100, state: 'active' }],
    });
    const operation = `${method} ${path}`;
    return {
      id: idIn(operation, body, 'id'),
      campaignId: idIn(operation, body, 'campaign_id'),
      name: textIn(body, 'name'),
    };
  }

  /** One call: the JSON object Keitaro answered, or a typed error that carries no key. */
  private async call(method: 'POST' | 'PUT', path: string, payload: JsonObject): Promise<JsonObject> {
    const operation = `${method} ${path}`;
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers: { 'Api-Key': this.connection.apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new KeitaroUnreachableError(
        operation,
        timedOut ? { kind: 'timeout', ms: this.timeoutMs } : { kind: 'connection' },
      );
    }
    if (response.status === 401) throw new KeitaroUnauthorizedError(operation);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      if (response.ok) throw new KeitaroUnreachableError(operation, notItsApi('the answer is not JSON'));
      body = null;
    }
    if (!response.ok) {
      const messages = messagesOf(body).map((message) => this.masked(message));
      throw new KeitaroRefusedError(
        operation,
        response.status,
        messages.length > 0 ? messages : [response.statusText || 'no message'],
      );
    }
    if (!isObject(body)) throw new KeitaroUnreachableError(operation, notItsApi('the answer is not a JSON object'));
    return body;
  }

  private masked(message: string): string {
    return this.connection.apiKey === '' ? message : message.replaceAll(this.connection.apiKey, KEY_MASK);
  }
}
