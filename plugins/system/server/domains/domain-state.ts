import { countriesService, type Queryable } from '@core/sdk/server';
import type { DomainJobStatus } from '../../shared/resources';
import type { Registrant } from '../registrar/registrar';

/**
 * What the purchase reads of its domain, domain user and server. Reads only: every write of a
 * domain goes through the engine (purchase-job.ts).
 */

export interface DomainState {
  readonly id: number;
  readonly name: string;
  readonly project: number;
  readonly domainUser: number;
  readonly server: number | null;
  readonly zone: string | null;
  readonly nameservers: readonly string[];
  readonly registrarOrder: string | null;
  readonly jobStatus: DomainJobStatus;
}

interface DomainRow {
  readonly name: string;
  readonly project: string;
  readonly domain_user: string;
  readonly server: string | null;
  readonly zone: string | null;
  readonly nameservers: string | null;
  readonly registrar_order: string | null;
  readonly job_status: DomainJobStatus | null;
}

/** How the domain's `nameservers` field holds a list. */
export const joinNameservers = (nameservers: readonly string[]): string => nameservers.join(', ');
const splitNameservers = (text: string | null): string[] =>
  (text ?? '')
    .split(',')
    .map((server) => server.trim())
    .filter((server) => server !== '');

/** The live (not deleted) domain, or null. */
export async function readDomain(db: Queryable, id: number): Promise<DomainState | null> {
  const { rows } = await db.query<DomainRow>(
    `SELECT name, project::text, domain_user::text, server::text, zone, nameservers, registrar_order, job_status
       FROM system.domains WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id,
    name: row.name,
    project: Number(row.project),
    domainUser: Number(row.domain_user),
    server: row.server === null ? null : Number(row.server),
    zone: row.zone,
    nameservers: splitNameservers(row.nameservers),
    registrarOrder: row.registrar_order,
    jobStatus: row.job_status ?? 'none',
  };
}

/** Whether a live domain already has this name (names are compared as the engine's unique index does). */
export async function nameRecorded(db: Queryable, name: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM system.domains WHERE lower(name) = lower($1) AND deleted_at IS NULL', [
    name,
  ]);
  return rows.length > 0;
}

/** Whether the live record `id` exists in `table` (one of this plugin's resource tables, never input). */
export async function liveRecordExists(
  db: Queryable,
  table: 'system.domain_users' | 'system.servers',
  id: number,
): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM ${table} WHERE id = $1 AND deleted_at IS NULL`, [id]);
  return rows.length > 0;
}

interface RegistrantRow {
  readonly first_name: string;
  readonly last_name: string;
  readonly address: string;
  readonly city: string;
  readonly province: string;
  readonly country: string | null;
  readonly postal_code: string;
  readonly phone: string;
  readonly email: string;
  readonly organization: string | null;
}

/** The domain user as a registrant, with the country's ISO alpha-2 code; null when the user is gone. */
export async function readRegistrant(db: Queryable, domainUserId: number): Promise<Registrant | null> {
  const { rows } = await db.query<RegistrantRow>(
    `SELECT u.first_name, u.last_name, u.address, u.city, u.province, u.country::text AS country, u.postal_code, u.phone, u.email, u.organization
       FROM system.domain_users u
      WHERE u.id = $1 AND u.deleted_at IS NULL`,
    [domainUserId],
  );
  const row = rows[0];
  if (!row) return null;
  // The country is the kernel's: its alpha-2 code comes from the countries service.
  const country = row.country === null ? null : await countriesService.find(db, Number(row.country));
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    address: row.address,
    city: row.city,
    province: row.province,
    country: country?.code ?? '',
    postalCode: row.postal_code,
    phone: row.phone,
    email: row.email,
    organization: row.organization,
  };
}

/** The server's addresses; null when the server is gone. */
export async function readServerAddresses(
  db: Queryable,
  serverId: number,
): Promise<{ ip: string | null; ipv6: string | null } | null> {
  const { rows } = await db.query<{ ip: string | null; ipv6: string | null }>(
    'SELECT ip, ipv6 FROM system.servers WHERE id = $1 AND deleted_at IS NULL',
    [serverId],
  );
  return rows[0] ?? null;
}

/** The years the purchase asked for (system.domain_purchase_terms), or null for a domain never bought here. */
export async function purchaseTerm(db: Queryable, domainId: number): Promise<number | null> {
  const { rows } = await db.query<{ years: number }>(
    'SELECT years FROM system.domain_purchase_terms WHERE domain_id = $1',
    [domainId],
  );
  return rows[0]?.years ?? null;
}

/**
 * The premium price's amount the buyer confirmed for this purchase (system.domain_purchase_terms), as
 * PostgreSQL writes the numeric; null when none was confirmed.
 */
export async function confirmedPremiumPrice(db: Queryable, domainId: number): Promise<string | null> {
  const { rows } = await db.query<{ premium_price: string | null }>(
    'SELECT premium_price::text AS premium_price FROM system.domain_purchase_terms WHERE domain_id = $1',
    [domainId],
  );
  return rows[0]?.premium_price ?? null;
}
