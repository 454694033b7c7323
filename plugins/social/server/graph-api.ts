/**
 * What the plugin asks of the Meta Marketing (Graph) API, so routes and jobs are written against
 * this and the adapter (server/graph/) is the one place that speaks HTTP to the platform. Amounts
 * cross this line in minor units as the API gives them; shared/minor-units.ts converts them.
 */

/** A Graph error, typed: the token expired or lacks a permission, the platform asks to slow down, or anything else. */
export type GraphErrorKind = 'auth' | 'rate-limit' | 'invalid' | 'unavailable';

export interface GraphAdAccount {
  /** `act_<id>` */
  readonly id: string;
  readonly name: string;
  readonly currency: string;
  readonly timezone_name: string;
  readonly account_status: number;
  /** Minor units, as text; "0" when none. */
  readonly spend_cap: string;
  readonly amount_spent: string;
}

export interface GraphPage {
  readonly id: string;
  readonly name: string;
  readonly category: string | null;
}

export interface GraphCampaign {
  readonly id: string;
  readonly name: string;
  readonly objective: string;
  readonly status: string;
  /** Minor units as text, absent when the campaign has no such budget. */
  readonly daily_budget?: string;
  readonly lifetime_budget?: string;
  readonly start_time?: string;
  readonly stop_time?: string;
}

export interface GraphAdset {
  readonly id: string;
  readonly name: string;
  readonly campaign_id: string;
  readonly billing_event: string;
  readonly optimization_goal: string;
  readonly status: string;
  readonly bid_amount?: number;
  readonly daily_budget?: string;
  readonly lifetime_budget?: string;
  readonly start_time?: string;
  readonly end_time?: string;
}

export interface GraphAd {
  readonly id: string;
  readonly name: string;
  readonly adset_id: string;
  readonly status: string;
  readonly creative?: { readonly id: string };
}

export interface GraphInsight {
  readonly date_start: string;
  readonly account_id: string;
  readonly campaign_id?: string;
  readonly adset_id?: string;
  readonly ad_id?: string;
  readonly clicks: string;
  readonly impressions: string;
  /** In the account's currency, as a decimal string (insights are not in minor units). */
  readonly spend: string;
  readonly actions?: readonly { readonly action_type: string; readonly value: string }[];
}

export interface GraphTokenInfo {
  readonly valid: boolean;
  readonly scopes: readonly string[];
  /** ISO instant, or null when the token does not expire. */
  readonly expires_at: string | null;
  /** Why the platform holds the token invalid (its words, token blotted out); null while valid. */
  readonly error: string | null;
}

/** The day range of an insights read, both ends included (`YYYY-MM-DD`). */
export interface GraphTimeRange {
  readonly since: string;
  readonly until: string;
}

/** What an edit writes to a campaign, adset or ad: budgets in minor units as text, the status; a field left out is not changed. */
export interface GraphChanges {
  readonly daily_budget?: string;
  readonly lifetime_budget?: string;
  readonly status?: string;
}

export interface GraphEventsAnswer {
  readonly events_received: number;
  readonly messages: readonly string[];
  readonly fbtrace_id: string | null;
}
