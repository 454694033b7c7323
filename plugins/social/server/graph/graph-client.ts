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
import { PLATFORM_ANSWER_UNREADABLE, PLATFORM_REPORT_FAILED, PLATFORM_REPORT_SLOW } from './messages';
import { shortText } from './redact';
import { sleepFor, type Sleep } from './sleep';
import { UsagePacer } from './usage-pacing';

/**
 * The Meta Marketing (Graph) API as the plugin uses it: reads of an account's ad accounts, pages
 * and campaign tree and of an ad account's insights (every page of each, by cursor), status and
 * budget writes, the token's own check (`debug_token`) and the Conversions API
 * (`POST /{pixel_id}/events`). Pages are read with `/me/accounts` (the pages the token's user or
 * system user has a role on), which serves every account type alike; a business's
 * `/{business}/owned_pages` would need its id, which the accounts screen does not hold.
 */

/** Runs one Graph call, possibly more than once: a job's wait on the platform's rate limit (`JobProgress.patience`). */
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

/**
 * How much an insights read may ask for synchronously, in day-levels: days × the level's depth
 * (account 1, campaign 2, adset 3, ad 4, since each level down holds more objects, so more rows a
 * day). A synchronous read must answer within the call's timeout, and Meta's insights guidance
 * (https://developers.facebook.com/docs/marketing-api/insights/best-practices/) says large
 * synchronous requests time out and recommends asynchronous report runs for them. 31 lets a month
 * at account level or a week at ad level go at once; anything larger is a report run.
 */
export const SYNC_INSIGHTS_BUDGET = 31;
const LEVEL_DEPTH: Readonly<Record<ReportLevel, number>> = { account: 1, campaign: 2, adset: 3, ad: 4 };

/** Between checks of a report run's status: Meta's example polls every few seconds. */
const REPORT_POLL_MS = 2_000;
/** Checks of one report run before the read gives up (about half an hour, the insights job's own timeout). */
const MAX_REPORT_POLLS = 900;

/** A report run's `async_status` once it is done (AdReportRun): completed, or ended without results. */
const RUN_COMPLETED = 'Job Completed';
const RUN_ENDED = new Set(['Job Failed', 'Job Skipped']);

const DAY_MS = 86_400_000;

/** The days of a range, both ends included. */
function daysOf(range: GraphTimeRange): number {
  return Math.round((Date.parse(`${range.until}T00:00:00Z`) - Date.parse(`${range.since}T00:00:00Z`)) / DAY_MS) + 1;
}

/** `day` moved by `days` (`YYYY-MM-DD`). */
function dayPlus(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A report run's progress, 0–100, as its `async_percent_completion` says. */
export type RunProgress = (percent: number) => Promise<void>;

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
  private readonly pacer: UsagePacer;

  /** `sleep`: how the client waits, before a call when usage nears the limit and between report-run checks. */
  constructor(
    readonly config: GraphConfig,
    private readonly sleep: Sleep = sleepFor,
  ) {
    this.pacer = new UsagePacer(sleep);
  }

  /** Calls made with `token`, each through `patience`. */
  session(token: string, options: SessionOptions = {}): GraphSession {
    return new GraphSession(
      { config: this.config, pacer: this.pacer, sleep: this.sleep },
      token,
      options.signal,
      options.patience ?? AT_ONCE,
    );
  }

  /** What the platform says of `inputToken`, asked with `appToken` (`app_id|app_secret`, or the token itself). */
  async debugToken(inputToken: string, appToken: string, signal?: AbortSignal): Promise<GraphTokenInfo> {
    const answer = await graphCall(
      this.config,
      { method: 'GET', path: 'debug_token', params: { input_token: inputToken }, token: appToken, signal },
      this.pacer,
    );
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
    const answer = await graphCall(
      this.config,
      { method: 'POST', path: `${encodeURIComponent(pixelId)}/events`, params, token, signal },
      this.pacer,
    );
    return {
      events_received: typeof answer.events_received === 'number' ? answer.events_received : 0,
      messages: Array.isArray(answer.messages)
        ? answer.messages.map((message) => shortText(String(message), [token]))
        : [],
      fbtrace_id: typeof answer.fbtrace_id === 'string' ? answer.fbtrace_id : null,
    };
  }
}

/** What a session shares with its client: where the API is, the usage pacing, the clock. */
interface SessionBase {
  readonly config: GraphConfig;
  readonly pacer: UsagePacer;
  readonly sleep: Sleep;
}

/** Calls made with one token. Ad accounts are named by their number, without the `act_` prefix. */
export class GraphSession {
  constructor(
    private readonly base: SessionBase,
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

  /**
   * One row per day of `range` at `level`: read at once within SYNC_INSIGHTS_BUDGET, else through
   * an asynchronous report run whose percent done goes to `progress`. When the platform answers
   * code 1 asking for less data, the range is halved and each half read, down to one day; each
   * request already asks for one level, so one day is the smallest read there is.
   */
  async insights(
    adAccount: string,
    range: GraphTimeRange,
    level: ReportLevel,
    progress?: RunProgress,
  ): Promise<GraphInsight[]> {
    const params = {
      level,
      time_range: JSON.stringify({ since: range.since, until: range.until }),
      time_increment: '1',
      fields: FIELDS.insights,
    };
    const days = daysOf(range);
    try {
      return days * LEVEL_DEPTH[level] <= SYNC_INSIGHTS_BUDGET
        ? await this.all(`act_${adAccount}/insights`, params, insightOf)
        : await this.reportRun(adAccount, params, progress);
    } catch (error) {
      if (!(error instanceof GraphError) || !error.asksForLessData || days <= 1) throw error;
      const firstDays = Math.ceil(days / 2);
      const first = { since: range.since, until: dayPlus(range.since, firstDays - 1) };
      const second = { since: dayPlus(range.since, firstDays), until: range.until };
      return [
        ...(await this.insights(adAccount, first, level, progress)),
        ...(await this.insights(adAccount, second, level, progress)),
      ];
    }
  }

  /**
   * An insights read as an asynchronous report run (Meta's "Asynchronous Jobs" for insights and the
   * AdReportRun object): `POST act_<id>/insights` with the read's parameters answers
   * `{ report_run_id }`; `GET <report_run_id>` tells `async_status` ("Job Not Started", "Job
   * Started", "Job Running", "Job Completed", "Job Failed", "Job Skipped") and
   * `async_percent_completion`; once completed, `GET <report_run_id>/insights` gives the rows,
   * paged as any list.
   */
  private async reportRun(adAccount: string, params: GraphParams, progress?: RunProgress): Promise<GraphInsight[]> {
    const started = await this.call('POST', `act_${adAccount}/insights`, params);
    const runId = typeof started.report_run_id === 'string' ? started.report_run_id : null;
    if (runId === null || !/^[0-9]+$/.test(runId))
      throw new GraphError('unavailable', formatMessage(PLATFORM_ANSWER_UNREADABLE, { status: 200 }));
    for (let polls = 0; ; polls += 1) {
      if (polls >= MAX_REPORT_POLLS)
        throw new GraphError('unavailable', formatMessage(PLATFORM_REPORT_SLOW, { polls }));
      const run = await this.call('GET', runId, {});
      const status = typeof run.async_status === 'string' ? run.async_status : '';
      const percent = typeof run.async_percent_completion === 'number' ? run.async_percent_completion : 0;
      await progress?.(Math.max(0, Math.min(100, percent)));
      if (status === RUN_COMPLETED) break;
      if (RUN_ENDED.has(status)) throw new GraphError('unavailable', formatMessage(PLATFORM_REPORT_FAILED, { status }));
      await this.base.sleep(REPORT_POLL_MS, this.signal);
    }
    return this.all(`${runId}/insights`, {}, insightOf);
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
      graphCall(this.base.config, { method, path, params, token: this.token, signal: this.signal }, this.base.pacer),
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
