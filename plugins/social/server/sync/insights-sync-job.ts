import {
  PermanentJobError,
  type Actor,
  type JobKind,
  type Queryable,
  type ServerPluginContext,
} from '@core/sdk/server';
import { INSIGHTS_SYNC_JOB, type InsightsSyncRequest, type InsightsSyncResult } from '../../shared/platform-jobs';
import {
  adAccountsResource,
  adsetsResource,
  adsResource,
  campaignsResource,
  insightsResource,
  REPORT_LEVELS,
  type ReportLevel,
} from '../../shared/resources';
import type { GraphInsight } from '../graph-api';
import type { GraphClient } from '../graph/graph-client';
import { NO_SERVICE } from '../graph/messages';
import { platformTarget } from '../graph/service-token';
import { JobProgress, type SyncJobSettings } from './job-progress';
import { syncJobError } from './job-errors';
import { NOT_ON_PLATFORM } from './messages';
import { spend, wholeCount, type Values } from './platform-values';
import { levelCounts } from './job-log';
import { createOrChange, Tally, type Upserter } from './upsert';

/**
 * An ad account's insights for a day range (INSIGHTS_SYNC_JOB, subject `social.ad_accounts:<id>`):
 * one platform read per level (account, campaign, adset, ad; a large one as a report run whose
 * percent done shows in the job's progress), a row per day, each upserted into
 * social.insights by its day, level and records. Insights are a read-only resource: only this
 * job (and the demo) write them, through the engine's createRecord and changeRecord, audited as
 * any record. A row whose campaign, adset or ad has not been synced yet is skipped and counted.
 */

/** The percent each step (INSIGHTS_SYNC_STEPS: one per level) starts at; a report run moves it towards the next. */
const PERCENT: Readonly<Record<ReportLevel, number>> = { account: 5, campaign: 30, adset: 55, ad: 80 };
const NEXT_PERCENT: Readonly<Record<ReportLevel, number>> = { account: 30, campaign: 55, adset: 80, ad: 100 };

export const adAccountSubject = (adAccountId: number): string => `${adAccountsResource.id}:${adAccountId}`;

/** The leads of a row: its `lead` action's value, or 0. */
function leadsOf(row: GraphInsight): number {
  const value = row.actions?.find((action) => action.action_type === 'lead')?.value;
  return value === undefined ? 0 : (wholeCount(value) ?? 0);
}

/** Record ids by the platform's ids, for one kind of the tree. */
async function idsOf(db: Queryable, table: string, externalIds: readonly string[]): Promise<Map<string, number>> {
  if (externalIds.length === 0) return new Map();
  const { rows } = await db.query<{ external_id: string; id: string }>(
    `SELECT external_id, id::text AS id FROM ${table} WHERE external_id = ANY($1::text[]) AND deleted_at IS NULL`,
    [[...new Set(externalIds)]],
  );
  return new Map(rows.map((row) => [row.external_id, Number(row.id)]));
}

/** The stored row of one day, level and set of records, if any. */
async function insightId(db: Queryable, values: Values): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM ${insightsResource.table}
      WHERE date = $1::date AND level = $2 AND ad_account = $3::bigint
        AND campaign IS NOT DISTINCT FROM $4::bigint AND adset IS NOT DISTINCT FROM $5::bigint AND ad IS NOT DISTINCT FROM $6::bigint
      ORDER BY id LIMIT 1`,
    [values.date, values.level, values.ad_account, values.campaign, values.adset, values.ad],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export function defineInsightsSyncJob(
  context: ServerPluginContext,
  graph: GraphClient,
  settings: SyncJobSettings,
): JobKind<InsightsSyncRequest> {
  const { db, records, jobs } = context;
  return jobs.define<InsightsSyncRequest, InsightsSyncResult>({
    kind: INSIGHTS_SYNC_JOB,
    requires: 'MA',
    timeoutMs: 30 * 60_000,
    maxAttempts: settings.maxAttempts,
    backoff: settings.backoff,
    async run(job, ctx) {
      const { ad_account: adAccountId, from, to } = ctx.payload;
      const target = await platformTarget(db, adAccountsResource.id, adAccountId);
      if (!target?.adAccount) throw new PermanentJobError(NOT_ON_PLATFORM);
      if (target.token === null) throw new PermanentJobError(NO_SERVICE);
      const writer: Upserter = { db, records, actor: { id: job.createdBy, language: 'en' } satisfies Actor };
      const progress = new JobProgress(ctx, settings.waits);
      const session = graph.session(target.token, { signal: ctx.signal, patience: progress.patience });
      let kept = 0;
      try {
        for (const level of REPORT_LEVELS) {
          await progress.step(level, PERCENT[level]);
          const rows = await session.insights(
            target.adAccount,
            { since: from, until: to },
            level,
            progress.between(PERCENT[level], NEXT_PERCENT[level]),
          );
          const campaigns = await idsOf(
            db,
            campaignsResource.table,
            rows.flatMap((row) => row.campaign_id ?? []),
          );
          const adsets = await idsOf(
            db,
            adsetsResource.table,
            rows.flatMap((row) => row.adset_id ?? []),
          );
          const ads = await idsOf(
            db,
            adsResource.table,
            rows.flatMap((row) => row.ad_id ?? []),
          );
          const tally = new Tally();
          for (const row of rows) {
            const ref = (id: string | undefined, known: Map<string, number>): number | null | undefined =>
              id === undefined ? null : known.get(id);
            const [campaign, adset, ad] = [
              ref(row.campaign_id, campaigns),
              ref(row.adset_id, adsets),
              ref(row.ad_id, ads),
            ];
            const clicks = wholeCount(row.clicks);
            const views = wholeCount(row.impressions);
            const spent = spend(row.spend, target.currency);
            if (
              campaign === undefined ||
              adset === undefined ||
              ad === undefined ||
              clicks === null ||
              views === null ||
              spent === null
            ) {
              tally.note(null);
              continue;
            }
            const values: Values = {
              date: row.date_start,
              level,
              ad_account: adAccountId,
              campaign,
              adset,
              ad,
              clicks,
              views,
              leads: leadsOf(row),
              spent,
            };
            tally.note((await createOrChange(writer, insightsResource, await insightId(db, values), values)).outcome);
          }
          await progress.log(levelCounts(level, tally));
          kept += tally.kept;
        }
        return { rows: kept };
      } catch (error) {
        throw syncJobError(error);
      }
    },
  });
}
