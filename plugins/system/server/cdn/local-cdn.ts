import type { Queryable } from '@core/sdk/server';
import { OutsideRefusal } from '../domains/outside-call';
import type { AddressRecord, Cdn, Zone } from './cdn';

/** The nameservers the local CDN hands out: the reserved `.invalid` top level, which resolves nowhere. */
export const LOCAL_NAMESERVERS = ['ns1.local.invalid', 'ns2.local.invalid'] as const;

/**
 * The local CDN, "Local (no purchase)": zones and records kept in system.local_cdn_zones and
 * system.local_cdn_records, nothing published anywhere. Zone ids are `local-<n>`.
 */
export class LocalCdn implements Cdn {
  readonly local = true;

  constructor(private readonly db: Queryable) {}

  async createZone(domain: string): Promise<Zone> {
    const { rows } = await this.db.query<{ id: string; nameservers: string[] }>(
      `INSERT INTO system.local_cdn_zones (name, nameservers) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id::text, nameservers`,
      [domain, [...LOCAL_NAMESERVERS]],
    );
    const row = rows[0];
    if (!row) throw new Error('the local zone returned no row');
    return { id: `local-${row.id}`, nameservers: row.nameservers };
  }

  async createRecords(zoneId: string, records: readonly AddressRecord[]): Promise<void> {
    const id = /^local-(\d+)$/.exec(zoneId)?.[1];
    const { rows } = id
      ? await this.db.query('SELECT 1 FROM system.local_cdn_zones WHERE id = $1', [id])
      : { rows: [] };
    if (rows.length === 0)
      throw new OutsideRefusal('The local CDN', 'creating DNS records', '', `there is no zone ${zoneId}`);
    for (const record of records) {
      await this.db.query(
        'INSERT INTO system.local_cdn_records (zone_id, type, name, content) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [id, record.type, record.name, record.content],
      );
    }
  }
}
