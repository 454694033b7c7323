import { formatMessage } from '@core/sdk/shared';
import type { ReportLevel } from '../../shared/resources';
import type {
  GraphAd,
  GraphAdAccount,
  GraphAdset,
  GraphChanges,
  GraphCampaign,
  GraphEventsAnswer,
  GraphInsight,
  GraphPage,
  GraphTimeRange,
  GraphTokenInfo,
} from '../graph-api';
import type { GraphConfig } from './graph-config';
import { GraphError, unavailableError } from './graph-error';
import { graphCall, type GraphObject, type GraphParams } from './graph-http';
import { adAccountOf, adOf, adsetOf, campaignOf, insightOf, pageOf } from './graph-parse';
import { PLATFORM_ANSWER_UNREADABLE } from './messages';
import { shortText } from './redact';

/**
 * The Meta Marketing (Graph) API as the plugin uses it: reads of an account's ad accounts, pages
 * and campaign tree and of an ad account's insights (every page of each, by cursor), status and
 * budget writes, the token's own check (`debug_token`) and the Conversions API
 * (`POST /{pixel_id}/events`). Pages are read with `/me/accounts` (the pages the token's user or
 * system user has a role on), which serves every account type alike; a business's
 * `/{business}/owned_pages` would need its id, which the accounts screen does not hold.
 */

/** Runs one Graph call, possibly more than once: a job's wait on the platform's rate limit (platform-patience.ts). */
export type Patience = <T>(call: () => Promise<T>) => Promise<T>;

const AT_ONCE: Patience = (call) => call();

/** Items per page asked for; the platform may send fewer. */
const PAGE_SIZE = '100';
/** A bound on pages followed, so a platform that keeps answering "next" cannot hold a job forever. */
const MAX_PAGES = 1000;

const FIELDS = {
  adAccounts: 'id,name,currency,timezone_name,account_status,spend_cap,amount_spent',
  pages: 'id,name,category',
  campaigns: 'id,name,objective,status,daily_budget,lifetime_budget,start_time,stop_time',
  adsets:
    'id,name,campaign_id,billing_event,optimization_goal,status,bid_amount,daily_budget,lifetime_budget,start_time,end_time',
  ads: 'id,name,adset_id,status,creative{id}',
  insights: 'account_id,campaign_id,adset_id,ad_id,clicks,impressions,spend,actions',
} as const;

const isObject = (value: unknown): value is GraphObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface SessionOptions {
  readonly signal?: AbortSignal;
  readonly patience?: Patience;
}

/** The platform's Unix seconds (0: never) as an ISO instant. */
function instantOfSeconds(value: unknown): string | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
    ? new Date(value * 1000).toISOString()
    : null;
}

export class GraphClient {
  constructor(readonly config: GraphConfig) {}

  /** Calls made with `token`, each through `patience`. */
  session(token: string, options: SessionOptions = {}): GraphSession {
    return new GraphSession(this.config, token, options.signal, options.patience ?? AT_ONCE);
  }

  /** What the platform says of `inputToken`, asked with `appToken` (`app_id|app_secret`, or the token itself). */
  async debugToken(inputToken: string, appToken: string, signal?: AbortSignal): Promise<GraphTokenInfo> {
    const answer = await graphCall(this.config, {
      method: 'GET',
      path: 'debug_token',
      params: { input_token: inputToken },
      token: appToken,
      signal,
    });
    const data = isObject(answer.data) ? answer.data : null;
    if (!data) throw new GraphError('unavailable', formatMessage(PLATFORM_ANSWER_UNREADABLE, { status: 200 }));
    const valid = data.is_valid === true;
    const said =
      isObject(data.error) && typeof data.error.message === 'string'
        ? shortText(data.error.message, [inputToken, appToken])
        : null;
    return {
      valid,
      scopes: Array.isArray(data.scopes)
        ? data.scopes.filter((scope): scope is string => typeof scope === 'string')
        : [],
      expires_at: instantOfSeconds(data.expires_at),
      error: valid ? null : (said ?? 'The platform holds the token invalid.'),
    };
  }

  /** Server events for a pixel (Conversions API); `testEventCode` shows them in the Events Manager's test tab only. */
  async sendEvents(
    pixelId: string,
    token: string,
    events: readonly unknown[],
    testEventCode?: string,
    signal?: AbortSignal,
  ): Promise<GraphEventsAnswer> {
    const params: Record<string, string> = { data: JSON.stringify(events) };
    if (testEventCode) params.test_event_code = testEventCode;
    const answer = await graphCall(this.config, {
      method: 'POST',
      path: `${encodeURIComponent(pixelId)}/events`,
      params,
      token,
      signal,
    });
    return {
      events_received: typeof answer.events_received === 'number' ? answer.events_received : 0,
      messages: Array.isArray(answer.messages)
        ? answer.messages.map((message) => shortText(String(message), [token]))
        : [],
      fbtrace_id: typeof answer.fbtrace_id === 'string' ? answer.fbtrace_id : null,
    };
  }
}

/** Calls made with one token. Ad accounts are named by their number, without the `act_` prefix. */
export class GraphSession {
  constructor(
    private readonly config: GraphConfig,
    private readonly token: string,
    private readonly signal: AbortSignal | undefined,
    private readonly patience: Patience,
  ) {}

  adAccounts(): Promise<GraphAdAccount[]> {
    return this.all('me/adaccounts', { fields: FIELDS.adAccounts }, adAccountOf);
  }

  pages(): Promise<GraphPage[]> {
    return this.all('me/accounts', { fields: FIELDS.pages }, pageOf);
  }

  campaigns(adAccount: string): Promise<GraphCampaign[]> {
    return this.all(`act_${adAccount}/campaigns`, { fields: FIELDS.campaigns }, campaignOf);
  }

  adsets(adAccount: string): Promise<GraphAdset[]> {
    return this.all(`act_${adAccount}/adsets`, { fields: FIELDS.adsets }, adsetOf);
  }

  ads(adAccount: string): Promise<GraphAd[]> {
    return this.all(`act_${adAccount}/ads`, { fields: FIELDS.ads }, adOf);
  }

  /** One row per day of `range` at `level`. */
  insights(adAccount: string, range: GraphTimeRange, level: ReportLevel): Promise<GraphInsight[]> {
    const params = {
      level,
      time_range: JSON.stringify({ since: range.since, until: range.until }),
      time_increment: '1',
      fields: FIELDS.insights,
    };
    return this.all(`act_${adAccount}/insights`, params, insightOf);
  }

  /** `status=PAUSED|ACTIVE` on a campaign, adset or ad. */
  async setStatus(objectId: string, status: 'ACTIVE' | 'PAUSED'): Promise<void> {
    await this.call('POST', encodeURIComponent(objectId), { status });
  }

  /** Budgets (minor units) and status of a campaign, adset or ad. */
  async update(objectId: string, changes: GraphChanges): Promise<void> {
    const params = Object.fromEntries(
      Object.entries(changes).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    await this.call('POST', encodeURIComponent(objectId), params);
  }

  private call(method: 'GET' | 'POST', path: string, params: GraphParams): Promise<GraphObject> {
    return this.patience(() =>
      graphCall(this.config, { method, path, params, token: this.token, signal: this.signal }),
    );
  }

  /**
   * Every item of a list, page by page: the next page is asked for with the `after` cursor while
   * the platform gives a `next` link (the link itself only when it gives no cursor).
   */
  private async all<T>(path: string, params: GraphParams, read: (item: GraphObject) => T | null): Promise<T[]> {
    const items: T[] = [];
    let request: { path: string; params: GraphParams } | null = { path, params: { ...params, limit: PAGE_SIZE } };
    for (let pages = 0; request !== null; pages += 1) {
      if (pages >= MAX_PAGES) throw unavailableError(`the list went on past ${MAX_PAGES} pages`);
      const answer = await this.call('GET', request.path, request.params);
      if (!Array.isArray(answer.data))
        throw new GraphError('unavailable', formatMessage(PLATFORM_ANSWER_UNREADABLE, { status: 200 }));
      for (const item of answer.data) {
        const parsed = isObject(item) ? read(item) : null;
        if (parsed !== null) items.push(parsed);
      }
      request = nextRequest(answer.paging, path, params, request.params);
    }
    return items;
  }
}

function nextRequest(
  paging: unknown,
  path: string,
  params: GraphParams,
  current: GraphParams,
): { path: string; params: GraphParams } | null {
  if (!isObject(paging) || typeof paging.next !== 'string' || paging.next === '') return null;
  const after = isObject(paging.cursors) && typeof paging.cursors.after === 'string' ? paging.cursors.after : null;
  if (after !== null) return { path, params: { ...current, ...params, after } };
  return { path: paging.next, params: {} };
}
