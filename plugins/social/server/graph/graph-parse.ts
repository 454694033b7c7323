import type { GraphAd, GraphAdAccount, GraphAdset, GraphCampaign, GraphInsight, GraphPage } from '../graph-api';
import type { GraphObject } from './graph-http';

/**
 * The Graph API's objects read into graph-api.ts's shapes. The API sends numbers as text or as
 * numbers depending on the field and version, so both are taken; an item without an id is
 * dropped (there is nothing to match it by).
 */

const isObject = (value: unknown): value is GraphObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

const optional = <K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, string>);

export function adAccountOf(item: GraphObject): GraphAdAccount | null {
  const id = text(item.id);
  if (!id) return null;
  const status = Number(text(item.account_status) ?? '0');
  return {
    id,
    name: text(item.name) ?? id,
    currency: text(item.currency) ?? 'USD',
    timezone_name: text(item.timezone_name) ?? 'UTC',
    account_status: Number.isSafeInteger(status) ? status : 0,
    spend_cap: text(item.spend_cap) ?? '0',
    amount_spent: text(item.amount_spent) ?? '0',
  };
}

export function pageOf(item: GraphObject): GraphPage | null {
  const id = text(item.id);
  return id ? { id, name: text(item.name) ?? id, category: text(item.category) ?? null } : null;
}

export function campaignOf(item: GraphObject): GraphCampaign | null {
  const id = text(item.id);
  if (!id) return null;
  return {
    id,
    name: text(item.name) ?? id,
    objective: text(item.objective) ?? '',
    status: text(item.status) ?? '',
    ...optional('daily_budget', text(item.daily_budget)),
    ...optional('lifetime_budget', text(item.lifetime_budget)),
    ...optional('start_time', text(item.start_time)),
    ...optional('stop_time', text(item.stop_time)),
  };
}

export function adsetOf(item: GraphObject): GraphAdset | null {
  const id = text(item.id);
  if (!id) return null;
  const bid = text(item.bid_amount);
  return {
    id,
    name: text(item.name) ?? id,
    campaign_id: text(item.campaign_id) ?? '',
    billing_event: text(item.billing_event) ?? '',
    optimization_goal: text(item.optimization_goal) ?? '',
    status: text(item.status) ?? '',
    ...(bid !== undefined && /^[0-9]{1,15}$/.test(bid) ? { bid_amount: Number(bid) } : {}),
    ...optional('daily_budget', text(item.daily_budget)),
    ...optional('lifetime_budget', text(item.lifetime_budget)),
    ...optional('start_time', text(item.start_time)),
    ...optional('end_time', text(item.end_time)),
  };
}

export function adOf(item: GraphObject): GraphAd | null {
  const id = text(item.id);
  if (!id) return null;
  const creative = isObject(item.creative) ? text(item.creative.id) : undefined;
  return {
    id,
    name: text(item.name) ?? id,
    adset_id: text(item.adset_id) ?? '',
    status: text(item.status) ?? '',
    ...(creative === undefined ? {} : { creative: { id: creative } }),
  };
}

export function insightOf(item: GraphObject): GraphInsight | null {
  const date = text(item.date_start);
  const account = text(item.account_id);
  if (!date || !account) return null;
  const actions = Array.isArray(item.actions)
    ? item.actions
        .filter(isObject)
        .map((action) => ({ action_type: text(action.action_type) ?? '', value: text(action.value) ?? '0' }))
    : undefined;
  return {
    date_start: date,
    account_id: account,
    ...optional('campaign_id', text(item.campaign_id)),
    ...optional('adset_id', text(item.adset_id)),
    ...optional('ad_id', text(item.ad_id)),
    clicks: text(item.clicks) ?? '0',
    impressions: text(item.impressions) ?? '0',
    spend: text(item.spend) ?? '0',
    ...(actions === undefined ? {} : { actions }),
  };
}
