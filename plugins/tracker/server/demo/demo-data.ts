import { localIsoDate, type FieldValue, type ResourceDefinition } from '@core/sdk/shared';
import type { Database, DemoContext, Queryable } from '@core/sdk/server';
import { KEITARO_SERVERS_REFERENCE } from '@plugins/admin/shared/keitaro';
import { verticalsResource } from '@plugins/finance/shared/resources';
import {
  advertisersResource,
  bizdevDealsResource,
  bizdevLimitsResource,
  bizdevRequestsResource,
  financeProjectsResource,
  offersResource,
  streamsResource,
  trackersResource,
} from '../../shared/resources';

/**
 * Demonstration records for every tracker screen: trackers on admin's demo Keitaro servers,
 * advertisers with offer params, offers over several countries, streams with one default per
 * campaign, bizdev deals, this week's limits and requests (some approved, one refused, some
 * pending) and finance projects on finance's verticals. Dates are relative to today, so the
 * bizdev screens always show the current week. Every record goes through the resource engine
 * with the demo's author, so the tracker's rules hold (links built, caps respected) and each has
 * its history. Runs once: a database that already has a tracker is left alone. Statistics for
 * the full report are seeded by the report's own part.
 */

type Values = Readonly<Record<string, FieldValue>>;

/** Creates each record through the engine; their ids, one per row in order. */
async function createAll<const Rows extends readonly Values[]>(
  tx: Queryable,
  demo: DemoContext,
  definition: ResourceDefinition,
  rows: Rows,
): Promise<{ [K in keyof Rows]: number }> {
  const ids: number[] = [];
  for (const values of rows) ids.push((await demo.records.createIn(tx, definition, values, demo.author)).id);
  return ids as { [K in keyof Rows]: number };
}

async function idsOf(tx: Queryable, table: string, softDelete: boolean): Promise<number[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id::text AS id FROM ${table} ${softDelete ? 'WHERE deleted_at IS NULL' : ''} ORDER BY id`,
  );
  return rows.map((row) => Number(row.id));
}

function daysFromToday(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return localIsoDate(day);
}

const usd = (amount: string) => ({ amount, currency: 'USD' });
const eur = (amount: string) => ({ amount, currency: 'EUR' });
/** ISO 3166 numeric codes: the ids of the kernel's countries (COUNTRIES_REFERENCE). */
const COUNTRY = {
  DE: 276,
  AT: 40,
  CH: 756,
  FR: 250,
  IT: 380,
  ES: 724,
  PL: 616,
  BR: 76,
  MX: 484,
  IN: 356,
  US: 840,
  CA: 124,
} as const;

export async function seedTrackerDemo(db: Database, demo: DemoContext): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await idsOf(tx, trackersResource.table, true)).length > 0) return;
    const create = <const Rows extends readonly Values[]>(definition: ResourceDefinition, rows: Rows) =>
      createAll(tx, demo, definition, rows);
    // Admin's and finance's demo records, when their demos ran; the tracker's own stand without them.
    const [eu = null, us = null, asia = null] = await idsOf(tx, KEITARO_SERVERS_REFERENCE.table, false);
    const verticals = await idsOf(tx, verticalsResource.table, true);
    // Finance's demo verticals, in its order: Nutra, Gambling, Dating.
    const [nutraVertical = null, gamblingVertical = null, datingVertical = null] = verticals;
    const author = demo.author.id;

    const [main, latam, tier1] = await create(trackersResource, [
      {
        slug: 'eu-main',
        credits: 1200,
        active_server: eu,
        hold_servers: [us, asia].filter((id): id is number => id !== null),
        service: 'keitaro',
      },
      { slug: 'latam', credits: 450, active_server: us, hold_servers: [], service: 'keitaro' },
      { slug: 'tier1', credits: 0, active_server: asia, hold_servers: eu === null ? [] : [eu], service: 'keitaro' },
    ]);
    const [nutraPro, luckyBet, dateNow] = await create(advertisersResource, [
      {
        name: 'NutraPro Network',
        alias: 'nutrapro',
        trackers: [main, latam],
        offer_params: { aff_id: '3381', source: 'erp', sub1: '{subid}' },
      },
      {
        name: 'LuckyBet Partners',
        alias: 'luckybet',
        trackers: [main, tier1],
        offer_params: { btag: 'a_5521b_77', click: '{clickid}' },
      },
      { name: 'DateNow Affiliates', alias: 'datenow', trackers: [latam], offer_params: { pid: '912' } },
    ]);
    const offer = (
      name: string,
      advertiser: number,
      group: number | null,
      payout: Values[string],
      countries: number[],
      landing: string,
      tracker: number,
      trackerOfferId: string,
    ): Values => ({
      name,
      advertiser,
      group,
      payout,
      countries,
      landing_url: landing,
      tracker,
      tracker_offer_id: trackerOfferId,
    });
    const [keto, slim, casino, sport, dating] = await create(offersResource, [
      offer(
        'KetoBurn DACH',
        nutraPro,
        nutraVertical,
        eur('38.00'),
        [COUNTRY.DE, COUNTRY.AT, COUNTRY.CH],
        'https://ketoburn.example.com/de/lp1?lang=de',
        main,
        'NP-1101',
      ),
      offer(
        'SlimFit EU',
        nutraPro,
        nutraVertical,
        eur('32.50'),
        [COUNTRY.FR, COUNTRY.IT, COUNTRY.ES, COUNTRY.PL],
        'https://slimfit.example.com/offer',
        main,
        'NP-1102',
      ),
      offer(
        'LuckyBet Casino FTD',
        luckyBet,
        gamblingVertical,
        usd('145.00'),
        [COUNTRY.CA, COUNTRY.DE],
        'https://luckybet.example.com/welcome',
        tier1,
        'LB-77',
      ),
      offer(
        'LuckyBet Sports BR',
        luckyBet,
        gamblingVertical,
        usd('60.00'),
        [COUNTRY.BR],
        'https://sports.luckybet.example.com/br',
        main,
        'LB-78',
      ),
      offer(
        'DateNow LATAM SOI',
        dateNow,
        datingVertical,
        usd('4.20'),
        [COUNTRY.MX, COUNTRY.BR],
        'https://datenow.example.com/join',
        latam,
        'DN-912',
      ),
    ]);
    const stream = (
      campaignId: number,
      campaignName: string,
      adAccount: string,
      offerId: number,
      pixel: string,
      site: string,
      isDefault: boolean,
    ): Values => ({
      campaign_id: campaignId,
      campaign_name: campaignName,
      ad_account: adAccount,
      offer: offerId,
      pixel,
      user: author,
      site,
      is_default: isDefault,
    });
    await create(streamsResource, [
      stream(1201, 'DE Keto – broad', 'act_2219044871', keto, '1094837261', 'ketoburn-de.example.com', true),
      stream(1201, 'DE Keto – broad', 'act_2219044871', slim, '1094837261', 'ketoburn-de.example.com', false),
      stream(1202, 'EU Slim – lookalike', 'act_2219044872', slim, '1094837262', 'slimfit-eu.example.com', true),
      stream(1310, 'CA Casino – video', 'act_3301982256', casino, '2287364510', 'lucky-ca.example.com', true),
      stream(1311, 'BR Sports – UGC', 'act_3301982257', sport, '2287364511', 'apostas-br.example.com', true),
      stream(1420, 'MX Dating – push', 'act_4410293385', dating, '3398475620', 'citas-mx.example.com', true),
      stream(1420, 'MX Dating – push', 'act_4410293385', dating, '3398475620', 'citas-mx-2.example.com', false),
    ]);
    await create(bizdevDealsResource, [
      {
        date_from: daysFromToday(-60),
        date_finish: daysFromToday(-31),
        brand: 'LuckyBet',
        epl_buyer: usd('18.00'),
        epl: usd('22.50'),
        crg: '12',
        tracker: tier1,
      },
      {
        date_from: daysFromToday(-30),
        date_finish: daysFromToday(30),
        brand: 'LuckyBet',
        epl_buyer: usd('19.50'),
        epl: usd('24.00'),
        crg: '15',
        tracker: tier1,
      },
      {
        date_from: daysFromToday(-14),
        date_finish: daysFromToday(45),
        brand: 'KetoBurn',
        epl_buyer: eur('6.80'),
        epl: eur('8.40'),
        crg: '8.5',
        tracker: main,
      },
      {
        date_from: daysFromToday(-7),
        date_finish: daysFromToday(21),
        brand: 'DateNow',
        epl_buyer: usd('1.10'),
        epl: usd('1.45'),
        crg: '20',
        tracker: latam,
      },
    ]);
    const days = [0, 1, 2, 3, 4, 5, 6].map(daysFromToday);
    const [today, tomorrow, afterTomorrow] = [daysFromToday(0), daysFromToday(1), daysFromToday(2)];
    await create(
      bizdevLimitsResource,
      days.flatMap((date, index) => [
        { date, cap: 200 + index * 10, tracker: main },
        { date, cap: 80, tracker: latam },
      ]),
    );
    const [bigToday, smallToday, , latamToday] = await create(bizdevRequestsResource, [
      { cap: 120, tracker: main, date: today, requester: author },
      { cap: 60, tracker: main, date: today, requester: author },
      { cap: 50, tracker: main, date: today, requester: author },
      { cap: 40, tracker: latam, date: today, requester: author },
      { cap: 90, tracker: main, date: tomorrow, requester: author },
      { cap: 30, tracker: latam, date: afterTomorrow, requester: author },
    ]);
    // Through the engine as the approve and refuse actions store them: the first two fit today's cap of 200.
    const decide = (id: number, status: 'approved' | 'refused') =>
      demo.records.changeIn(
        tx,
        bizdevRequestsResource,
        id,
        { action: status === 'approved' ? 'approve' : 'refuse', values: { status } },
        demo.author,
      );
    await decide(bigToday, 'approved');
    await decide(smallToday, 'approved');
    await decide(latamToday, 'refused');
    await create(financeProjectsResource, [
      {
        name: 'DACH Nutra',
        advertisers: [nutraPro],
        vertical: nutraVertical,
        manager: author,
        status: 'active',
        comment: 'Keto and slim offers on the EU tracker.',
      },
      {
        name: 'Casino Tier 1',
        advertisers: [luckyBet],
        vertical: gamblingVertical,
        manager: author,
        status: 'active',
        comment: null,
      },
      {
        name: 'LATAM Dating',
        advertisers: [dateNow],
        vertical: datingVertical,
        manager: author,
        status: 'paused',
        comment: 'Paused until the new landing is approved.',
      },
    ]);
  });
}
