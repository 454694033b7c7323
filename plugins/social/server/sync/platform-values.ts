import { canonicalDecimal, type FieldValue, type Money } from '@core/sdk/shared';
import { fromMinorUnits } from '../../shared/minor-units';
import {
  AD_ACCOUNT_STATUSES,
  BILLING_EVENTS,
  CAMPAIGN_OBJECTIVES,
  DELIVERY_STATUSES,
  OPTIMIZATION_GOALS,
} from '../../shared/resources';
import type { GraphAd, GraphAdAccount, GraphAdset, GraphCampaign, GraphPage } from '../graph-api';
import {
  SKIPPED_BILLING_EVENT,
  SKIPPED_NO_ADSET,
  SKIPPED_NO_CAMPAIGN,
  SKIPPED_OBJECTIVE,
  SKIPPED_OPTIMIZATION_GOAL,
  SKIPPED_STATUS,
} from './job-log';

/**
 * The platform's objects as the values of the plugin's records (wire form: money as
 * `{ amount, currency }` converted from minor units in the ad account's currency, instants as ISO
 * text). An object the plugin cannot hold (an objective, status or goal its enums lack, a parent
 * not read) is skipped with the reason, never stored with a value outside its field.
 */

export type Values = Record<string, FieldValue>;
/** Written values, or why not: a log line's key (job-log.ts) and the value the platform sent. */
export type Mapped = { readonly values: Values } | { readonly skipped: string; readonly value: string };

type AdAccountStatus = (typeof AD_ACCOUNT_STATUSES)[number];

/** Meta's `account_status` codes. */
const AD_ACCOUNT_STATUS: Readonly<Record<number, AdAccountStatus>> = {
  1: 'active',
  2: 'disabled',
  3: 'unsettled',
  7: 'pending_review',
  9: 'in_grace_period',
  101: 'closed',
};

/** Objectives from before Meta's outcome-based ones, as Meta maps them. */
const LEGACY_OBJECTIVES: Readonly<Record<string, (typeof CAMPAIGN_OBJECTIVES)[number]>> = {
  BRAND_AWARENESS: 'OUTCOME_AWARENESS',
  REACH: 'OUTCOME_AWARENESS',
  LINK_CLICKS: 'OUTCOME_TRAFFIC',
  TRAFFIC: 'OUTCOME_TRAFFIC',
  POST_ENGAGEMENT: 'OUTCOME_ENGAGEMENT',
  PAGE_LIKES: 'OUTCOME_ENGAGEMENT',
  EVENT_RESPONSES: 'OUTCOME_ENGAGEMENT',
  VIDEO_VIEWS: 'OUTCOME_ENGAGEMENT',
  MESSAGES: 'OUTCOME_ENGAGEMENT',
  LEAD_GENERATION: 'OUTCOME_LEADS',
  APP_INSTALLS: 'OUTCOME_APP_PROMOTION',
  CONVERSIONS: 'OUTCOME_SALES',
  PRODUCT_CATALOG_SALES: 'OUTCOME_SALES',
  STORE_VISITS: 'OUTCOME_SALES',
};

const among = (values: readonly string[], value: string): boolean => values.includes(value);

/** `act_123` → `123`: records keep the ad account's number, as the platform's insights name it. */
export const adAccountNumber = (graphId: string): string => graphId.replace(/^act_/, '');

/** A budget in minor units as money; "0" or none is no budget. */
function budget(minor: string | number | undefined, currency: string): Money | null {
  if (minor === undefined || minor === '0' || minor === 0) return null;
  return { amount: fromMinorUnits(minor, currency), currency };
}

/** The platform's instant (`2026-01-05T10:00:00+0000`) as ISO text in UTC; null when absent or unreadable. */
export function instant(text: string | undefined): string | null {
  if (!text) return null;
  const time = Date.parse(text.replace(/([+-][0-9]{2})([0-9]{2})$/, '$1:$2'));
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function adAccountValues(graph: GraphAdAccount, accountId: number): Values {
  const { currency } = graph;
  return {
    name: graph.name,
    currency,
    timezone: graph.timezone_name,
    status: AD_ACCOUNT_STATUS[graph.account_status] ?? 'other',
    spend_cap: budget(graph.spend_cap, currency),
    amount_spent: { amount: fromMinorUnits(graph.amount_spent, currency), currency },
    account: accountId,
  };
}

export function pageValues(graph: GraphPage, accountId: number): Values {
  return { name: graph.name, category: graph.category, account: accountId };
}

export function campaignValues(graph: GraphCampaign, adAccountId: number, currency: string): Mapped {
  const objective = among(CAMPAIGN_OBJECTIVES, graph.objective) ? graph.objective : LEGACY_OBJECTIVES[graph.objective];
  if (!objective) return { skipped: SKIPPED_OBJECTIVE, value: graph.objective || 'none' };
  if (!among(DELIVERY_STATUSES, graph.status)) return { skipped: SKIPPED_STATUS, value: graph.status || 'none' };
  return {
    values: {
      name: graph.name,
      ad_account: adAccountId,
      objective,
      daily_budget: budget(graph.daily_budget, currency),
      lifetime_budget: budget(graph.lifetime_budget, currency),
      start_time: instant(graph.start_time),
      stop_time: instant(graph.stop_time),
      status: graph.status,
    },
  };
}

export function adsetValues(graph: GraphAdset, campaignId: number | undefined, currency: string): Mapped {
  if (campaignId === undefined) return { skipped: SKIPPED_NO_CAMPAIGN, value: graph.campaign_id };
  if (!among(BILLING_EVENTS, graph.billing_event))
    return { skipped: SKIPPED_BILLING_EVENT, value: graph.billing_event || 'none' };
  if (!among(OPTIMIZATION_GOALS, graph.optimization_goal))
    return { skipped: SKIPPED_OPTIMIZATION_GOAL, value: graph.optimization_goal || 'none' };
  if (!among(DELIVERY_STATUSES, graph.status)) return { skipped: SKIPPED_STATUS, value: graph.status || 'none' };
  return {
    values: {
      name: graph.name,
      campaign: campaignId,
      billing_event: graph.billing_event,
      bid_amount: budget(graph.bid_amount, currency),
      optimization_goal: graph.optimization_goal,
      daily_budget: budget(graph.daily_budget, currency),
      lifetime_budget: budget(graph.lifetime_budget, currency),
      start_time: instant(graph.start_time),
      end_time: instant(graph.end_time),
      status: graph.status,
    },
  };
}

export function adValues(graph: GraphAd, adsetId: number | undefined): Mapped {
  if (adsetId === undefined) return { skipped: SKIPPED_NO_ADSET, value: graph.adset_id };
  if (!among(DELIVERY_STATUSES, graph.status)) return { skipped: SKIPPED_STATUS, value: graph.status || 'none' };
  const creative = graph.creative?.id;
  return {
    values: {
      name: graph.name,
      adset: adsetId,
      creative_id: creative && /^[0-9]{1,32}$/.test(creative) ? creative : null,
      status: graph.status,
    },
  };
}

/** A whole count the platform sent as text; null when it is not one. */
export function wholeCount(text: string): number | null {
  return /^[0-9]{1,15}$/.test(text) ? Number(text) : null;
}

/** Spend (insights give decimals, not minor units) as money; null when it is not an amount of at most three decimals. */
export function spend(text: string, currency: string): Money | null {
  return /^[0-9]{1,15}(\.[0-9]{1,3})?$/.test(text) ? { amount: canonicalDecimal(text), currency } : null;
}
