/**
 * The social-ad platform's background jobs (kernel job runner; pages follow them through
 * /api/jobs with the SDK's JobInfo). A sync reads an account's ad accounts, pages and campaign tree;
 * an insights sync reads an ad account's daily insights at every level for a date range.
 */

/** `POST accounts/:id/sync` → 202 `{ data: { job } }`; subject `social.accounts:<id>`; result SyncResult. */
export const ACCOUNT_SYNC_JOB = 'social.account-sync';

/** `POST insights/sync` `{ ad_account, from, to }` → 202 `{ data: { job } }`; subject `social.ad_accounts:<id>`; result InsightsSyncResult. */
export const INSIGHTS_SYNC_JOB = 'social.insights-sync';

/**
 * The account sync's steps in order, as `ctx.step` names them (the panel marks them done one by
 * one): the records of each kind read from the platform, parents before children.
 */
export const ACCOUNT_SYNC_STEPS = ['ad_accounts', 'pages', 'campaigns', 'adsets', 'ads'] as const;
export type AccountSyncStep = (typeof ACCOUNT_SYNC_STEPS)[number];

/** The insights sync's steps in order: one per level the insights are read at (REPORT_LEVELS). */
export const INSIGHTS_SYNC_STEPS = ['account', 'campaign', 'adset', 'ad'] as const;

/** The step a sync shows while the platform asks it to slow down (its rate limit): "waiting for the platform". */
export const WAITING_FOR_PLATFORM_STEP = 'waiting-for-platform';

/** The longest day range one insights sync reads. */
export const MAX_INSIGHTS_DAYS = 366;

export interface SyncResult {
  readonly ad_accounts: number;
  readonly pages: number;
  readonly campaigns: number;
  readonly adsets: number;
  readonly ads: number;
}

export interface InsightsSyncRequest {
  readonly ad_account: number;
  /** `YYYY-MM-DD`, inclusive. */
  readonly from: string;
  readonly to: string;
}

export interface InsightsSyncResult {
  readonly rows: number;
}

export interface JobStarted {
  readonly job: number;
}
