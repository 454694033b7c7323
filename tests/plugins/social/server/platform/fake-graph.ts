import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of exactly the Meta Graph API endpoints the social plugin calls, modelled on Meta's
 * documentation, endpoint by endpoint:
 *
 * - Every path starts with the version (`/{version}/…`). A version older than `oldestVersion`
 *   answers Meta's error for a deprecated Marketing API version, code 2635 "You are calling a
 *   deprecated version of the Ads API. Please update to the latest version" (Marketing API
 *   Versioning, https://developers.facebook.com/docs/marketing-api/versions: "Once a version is
 *   unavailable, any calls made to that version number will fail"). The default, v25.0, is the
 *   oldest version the version history
 *   (https://developers.facebook.com/documentation/ads-commerce/marketing-api/marketing-api-changelog/versions)
 *   lists as unexpired on 2026-11-29 (v24.0 expired on 2026-11-10).
 * - `fields` is honoured as the Graph API does (Graph API overview, "Fields",
 *   https://developers.facebook.com/docs/graph-api/overview): only the fields asked for come back
 *   (`creative{id}` names `creative`), with a node's `id` and an insights row's `date_start` and
 *   `date_stop` always; without `fields`, a node gives its `id` and `name`, an insights row Meta's
 *   default metrics (`impressions`, `spend`).
 * - `GET /{version}/me/adaccounts` (User, "adaccounts" edge), `GET /{version}/me/accounts` (User,
 *   "accounts" edge: the pages), `GET /{version}/act_<id>/campaigns|adsets|ads` (Ad Account's edges
 *   in the Marketing API reference): `{ data: [...], paging: { cursors: { before, after }, next? } }`
 *   (Graph API "Paginated Results", cursor-based), `pageSize` items a page (or `limit`, if smaller);
 *   `next` carries the token as `access_token`, as the real one does, and is absent on the last page.
 * - `GET /{version}/act_<id>/insights` (Ad Account Insights: `level`, `time_range={"since","until"}`,
 *   `time_increment=1`), paged as above. A read whose rows exceed `maxSyncRows` answers code 1
 *   "Please reduce the amount of data you're asking for, then retry your request", as Meta does for
 *   a synchronous read too large to compute (Insights API, Limits & Best Practices,
 *   https://developers.facebook.com/docs/marketing-api/insights/best-practices/).
 * - `POST /{version}/act_<id>/insights` with the same parameters starts an asynchronous report run
 *   and answers `{ report_run_id }`; `GET /{version}/<report_run_id>` answers the AdReportRun
 *   (`id`, `account_id`, `async_status` "Job Not Started" → "Job Running" → "Job Completed",
 *   `async_percent_completion` rising to 100 over `runChecks` checks, `date_start`, `date_stop`);
 *   `failNextRun` makes one end as "Job Failed";
 *   `GET /{version}/<report_run_id>/insights` pages its rows once completed (Insights API,
 *   "Asynchronous Jobs", https://developers.facebook.com/docs/marketing-api/insights/best-practices/,
 *   and the Ad Report Run reference, https://developers.facebook.com/docs/marketing-api/reference/ad-report-run/).
 * - `POST /{version}/{campaign|adset|ad id}` with `status`, `daily_budget`, `lifetime_budget` (form
 *   fields; Campaign, Ad Set and Ad "Updating" in the Marketing API reference): `{ success: true }`;
 *   a budget that is not a whole number of minor units is refused (code 100).
 * - `GET /{version}/debug_token?input_token=` asked with the app token (`app_id|app_secret`) or the
 *   token itself (Graph API reference, "Debug Token"): `{ data: { app_id, type, is_valid, scopes,
 *   expires_at, error? } }`.
 * - `POST /{version}/{pixel_id}/events` with `data` (JSON array) and `test_event_code` (Conversions
 *   API, "Using the API"): `{ events_received, messages, fbtrace_id }`.
 *
 * The token is taken from `Authorization: Bearer` or an `access_token` parameter. Errors are
 * Graph's envelope `{ error: { message, type, code, error_subcode, fbtrace_id } }` (Graph API
 * "Handling Errors"): an unknown token answers 190 (OAuthException), an expired one 190/463 with a
 * message that quotes the token (as a careless platform might, so redaction is tested);
 * `rateLimitNext` answers code 17 (or another) with an `x-business-use-case-usage` header estimating
 * the time to regain access; `usageNext` puts usage headers on successful answers (Rate Limits).
 */

export interface FakeAdAccount {
  /** `act_<number>` */
  readonly id: string;
  readonly name: string;
  readonly currency: string;
  readonly timezone_name?: string;
  readonly account_status?: number;
  readonly spend_cap?: string;
  readonly amount_spent?: string;
}

export interface FakePage {
  readonly id: string;
  readonly name: string;
  readonly category?: string;
}

/** Campaigns, adsets and ads carry the number of their ad account (`account_id`), as the API's objects do. */
export interface FakeCampaign {
  readonly id: string;
  readonly account_id: string;
  readonly name: string;
  readonly objective: string;
  readonly status: string;
  readonly daily_budget?: string;
  readonly lifetime_budget?: string;
  readonly start_time?: string;
  readonly stop_time?: string;
}

export interface FakeAdset {
  readonly id: string;
  readonly account_id: string;
  readonly campaign_id: string;
  readonly name: string;
  readonly billing_event: string;
  readonly optimization_goal: string;
  readonly status: string;
  readonly bid_amount?: number;
  readonly daily_budget?: string;
  readonly lifetime_budget?: string;
  readonly start_time?: string;
  readonly end_time?: string;
}

export interface FakeAd {
  readonly id: string;
  readonly account_id: string;
  readonly adset_id: string;
  readonly name: string;
  readonly status: string;
  readonly creative?: { readonly id: string };
}

export interface FakeInsight {
  readonly level: 'account' | 'campaign' | 'adset' | 'ad';
  readonly account_id: string;
  readonly date_start: string;
  readonly campaign_id?: string;
  readonly adset_id?: string;
  readonly ad_id?: string;
  readonly clicks: string;
  readonly impressions: string;
  readonly spend: string;
  readonly actions?: readonly { readonly action_type: string; readonly value: string }[];
}

export interface FakeGraphRequest {
  readonly method: string;
  /** The path without the version (`me/adaccounts`, `act_1/insights`). */
  readonly path: string;
  readonly version: string;
  /** The URL as sent, query included. */
  readonly url: string;
  readonly query: Readonly<Record<string, string>>;
  /** Form fields of a POST. */
  readonly form: Readonly<Record<string, string>>;
  readonly authorization: string | null;
}

export interface FakeWrite {
  readonly objectId: string;
  readonly params: Readonly<Record<string, string>>;
}

export interface FakeEventBatch {
  readonly pixelId: string;
  readonly token: string;
  readonly data: unknown;
  readonly testEventCode: string | null;
}

export interface FakeTokenInfo {
  readonly scopes?: readonly string[];
  /** Unix seconds; 0 for a token that never expires. */
  readonly expiresAt?: number;
}

export interface FakeFailureOptions {
  /** How many matching requests fail; 1 by default. */
  readonly times?: number;
  /** Only requests whose path (without the version) contains this. */
  readonly path?: string;
}

export interface FakeGraphOptions {
  /** Items per page; small by default so paging is exercised. */
  readonly pageSize?: number;
  /** The oldest version still served; older ones answer code 2635. */
  readonly oldestVersion?: string;
  /** The most rows a synchronous insights read may hold before it answers code 1. */
  readonly maxSyncRows?: number;
  /** Status checks a report run takes to complete. */
  readonly runChecks?: number;
  readonly appId?: string;
  readonly appSecret?: string;
}

interface Reply {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

interface ReportRun {
  readonly id: string;
  readonly account: string;
  readonly since: string;
  readonly until: string;
  readonly fields: string | undefined;
  readonly rows: readonly Row[];
  readonly fails: boolean;
  checks: number;
}

interface Failure {
  remaining: number;
  readonly path: string | null;
  readonly reply: (token: string) => Reply;
}

type Row = object;

const TRACE = 'AFakeTraceId123';

/** What a node answers without `fields`, and an insights row (Meta's default metrics). */
const NODE_DEFAULTS = ['id', 'name'];
const INSIGHT_DEFAULTS = ['impressions', 'spend'];
const NODE_ALWAYS = ['id'];
const INSIGHT_ALWAYS = ['date_start', 'date_stop'];

/** `v27.0` as a number that orders versions (27.0). */
function versionNumber(version: string): number {
  const match = /^v([0-9]+)\.([0-9]+)$/.exec(version);
  return match ? Number(match[1]) * 1000 + Number(match[2]) : 0;
}

/**
 * The fields of `row` that `fields` asks for (`creative{id}` names `creative`), or `defaults`, with
 * those always sent: a node's `id`; an insights row's `date_start` and `date_stop`, its period.
 */
function selected(row: Row, fields: string | undefined, defaults: readonly string[], always: readonly string[]): Row {
  const names = fields
    ? fields
        .split(',')
        .map((field) => field.replace(/\{.*$/, '').trim())
        .filter((field) => field !== '')
    : defaults;
  const wanted = new Set([...always, ...names]);
  return Object.fromEntries(Object.entries(row).filter(([key]) => wanted.has(key)));
}

function graphError(
  status: number,
  code: number,
  message: string,
  type = 'OAuthException',
  subcode?: number,
  headers?: Record<string, string>,
): Reply {
  return {
    status,
    body: {
      error: { message, type, code, ...(subcode === undefined ? {} : { error_subcode: subcode }), fbtrace_id: TRACE },
    },
    headers,
  };
}

export class FakeGraph {
  readonly requests: FakeGraphRequest[] = [];
  readonly writes: FakeWrite[] = [];
  readonly events: FakeEventBatch[] = [];
  readonly appId: string;
  readonly appSecret: string;
  private readonly pageSize: number;
  private server: Server | null = null;
  private origin = '';
  private readonly tokens = new Map<string, Required<FakeTokenInfo> & { expired: boolean }>();
  private readonly adAccounts = new Map<string, FakeAdAccount>();
  private readonly pages = new Map<string, FakePage>();
  private readonly objects = new Map<string, Record<string, unknown> & { kind: 'campaign' | 'adset' | 'ad' }>();
  private readonly insights: FakeInsight[] = [];
  private readonly failures: Failure[] = [];
  private readonly runs = new Map<string, ReportRun>();
  private readonly oldestVersion: string;
  private readonly maxSyncRows: number;
  private readonly runChecks: number;
  private usage: Readonly<Record<string, string>> = {};
  private runsToFail = 0;

  constructor(options: FakeGraphOptions = {}) {
    this.pageSize = options.pageSize ?? 2;
    this.oldestVersion = options.oldestVersion ?? 'v25.0';
    this.maxSyncRows = options.maxSyncRows ?? 500;
    this.runChecks = options.runChecks ?? 3;
    this.appId = options.appId ?? '1234567890';
    this.appSecret = options.appSecret ?? 'fake-app-secret-value';
  }

  /** Listens on 127.0.0.1 with an ephemeral port; the base URL to configure (`graphApiBase`). */
  async start(): Promise<string> {
    const server = createServer((incoming, outgoing) => void this.serve(incoming, outgoing));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.origin;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** A token the fake accepts (scopes and expiry as debug_token reports them). */
  addToken(token: string, info: FakeTokenInfo = {}): void {
    this.tokens.set(token, {
      scopes: info.scopes ?? ['ads_management', 'ads_read', 'pages_show_list'],
      expiresAt: info.expiresAt ?? 0,
      expired: false,
    });
  }

  /** From now on the token is refused with code 190 (subcode 463, "session has expired"). */
  expireToken(token: string): void {
    const known = this.tokens.get(token);
    if (known) known.expired = true;
  }

  seedAdAccount(adAccount: FakeAdAccount): void {
    this.adAccounts.set(adAccount.id, adAccount);
  }

  seedPage(page: FakePage): void {
    this.pages.set(page.id, page);
  }

  seedCampaign(campaign: FakeCampaign): void {
    this.objects.set(campaign.id, { ...campaign, kind: 'campaign' });
  }

  seedAdset(adset: FakeAdset): void {
    this.objects.set(adset.id, { ...adset, kind: 'adset' });
  }

  seedAd(ad: FakeAd): void {
    this.objects.set(ad.id, { ...ad, kind: 'ad' });
  }

  seedInsight(insight: FakeInsight): void {
    this.insights.push(insight);
  }

  /** A campaign's, adset's or ad's state as the fake holds it now (after writes). */
  object(id: string): Readonly<Record<string, unknown>> | undefined {
    return this.objects.get(id);
  }

  /** The next matching requests answer a rate-limit error (code 17 by default), estimating `regainMinutes` to regain access. */
  rateLimitNext(options: FakeFailureOptions & { code?: number; regainMinutes?: number } = {}): void {
    const code = options.code ?? 17;
    const usage = JSON.stringify({
      '123456': [
        {
          type: 'ads_management',
          call_count: 100,
          total_cputime: 30,
          total_time: 30,
          estimated_time_to_regain_access: options.regainMinutes ?? 0,
        },
      ],
    });
    this.fail(options, () =>
      graphError(400, code, 'User request limit reached', 'OAuthException', code === 17 ? 2446079 : undefined, {
        'x-business-use-case-usage': usage,
      }),
    );
  }

  /** The next matching requests are refused with `message` (code 100, invalid parameter, by default). */
  refuseNext(message: string, options: FakeFailureOptions & { code?: number } = {}): void {
    this.fail(options, () => graphError(400, options.code ?? 100, message, 'OAuthException'));
  }

  /** The next matching requests answer HTTP 503 with no Graph envelope. */
  unavailableNext(options: FakeFailureOptions = {}): void {
    this.fail(options, () => ({ status: 503, body: 'Service Unavailable' }));
  }

  /** From now on successful answers carry these usage headers (`x-app-usage` and the like, JSON text). */
  usageNext(headers: Readonly<Record<string, string>>): void {
    this.usage = headers;
  }

  /** The next report run started ends as "Job Failed" at its second check. */
  failNextRun(): void {
    this.runsToFail += 1;
  }

  /** The report runs started, in order. */
  reportRuns(): readonly {
    readonly id: string;
    readonly since: string;
    readonly until: string;
    readonly checks: number;
  }[] {
    return [...this.runs.values()];
  }

  /** Requests of `method` whose path contains `part`. */
  requestsTo(method: string, part: string): FakeGraphRequest[] {
    return this.requests.filter((request) => request.method === method && request.path.includes(part));
  }

  private fail(options: FakeFailureOptions, reply: (token: string) => Reply): void {
    this.failures.push({ remaining: options.times ?? 1, path: options.path ?? null, reply });
  }

  private async serve(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const url = new URL(incoming.url ?? '/', this.origin);
    const match = /^\/(v[0-9]+\.[0-9]+)\/(.+)$/.exec(url.pathname);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const request: FakeGraphRequest = {
      method: incoming.method ?? 'GET',
      path: match?.[2] ?? url.pathname,
      version: match?.[1] ?? '',
      url: incoming.url ?? '/',
      query: Object.fromEntries(url.searchParams),
      form,
      authorization: typeof incoming.headers.authorization === 'string' ? incoming.headers.authorization : null,
    };
    this.requests.push(request);
    const reply = match ? this.answer(request) : graphError(400, 2500, 'Unknown path components', 'OAuthException');
    outgoing.writeHead(reply.status, {
      'content-type': typeof reply.body === 'string' ? 'text/plain' : 'application/json',
      ...(reply.status === 200 ? this.usage : {}),
      ...reply.headers,
    });
    outgoing.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
  }

  private tokenOf(request: FakeGraphRequest): string {
    const bearer = /^Bearer (.+)$/.exec(request.authorization ?? '')?.[1];
    return bearer ?? request.query.access_token ?? request.form.access_token ?? '';
  }

  private answer(request: FakeGraphRequest): Reply {
    if (versionNumber(request.version) < versionNumber(this.oldestVersion))
      return graphError(
        400,
        2635,
        `(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: ${this.oldestVersion}.`,
      );
    const token = this.tokenOf(request);
    const failure = this.failures.find(
      (found) => found.remaining > 0 && (found.path === null || request.path.includes(found.path)),
    );
    if (failure) {
      failure.remaining -= 1;
      return failure.reply(token);
    }
    if (request.method === 'GET' && request.path === 'debug_token')
      return this.debugToken(token, request.query.input_token ?? '');
    const refused = this.refusedToken(token);
    if (refused) return refused;
    if (request.method === 'POST') return this.post(request, token);
    return this.get(request, token);
  }

  private refusedToken(token: string): Reply | null {
    const known = this.tokens.get(token);
    if (!known) return graphError(400, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (known.expired)
      return graphError(
        400,
        190,
        `Error validating access token: Session has expired for ${token}.`,
        'OAuthException',
        463,
      );
    return null;
  }

  private debugToken(appToken: string, input: string): Reply {
    if (appToken !== `${this.appId}|${this.appSecret}` && appToken !== input)
      return graphError(400, 190, 'Invalid OAuth access token signature.');
    const known = this.tokens.get(input);
    if (!known || known.expired) {
      const error = {
        code: 190,
        message: known
          ? `Error validating access token: Session has expired for ${input}.`
          : 'Invalid OAuth access token.',
        subcode: 463,
      };
      return {
        status: 200,
        body: { data: { app_id: this.appId, type: 'SYSTEM_USER', is_valid: false, scopes: [], expires_at: 0, error } },
      };
    }
    return {
      status: 200,
      body: {
        data: {
          app_id: this.appId,
          type: 'SYSTEM_USER',
          application: 'Fake app',
          is_valid: true,
          scopes: known.scopes,
          expires_at: known.expiresAt,
          data_access_expires_at: 0,
        },
      },
    };
  }

  private get(request: FakeGraphRequest, token: string): Reply {
    const path = request.path;
    const nodes = (rows: readonly Row[]): Row[] =>
      rows.map((row) => selected(row, request.query.fields, NODE_DEFAULTS, NODE_ALWAYS));
    if (path === 'me/adaccounts') return this.page(request, token, nodes([...this.adAccounts.values()]));
    if (path === 'me/accounts') return this.page(request, token, nodes([...this.pages.values()]));
    const run = /^([0-9]+)(\/insights)?$/.exec(path);
    if (run && this.runs.has(run[1]!))
      return this.reportRun(request, token, this.runs.get(run[1]!)!, run[2] !== undefined);
    const edge = /^act_([0-9]+)\/(campaigns|adsets|ads|insights)$/.exec(path);
    if (!edge)
      return graphError(
        400,
        100,
        `Unsupported get request. Object with ID '${path}' does not exist.`,
        'GraphMethodException',
        33,
      );
    const [, account, kind] = edge;
    if (!this.adAccounts.has(`act_${account}`))
      return graphError(
        400,
        100,
        `Unsupported get request. Object with ID 'act_${account}' does not exist.`,
        'GraphMethodException',
        33,
      );
    if (kind === 'insights') return this.insightsPage(request, token, account!);
    const wanted = kind === 'campaigns' ? 'campaign' : kind === 'adsets' ? 'adset' : 'ad';
    const rows = [...this.objects.values()]
      .filter((object) => object.kind === wanted && object.account_id === account)
      .map(({ kind: _kind, account_id: _account, ...row }) => row);
    return this.page(request, token, nodes(rows));
  }

  /** The rows an insights read asks for, or the refusal of its parameters. */
  private insightRows(
    params: Readonly<Record<string, string>>,
    account: string,
  ): { rows: Row[]; since: string; until: string } | Reply {
    const level = params.level ?? 'account';
    let range: { since?: unknown; until?: unknown } = {};
    try {
      range = JSON.parse(params.time_range ?? '{}') as typeof range;
    } catch {
      return graphError(400, 100, 'Invalid parameter: time_range', 'OAuthException');
    }
    if (typeof range.since !== 'string' || typeof range.until !== 'string' || params.time_increment !== '1') {
      return graphError(400, 100, 'Invalid parameter: time_range and time_increment are required', 'OAuthException');
    }
    const { since, until } = range as { since: string; until: string };
    const rows = this.insights
      .filter(
        (row) =>
          row.level === level && row.account_id === account && row.date_start >= since && row.date_start <= until,
      )
      .map(({ level: _level, ...row }) => ({ ...row, date_stop: row.date_start }));
    return { rows, since, until };
  }

  private insightsPage(request: FakeGraphRequest, token: string, account: string): Reply {
    const read = this.insightRows(request.query, account);
    if (!('rows' in read)) return read;
    if (read.rows.length > this.maxSyncRows)
      return graphError(500, 1, "Please reduce the amount of data you're asking for, then retry your request");
    return this.page(
      request,
      token,
      read.rows.map((row) => selected(row, request.query.fields, INSIGHT_DEFAULTS, INSIGHT_ALWAYS)),
    );
  }

  private startReportRun(request: FakeGraphRequest, account: string): Reply {
    const read = this.insightRows(request.form, account);
    if (!('rows' in read)) return read;
    const id = String(6_000_000_000_000 + this.runs.size + 1);
    const fields = request.form.fields;
    const fails = this.runsToFail > 0;
    if (fails) this.runsToFail -= 1;
    this.runs.set(id, { id, account, since: read.since, until: read.until, fields, rows: read.rows, fails, checks: 0 });
    return { status: 200, body: { report_run_id: id } };
  }

  private reportRun(request: FakeGraphRequest, token: string, run: ReportRun, results: boolean): Reply {
    const done = run.checks >= this.runChecks;
    if (results) {
      if (!done)
        return graphError(400, 100, 'Invalid parameter: the report run has not completed', 'GraphMethodException');
      return this.page(
        request,
        token,
        run.rows.map((row) => selected(row, run.fields, INSIGHT_DEFAULTS, INSIGHT_ALWAYS)),
      );
    }
    run.checks += 1;
    const percent = Math.round((100 * run.checks) / this.runChecks);
    if (run.fails && run.checks > 1)
      return {
        status: 200,
        body: { id: run.id, account_id: run.account, async_status: 'Job Failed', async_percent_completion: percent },
      };
    const status =
      run.checks >= this.runChecks ? 'Job Completed' : run.checks === 1 ? 'Job Not Started' : 'Job Running';
    return {
      status: 200,
      body: {
        id: run.id,
        account_id: run.account,
        async_status: status,
        async_percent_completion: run.checks === 1 ? 0 : percent,
        date_start: run.since,
        date_stop: run.until,
        time_ref: 1_764_400_000,
      },
    };
  }

  /** One page of `rows` after the `after` cursor (an index, base64), with Graph's paging block. */
  private page(request: FakeGraphRequest, token: string, rows: readonly Row[]): Reply {
    const after = request.query.after ? Number(Buffer.from(request.query.after, 'base64').toString('utf8')) : 0;
    const limit = Math.min(this.pageSize, Number(request.query.limit ?? this.pageSize) || this.pageSize);
    const slice = rows.slice(after, after + limit);
    const end = after + slice.length;
    const cursor = (index: number): string => Buffer.from(String(index)).toString('base64');
    const paging: Record<string, unknown> = { cursors: { before: cursor(after), after: cursor(end) } };
    if (end < rows.length) {
      const next = new URL(`${this.origin}/${request.version}/${request.path}`);
      for (const [key, value] of Object.entries(request.query)) next.searchParams.set(key, value);
      next.searchParams.set('access_token', token);
      next.searchParams.set('after', cursor(end));
      paging.next = next.toString();
    }
    return { status: 200, body: { data: slice, paging } };
  }

  private post(request: FakeGraphRequest, token: string): Reply {
    const events = /^([0-9]+)\/events$/.exec(request.path);
    if (events) return this.receiveEvents(events[1]!, token, request.form);
    const insights = /^act_([0-9]+)\/insights$/.exec(request.path);
    if (insights && this.adAccounts.has(`act_${insights[1]}`)) return this.startReportRun(request, insights[1]!);
    const object = this.objects.get(request.path);
    if (!object)
      return graphError(
        400,
        100,
        `Unsupported post request. Object with ID '${request.path}' does not exist.`,
        'GraphMethodException',
        33,
      );
    const params = Object.fromEntries(Object.entries(request.form).filter(([key]) => key !== 'access_token'));
    if (params.status !== undefined && !['ACTIVE', 'PAUSED', 'ARCHIVED', 'DELETED'].includes(params.status)) {
      return graphError(400, 100, 'Invalid parameter: status', 'OAuthException', 1815001);
    }
    for (const name of ['daily_budget', 'lifetime_budget']) {
      const value = params[name];
      if (value !== undefined && !/^[1-9][0-9]*$/.test(value))
        return graphError(
          400,
          100,
          `Invalid parameter: ${name} must be a whole number of the currency's minor units`,
          'OAuthException',
          1885272,
        );
    }
    this.writes.push({ objectId: request.path, params });
    Object.assign(object, params);
    return { status: 200, body: { success: true } };
  }

  private receiveEvents(pixelId: string, token: string, form: Readonly<Record<string, string>>): Reply {
    let data: unknown;
    try {
      data = JSON.parse(form.data ?? '');
    } catch {
      return graphError(400, 100, 'Invalid parameter: data must be a JSON array', 'OAuthException', 2804003);
    }
    if (!Array.isArray(data))
      return graphError(400, 100, 'Invalid parameter: data must be a JSON array', 'OAuthException', 2804003);
    this.events.push({ pixelId, token, data, testEventCode: form.test_event_code ?? null });
    return { status: 200, body: { events_received: data.length, messages: [], fbtrace_id: TRACE } };
  }
}
