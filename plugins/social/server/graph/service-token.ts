import type { Queryable } from '@core/sdk/server';
import {
  accountsResource,
  adAccountsResource,
  adsetsResource,
  adsResource,
  campaignsResource,
  servicesResource,
} from '../../shared/resources';

/**
 * The platform token a record is reached with: its account's service's `access_token`, read from
 * the plugin's own table (the engine's reads mask it). A record whose account has no live service,
 * or whose service has no token, has none: it can only be a planning record.
 */

const SERVICES = servicesResource.table;
const ACCOUNTS = accountsResource.table;
const AD_ACCOUNTS = adAccountsResource.table;

/** From a record of each tree resource up to its ad account (`aa`), by resource id. */
const UP_TO_AD_ACCOUNT: Readonly<Record<string, string>> = {
  [adAccountsResource.id]: `${AD_ACCOUNTS} aa`,
  [campaignsResource.id]: `${campaignsResource.table} x JOIN ${AD_ACCOUNTS} aa ON aa.id = x.ad_account`,
  [adsetsResource.id]: `${adsetsResource.table} x JOIN ${campaignsResource.table} c ON c.id = x.campaign JOIN ${AD_ACCOUNTS} aa ON aa.id = c.ad_account`,
  [adsResource.id]: `${adsResource.table} x JOIN ${adsetsResource.table} st ON st.id = x.adset JOIN ${campaignsResource.table} c ON c.id = st.campaign JOIN ${AD_ACCOUNTS} aa ON aa.id = c.ad_account`,
};

/** The live service's token of an account; null without one. */
export async function accountToken(db: Queryable, accountId: number): Promise<string | null> {
  const { rows } = await db.query<{ token: string | null }>(
    `SELECT s.access_token AS token FROM ${ACCOUNTS} a JOIN ${SERVICES} s ON s.id = a.service AND s.deleted_at IS NULL WHERE a.id = $1`,
    [accountId],
  );
  return rows[0]?.token ?? null;
}

export interface PlatformTarget {
  /** The ad account's currency: the unit of every budget below it. */
  readonly currency: string;
  /** The ad account's number on the platform; null for a planning ad account. */
  readonly adAccount: string | null;
  readonly token: string | null;
}

/** What a record of the tree (ad account, campaign, adset, ad) is reached with on the platform; null when there is no such record. */
export async function platformTarget(db: Queryable, resourceId: string, id: number): Promise<PlatformTarget | null> {
  const from = UP_TO_AD_ACCOUNT[resourceId];
  if (!from) throw new Error(`${resourceId} is not in the campaign tree`);
  const alias = resourceId === adAccountsResource.id ? 'aa' : 'x';
  const { rows } = await db.query<PlatformTarget>(
    `SELECT aa.currency, aa.external_id AS "adAccount", s.access_token AS token
       FROM ${from}
       JOIN ${ACCOUNTS} a ON a.id = aa.account
       LEFT JOIN ${SERVICES} s ON s.id = a.service AND s.deleted_at IS NULL
      WHERE ${alias}.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}
