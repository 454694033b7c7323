import { callOutside, OutsideRefusal, shortReason } from '../domains/outside-call';
import type { AddressRecord, Cdn, Zone } from './cdn';

/**
 * Cloudflare's API v4 (https://developers.cloudflare.com/api/): JSON with a bearer token, every
 * answer the envelope `{ success, errors: [{ code, message }], messages, result }`. A zone is made
 * with POST /zones (error 1061 when it exists already, then found with GET /zones?name=), records
 * with POST /zones/{zone_id}/dns_records (81057/81058 when the same record exists: nothing to do).
 */

export const CLOUDFLARE_API_BASE = 'https://api.cloudflare.com/client/v4';
const SYSTEM = 'Cloudflare';
const CALL_TIMEOUT_MS = 30_000;
const ZONE_EXISTS = 1061;
const RECORD_EXISTS = new Set([81057, 81058]);

export interface CloudflareCredentials {
  readonly apiToken: string;
  readonly accountId: string;
}

export interface CloudflareOptions {
  readonly credentials: CloudflareCredentials;
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
}

interface Envelope {
  readonly success: boolean;
  readonly errors: readonly { readonly code: number; readonly message: string }[];
  readonly result: unknown;
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
  return { success: parsed.success, errors, result: parsed.result };
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
    const found = await this.call('zone lookup', 'GET', `/zones?name=${encodeURIComponent(domain)}`, undefined, signal);
    if (!found.success) throw this.refusal('zone lookup', found, 0);
    const zone = Array.isArray(found.result)
      ? found.result.map(zoneOf).find((candidate) => candidate !== null)
      : undefined;
    if (!zone)
      throw new OutsideRefusal(
        SYSTEM,
        operation,
        String(ZONE_EXISTS),
        `${domain} exists at Cloudflare in an account this token cannot see`,
      );
    return zone;
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
