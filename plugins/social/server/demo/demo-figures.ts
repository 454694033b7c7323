/*
 * The demo's insight numbers: computed from an ad's profile and the day's index, so every run
 * seeds the same month. Money is in the currency's minor unit (cents, yen), whole numbers only.
 */

export const MONTH_DAYS = 30;

export interface DayFigures {
  readonly clicks: number;
  readonly views: number;
  readonly leads: number;
  readonly spentMinor: number;
}

/** How an ad performs. */
export interface AdProfile {
  /** Distinguishes the ads' day-to-day variation. */
  readonly number: number;
  /** Impressions on an ordinary day, before the day's variation (up to half again). */
  readonly views: number;
  /** Clicks per thousand impressions. */
  readonly clicksPerMille: number;
  /** One lead per this many clicks; 0: the ad brings no leads. */
  readonly clicksPerLead: number;
  /** Cost of a thousand impressions, in minor units. */
  readonly cpmMinor: number;
  /** Trailing days the ad was paused (all zero). */
  readonly pausedDays?: number;
}

/** The `count` plain days from `first` on. */
export function demoDays(first: string, count: number): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => new Date(start + index * 86_400_000).toISOString().slice(0, 10));
}

/** The ad's figures on day `index` of the month (0 the first). Every eleventh day (shifted per ad) has views but no clicks. */
export function adDay(profile: AdProfile, index: number): DayFigures {
  if (profile.pausedDays !== undefined && index >= MONTH_DAYS - profile.pausedDays)
    return { clicks: 0, views: 0, leads: 0, spentMinor: 0 };
  const variation = (profile.number * 7919 + index * 104_729) % 500;
  const views = profile.views + Math.floor((profile.views * variation) / 1000);
  const noClicks = (index + profile.number) % 11 === 0;
  const clicks = noClicks ? 0 : Math.floor((views * profile.clicksPerMille) / 1000);
  const leads = profile.clicksPerLead === 0 ? 0 : Math.floor(clicks / profile.clicksPerLead);
  return { clicks, views, leads, spentMinor: Math.round((views * profile.cpmMinor) / 1000) };
}
