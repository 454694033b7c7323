import { callOutside, OutsideRefusal, shortReason } from '../domains/outside-call';
import type { AddressRecord, Cdn, Zone } from './cdn';

/**
 * Cloudflare's API v4 (https://developers.cloudflare.com/api/): JSON with a bearer token, every
 * answer the envelope `{ success, errors: [{ code, message }], messages, result }`, lists with
 * `result_info`. A zone is made with POST /zones (error 1061 when it exists already, then found
 * with GET /zones?name=&account.id=), records with POST /zones/{zone_id}/dns_records (81057/81058
 * when the same record exists: nothing to do).
 */

export const CLOUDFLARE_API_BASE = 'https://api.cloudflare.com/client/v4';
const SYSTEM = 'Cloudflare';
const CALL_TIMEOUT_MS = 30_000;
const ZONE_EXISTS = 1061;
const RECORD_EXISTS = new Set([81057, 81058]);
/** The most zones-get allows on one page. */
const ZONES_PER_PAGE = 50;
/** A bound on the pages read, so an answer that always claims another page cannot hold the purchase forever. */
const MAX_PAGES = 20;

export interface CloudflareCredentials {
  readonly apiToken: string;
  readonly accountId: string;
}

export interface CloudflareOptions {
  readonly credentials: CloudflareCredentials;
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
}

/** A list's paging, as the API answers it beside `result`. */
interface ResultInfo {
  readonly page: number;
  readonly perPage: number;
  readonly totalCount: number | null;
  readonly totalPages: number | null;
}

interface Envelope {
  readonly success: boolean;
  readonly errors: readonly { readonly code: number; readonly message: string }[];
  readonly result: unknown;
  /** Present on lists. */
  readonly resultInfo: ResultInfo | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function envelopeOf(body: string): Envelope | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!isObject(parsed) || typeof parsed.success !== 'boolean' || !Array.isArray(parsed.errors)) return null;
  const errors = parsed.errors.map((error: unknown) => ({
    code: isObject(error) && typeof error.code === 'number' ? error.code : 0,
    message: isObject(error) && typeof error.message === 'string' ? error.message : 'no message',
  }));
  return { success: parsed.success, errors, result: parsed.result, resultInfo: resultInfoOf(parsed.result_info) };
}

const numberOr = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function resultInfoOf(value: unknown): ResultInfo | null {
  if (!isObject(value)) return null;
  const page = numberOr(value.page);
  const perPage = numberOr(value.per_page);
  if (page === null || perPage === null) return null;
  return { page, perPage, totalCount: numberOr(value.total_count), totalPages: numberOr(value.total_pages) };
}

/** Whether a list has a page after `page`: by total_pages, else by total_count, else by a full page. */
function hasPageAfter(info: ResultInfo | null, page: number, count: number): boolean {
  if (!info) return false;
  if (info.totalPages !== null) return page < info.totalPages;
  if (info.totalCount !== null) return page * info.perPage < info.totalCount;
  return count >= info.perPage;
}

/** A zone object's id and nameservers, or null when it lacks them. */
function zoneOf(value: unknown): Zone | null {
  if (!isObject(value) || typeof value.id !== 'string' || !Array.isArray(value.name_servers)) return null;
  const nameservers = value.name_servers.filter((server): server is string => typeof server === 'string');
  return nameservers.length > 0 ? { id: value.id, nameservers } : null;
}

export class CloudflareCdn implements Cdn {
  readonly local = false;
  private readonly base: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: CloudflareOptions) {
    this.base = (options.baseUrl ?? CLOUDFLARE_API_BASE).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? CALL_TIMEOUT_MS;
  }

  async createZone(domain: string, signal?: AbortSignal): Promise<Zone> {
    const operation = 'zone creation';
    const body = { name: domain, account: { id: this.options.credentials.accountId }, type: 'full' };
    const created = await this.call(operation, 'POST', '/zones', body, signal);
    if (created.success) {
      const zone = zoneOf(created.result);
      if (!zone) throw new OutsideRefusal(SYSTEM, operation, '', 'the answer has no zone id and nameservers');
      return zone;
    }
    if (!created.errors.some((error) => error.code === ZONE_EXISTS)) throw this.refusal(operation, created, 0);
    // Made by an earlier attempt (or by hand): this account's zone of that name is the one.
    const zone = await this.findZone(domain, signal);
    if (!zone)
      throw new OutsideRefusal(
        SYSTEM,
        operation,
        String(ZONE_EXISTS),
        `${domain} exists at Cloudflare in an account this token cannot see`,
      );
    return zone;
  }

  /**
   * This account's zone named `domain` (GET /zones filtered by `name` and `account.id`, as the API
   * schema's zones-get documents them), read page by page as its `result_info` tells: a token may
   * see zones of other accounts, and one of them may have the same name.
   */
  private async findZone(domain: string, signal?: AbortSignal): Promise<Zone | null> {
    const operation = 'zone lookup';
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const query = new URLSearchParams({
        name: domain,
        'account.id': this.options.credentials.accountId,
        page: String(page),
        per_page: String(ZONES_PER_PAGE),
      });
      const found = await this.call(operation, 'GET', `/zones?${query}`, undefined, signal);
      if (!found.success) throw this.refusal(operation, found, 0);
      if (!Array.isArray(found.result))
        throw new OutsideRefusal(SYSTEM, operation, '', 'the answer has no list of zones');
      const zone = found.result.map(zoneOf).find((candidate) => candidate !== null);
      if (zone) return zone;
      if (!hasPageAfter(found.resultInfo, page, found.result.length)) return null;
    }
    return null;
  }

  async createRecords(zoneId: string, records: readonly AddressRecord[], signal?: AbortSignal): Promise<void> {
    const operation = 'DNS record creation';
    for (const record of records) {
      const body = { type: record.type, name: record.name, content: record.content, ttl: 1, proxied: true };
      const answer = await this.call(
        operation,
        'POST',
        `/zones/${encodeURIComponent(zoneId)}/dns_records`,
        body,
        signal,
      );
      if (!answer.success && !answer.errors.some((error) => RECORD_EXISTS.has(error.code)))
        throw this.refusal(operation, answer, 0);
    }
  }

  /** One call: the envelope whatever its `success` (the caller decides which errors it expects), or a typed error. */
  private async call(
    operation: string,
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signal?: AbortSignal,
  ): Promise<Envelope & { status: number }> {
    const answer = await callOutside({
      system: SYSTEM,
      operation,
      url: `${this.base}${path}`,
      init: {
        method,
        headers: {
          authorization: `Bearer ${this.options.credentials.apiToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      timeoutMs: this.timeoutMs,
      ...(signal ? { signal } : {}),
    });
    const envelope = envelopeOf(answer.body);
    const transient = answer.status === 429 || answer.status >= 500;
    if (!envelope)
      throw new OutsideRefusal(
        SYSTEM,
        operation,
        String(answer.status),
        'the answer is not the API’s JSON envelope',
        transient,
      );
    // A 429 or 5xx is worth another attempt whatever the envelope says.
    if (transient) throw this.refusal(operation, envelope, answer.status);
    return { ...envelope, status: answer.status };
  }

  private refusal(operation: string, envelope: Envelope, status: number): OutsideRefusal {
    const first = envelope.errors[0];
    const transient = status === 429 || status >= 500;
    const code = first ? String(first.code) : String(status);
    return new OutsideRefusal(
      SYSTEM,
      operation,
      code,
      shortReason(first?.message ?? 'no message', [this.options.credentials.apiToken]),
      transient,
    );
  }
}
