import type { FastifyInstance } from 'fastify';
import { localIsoDate } from '@core/sdk/shared';
import type { Queryable, ServerPluginContext } from '@core/sdk/server';
import { domainsResource, serversResource, sitesResource } from '../../shared/resources';
import { readExpiryWarningDays } from './expiry-warning';

/**
 * `GET sites/expiring` (YQ): the critical sites whose domain or server expires within the warning
 * period or has expired, for the dashboard. A site's server is its own, or else its domain's (the
 * one the DNS records point at). A site whose domain and server both expire is listed twice, once
 * for each; soonest first.
 */

/** One thing about to end under a critical site (the answer's `sites`). */
export interface ExpiringSite {
  readonly site: number;
  readonly domain: string;
  readonly server: string | null;
  /** Which of the two expires. */
  readonly expiring: 'domain' | 'server';
  readonly expiry_date: string;
  /** Days from today; 0 today, negative once passed. */
  readonly days_left: number;
}

/** `{ data: ExpiringSites }`. */
export interface ExpiringSites {
  readonly warning_days: number;
  readonly sites: readonly ExpiringSite[];
}

const NO_QUERY = { type: 'object', additionalProperties: false, properties: {} } as const;

export async function expiringSites(db: Queryable, today: string, warningDays: number): Promise<ExpiringSite[]> {
  const { rows } = await db.query<ExpiringSite>(
    `WITH critical AS (
       SELECT s.id::int AS site, d.name AS domain, v.name AS server, d.expiry_date AS domain_expiry, v.expiry_date AS server_expiry
         FROM ${sitesResource.table} s
         JOIN ${domainsResource.table} d ON d.id = s.domain AND d.deleted_at IS NULL
         LEFT JOIN ${serversResource.table} v ON v.id = COALESCE(s.server, d.server) AND v.deleted_at IS NULL
        WHERE s.critical AND s.deleted_at IS NULL
     ), ending AS (
       SELECT site, domain, server, 'domain' AS expiring, domain_expiry AS expiry FROM critical WHERE domain_expiry <= $1::date + $2::int
       UNION ALL
       SELECT site, domain, server, 'server', server_expiry FROM critical WHERE server_expiry <= $1::date + $2::int
     )
     SELECT site, domain, server, expiring, to_char(expiry, 'YYYY-MM-DD') AS expiry_date, (expiry - $1::date)::int AS days_left
       FROM ending
      ORDER BY expiry, site, expiring`,
    [today, warningDays],
  );
  return rows;
}

export function registerExpiringSites(
  app: FastifyInstance,
  { db, settings }: ServerPluginContext,
  now: () => Date = () => new Date(),
): void {
  const warningDays = readExpiryWarningDays(settings);
  app.get(
    '/sites/expiring',
    { config: { access: { requires: 'YQ' } }, schema: { querystring: NO_QUERY } },
    async (): Promise<{ data: ExpiringSites }> => ({
      data: { warning_days: warningDays, sites: await expiringSites(db, localIsoDate(now()), warningDays) },
    }),
  );
}
