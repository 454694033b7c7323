import { countriesService, type Queryable } from '@core/sdk/server';
import { offersResource, streamsResource } from '../../shared/resources';

/*
 * A month of statistics for the demo offers (ERP_DEMO=1 / seed:demo), so the full report and its
 * chart show something on a fresh start. Run after the demo offers and streams exist. The numbers
 * are made up but consistent (unique clicks ≤ clicks, sales ≤ leads, revenue = leads × the offer's
 * payout, cost = clicks × a cost per click), deterministic for a day and an offer, and computed in
 * whole cents: no floating point reaches a stored amount. Each row has a key, so seeding twice adds
 * nothing.
 */

/** Days of statistics, ending today. */
export const DEMO_DAYS = 30;

interface DemoOffer {
  readonly id: string;
  readonly advertiser: string;
  readonly tracker: string | null;
  readonly payout: string | null;
  readonly stream: string | null;
  readonly campaign: string | null;
  /** The offer's country ids. */
  readonly countries: string[] | null;
}

/** A deterministic number in [min, max] for a day, an offer and a purpose (a small integer hash). */
function pick(seed: string, min: number, max: number): number {
  let hash = 2166136261;
  for (const char of seed) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return min + (hash % (max - min + 1));
}

/** A decimal string's whole cents ("45.5" → 4550); the payout column has at most 2 decimals. */
function centsOf(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

const money = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const dayBefore = (today: string, days: number): string =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

export async function seedStatisticsDemo(db: Queryable, today = new Date().toISOString().slice(0, 10)): Promise<void> {
  const { rows: offers } = await db.query<DemoOffer>(
    `SELECT o.id::text AS id, o.advertiser::text AS advertiser, o.tracker::text AS tracker, o.payout::text AS payout,
            s.id::text AS stream, s.campaign_name AS campaign,
            o.countries::text[] AS countries
       FROM ${offersResource.table} o
       LEFT JOIN LATERAL (SELECT id, campaign_name FROM ${streamsResource.table} WHERE offer = o.id AND deleted_at IS NULL ORDER BY is_default DESC, id LIMIT 1) s ON true
      WHERE o.deleted_at IS NULL`,
  );
  for (const offer of offers) {
    const payout = centsOf(offer.payout ?? '20');
    // At most three of the offer's countries, so the month stays a readable table.
    const codes = (await countriesService.list(db, (offer.countries ?? []).map(Number)))
      .map((found) => found.code)
      .sort();
    for (const country of (codes.length > 0 ? codes : ['US']).slice(0, 3)) {
      for (let back = DEMO_DAYS - 1; back >= 0; back--) {
        const day = dayBefore(today, back);
        const seed = `${day}:${offer.id}:${country}`;
        const clicks = pick(`${seed}:clicks`, 80, 420);
        const unique = Math.floor((clicks * pick(`${seed}:unique`, 82, 96)) / 100);
        const leads = Math.floor((unique * pick(`${seed}:cr`, 2, 9)) / 100);
        const sales = Math.floor((leads * pick(`${seed}:approve`, 30, 70)) / 100);
        const cost = clicks * pick(`${seed}:cpc`, 4, 28);
        await db.query(
          `INSERT INTO tracker.statistics
             (day, tracker_id, advertiser_id, offer_id, stream_id, campaign, country, clicks, unique_clicks, leads, sales, revenue, cost, origin, import_key)
           VALUES ($1::date, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::numeric, $13::numeric, 'demo', $14)
           ON CONFLICT (import_key) DO NOTHING`,
          [
            day,
            offer.tracker,
            offer.advertiser,
            offer.id,
            offer.stream,
            offer.campaign,
            country,
            clicks,
            unique,
            leads,
            sales,
            money(leads * payout),
            money(cost),
            `demo:${seed}`,
          ],
        );
      }
    }
  }
}
