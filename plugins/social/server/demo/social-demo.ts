import { localIsoDate, type FieldValue, type Money, type ResourceDefinition } from '@core/sdk/shared';
import type { Database, DemoContext, Queryable } from '@core/sdk/server';
import { fromMinorUnits } from '../../shared/minor-units';
import {
  accountsResource,
  adAccountsResource,
  adsetsResource,
  adsResource,
  campaignsResource,
  conversionApisResource,
  insightsResource,
  pagesResource,
  servicesResource,
} from '../../shared/resources';
import { DEMO_TREE, type DemoAd } from './demo-tree';
import { demoDays, MONTH_DAYS, type DayFigures } from './demo-figures';

/**
 * Demonstration records for every social-ad screen: a platform service, two accounts (a business
 * manager and a system user), three ad accounts (USD, EUR, JPY), three pages, four campaigns with
 * budgets (one lifetime, with its stop time), six adsets, eight ads, a month of insight rows at
 * every level ending yesterday, and a Conversions API pixel.
 *
 * Every record is a planning record (`on_platform` false, no platform id, the accounts tied to no
 * service), so nothing claims to be on the platform and no sync reaches it; the service's app
 * secret and token and the pixel's token are obviously fake `demo-…` values. Insight numbers are
 * computed, not random: the same every run, with days of no clicks and no leads (the report's "—")
 * and a paused ad with empty days. Runs once: a plugin with an account is left alone.
 */

type Values = Readonly<Record<string, FieldValue>>;

const money = (minor: number, currency: string): Money => ({ amount: fromMinorUnits(minor, currency), currency });

/** The instant `days` from now (negative: past), at midnight UTC. */
function instantIn(days: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  day.setUTCHours(0, 0, 0, 0);
  return day.toISOString();
}

/** The day `days` from today (negative: past). */
function dayIn(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return localIsoDate(day);
}

const add = (a: DayFigures, b: DayFigures): DayFigures => ({
  clicks: a.clicks + b.clicks,
  views: a.views + b.views,
  leads: a.leads + b.leads,
  spentMinor: a.spentMinor + b.spentMinor,
});
const NOTHING: DayFigures = { clicks: 0, views: 0, leads: 0, spentMinor: 0 };
const sumOf = (figures: readonly DayFigures[]): DayFigures => figures.reduce(add, NOTHING);

export async function seedSocialDemo(db: Database, demo: DemoContext): Promise<void> {
  const { rows } = await db.query(`SELECT 1 FROM ${accountsResource.table} LIMIT 1`);
  if (rows.length > 0) return;
  // One transaction: a seed that fails leaves nothing behind (so the check above stays true), and the month of rows commits once.
  await db.transaction((tx) => seedIn(tx, demo));
}

async function seedIn(tx: Queryable, demo: DemoContext): Promise<void> {
  // The engine's writer takes values as given (the API's form reading is what fills defaults), so defaults are spelt out.
  const create = (definition: ResourceDefinition, values: Values) =>
    demo.records.createIn(tx, definition, values, demo.author).then((record) => record.id);
  const planning = { on_platform: false } as const;

  await create(servicesResource, {
    name: 'Agency app (demo, not connected)',
    app_id: '100000000000001',
    app_secret: 'demo-not-a-real-app-secret',
    access_token: 'demo-not-a-real-access-token',
    token_expires_at: instantIn(60),
  });
  const account: Record<string, number> = {};
  account.business = await create(accountsResource, {
    name: 'Northwind Media (Business Manager)',
    type: 'business_manager',
    status: 'active',
  });
  account.system = await create(accountsResource, {
    name: 'Reporting system user',
    type: 'system_user',
    status: 'active',
  });

  for (const [name, category, owner] of [
    ['Northwind Dating', 'Dating Service', 'business'],
    ['Northwind Deals EU', 'Shopping & Retail', 'business'],
    ['Northwind Japan', 'Media/News Company', 'system'],
  ] as const) {
    await create(pagesResource, { name, category, account: account[owner]!, ...planning });
  }

  // The tree's figures first: an ad account's amount spent is the month's insights.
  const days = demoDays(dayIn(-MONTH_DAYS), MONTH_DAYS);
  const adDays = new Map<DemoAd, DayFigures[]>(
    DEMO_TREE.flatMap((adAccount) =>
      adAccount.campaigns.flatMap((campaign) =>
        campaign.adsets.flatMap((adset) => adset.ads.map((ad) => [ad, days.map((_, index) => ad.day(index))] as const)),
      ),
    ),
  );
  const perDay = (ads: readonly DemoAd[]): DayFigures[] =>
    days.map((_, index) => sumOf(ads.map((ad) => adDays.get(ad)![index]!)));
  const insight = (
    date: string,
    level: string,
    ids: Readonly<Record<string, number>>,
    figures: DayFigures,
    currency: string,
  ) =>
    create(insightsResource, {
      date,
      level,
      ad_account: ids.ad_account!,
      campaign: ids.campaign ?? null,
      adset: ids.adset ?? null,
      ad: ids.ad ?? null,
      clicks: figures.clicks,
      views: figures.views,
      leads: figures.leads,
      spent: money(figures.spentMinor, currency),
    });
  const insightsOf = async (
    level: string,
    ids: Readonly<Record<string, number>>,
    figures: readonly DayFigures[],
    currency: string,
  ) => {
    for (const [index, date] of days.entries()) await insight(date, level, ids, figures[index]!, currency);
  };

  for (const adAccount of DEMO_TREE) {
    const { currency } = adAccount;
    const accountAds = adAccount.campaigns.flatMap((campaign) => campaign.adsets.flatMap((adset) => adset.ads));
    const accountDays = perDay(accountAds);
    const adAccountId = await create(adAccountsResource, {
      name: adAccount.name,
      currency,
      timezone: adAccount.timezone,
      status: 'active',
      spend_cap: money(adAccount.spendCapMinor, currency),
      amount_spent: money(sumOf(accountDays).spentMinor, currency),
      account: account[adAccount.owner]!,
      ...planning,
    });
    await insightsOf('account', { ad_account: adAccountId }, accountDays, currency);
    for (const campaign of adAccount.campaigns) {
      const campaignId = await create(campaignsResource, {
        name: campaign.name,
        ad_account: adAccountId,
        objective: campaign.objective,
        ...(campaign.budget.kind === 'daily'
          ? { daily_budget: money(campaign.budget.minor, currency), lifetime_budget: null, stop_time: null }
          : {
              daily_budget: null,
              lifetime_budget: money(campaign.budget.minor, currency),
              stop_time: instantIn(campaign.budget.stopInDays),
            }),
        start_time: instantIn(-MONTH_DAYS - 5),
        status: campaign.status,
        ...planning,
      });
      await insightsOf(
        'campaign',
        { ad_account: adAccountId, campaign: campaignId },
        perDay(campaign.adsets.flatMap((adset) => adset.ads)),
        currency,
      );
      for (const adset of campaign.adsets) {
        const adsetId = await create(adsetsResource, {
          name: adset.name,
          campaign: campaignId,
          billing_event: adset.billingEvent,
          bid_amount: adset.bidMinor === null ? null : money(adset.bidMinor, currency),
          optimization_goal: adset.optimizationGoal,
          daily_budget: money(adset.dailyBudgetMinor, currency),
          lifetime_budget: null,
          start_time: instantIn(-MONTH_DAYS - 5),
          end_time: null,
          status: adset.status,
          ...planning,
        });
        await insightsOf(
          'adset',
          { ad_account: adAccountId, campaign: campaignId, adset: adsetId },
          perDay(adset.ads),
          currency,
        );
        for (const ad of adset.ads) {
          const adId = await create(adsResource, {
            name: ad.name,
            adset: adsetId,
            creative_id: ad.creativeId,
            status: ad.status,
            ...planning,
          });
          await insightsOf(
            'ad',
            { ad_account: adAccountId, campaign: campaignId, adset: adsetId, ad: adId },
            adDays.get(ad)!,
            currency,
          );
        }
      }
    }
  }

  await create(conversionApisResource, {
    pixel_id: '100000000000777',
    token: 'demo-not-a-real-conversions-token',
    verified_domain: 'brand-store.example',
    test_event_code: 'TEST12345',
  });
}
