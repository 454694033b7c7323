/**
 * A CDN as the domain purchase drives it: a zone for the domain (its id and the nameservers the
 * registrar must point at), then address records for the site's server. Both calls are safe to
 * repeat: a zone or record that already exists is found, not made twice. Implementations: the
 * local CDN (state in the database) and Cloudflare's API v4.
 */

export interface Zone {
  readonly id: string;
  readonly nameservers: readonly string[];
}

export interface AddressRecord {
  readonly type: 'A' | 'AAAA';
  /** The full name: the domain itself or `www.<domain>`. */
  readonly name: string;
  readonly content: string;
}

export interface Cdn {
  readonly local: boolean;
  createZone(domain: string, signal?: AbortSignal): Promise<Zone>;
  createRecords(zoneId: string, records: readonly AddressRecord[], signal?: AbortSignal): Promise<void>;
}

/** A and AAAA records for the domain and its `www`, pointing at the server's addresses. */
export function addressRecords(domain: string, ip: string | null, ipv6: string | null): AddressRecord[] {
  const records: AddressRecord[] = [];
  for (const name of [domain, `www.${domain}`]) {
    if (ip) records.push({ type: 'A', name, content: ip });
    if (ipv6) records.push({ type: 'AAAA', name, content: ipv6 });
  }
  return records;
}
