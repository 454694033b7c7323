import { PermanentJobError, type Actor, type JobKind, type ServerPluginContext } from '@core/sdk/server';
import type { ResourceDefinition } from '@core/sdk/shared';
import { ACCOUNT_SYNC_JOB, type AccountSyncStep, type SyncResult } from '../../shared/platform-jobs';
import {
  accountsResource,
  adAccountsResource,
  adsetsResource,
  adsResource,
  campaignsResource,
  pagesResource,
} from '../../shared/resources';
import type { GraphClient, GraphSession } from '../graph/graph-client';
import { NO_SERVICE } from '../graph/messages';
import { accountToken } from '../graph/service-token';
import { partCounts } from './job-log';
import { JobProgress, type SyncJobSettings } from './job-progress';
import { syncJobError } from './job-errors';
import {
  adAccountNumber,
  adAccountValues,
  adsetValues,
  adValues,
  campaignValues,
  pageValues,
  type Mapped,
} from './platform-values';
import { SYNC_ACTION, Tally, upsertByExternalId, type Upserter } from './upsert';

/**
 * An account's sync (ACCOUNT_SYNC_JOB, subject `social.accounts:<id>`): its ad accounts and pages,
 * then each ad account's campaigns, adsets and ads, upserted by the platform's ids with
 * `on_platform` set, every write through the engine as the user who asked. Each step is safe to
 * run again, so a retry simply starts over; the account's `synced_at` is set at the end.
 */

export interface AccountSyncPayload {
  readonly account: number;
}

export const accountSubject = (accountId: number): string => `${accountsResource.id}:${accountId}`;

/** The percent each step (ACCOUNT_SYNC_STEPS) starts at. */
const PERCENT: Readonly<Record<AccountSyncStep, number>> = {
  ad_accounts: 5,
  pages: 25,
  campaigns: 45,
  adsets: 65,
  ads: 85,
};

interface AdAccountRef {
  readonly id: number;
  readonly number: string;
  readonly currency: string;
}

class AccountSync {
  readonly result = {
    ad_accounts: new Tally(),
    pages: new Tally(),
    campaigns: new Tally(),
    adsets: new Tally(),
    ads: new Tally(),
  };

  constructor(
    private readonly writer: Upserter,
    private readonly session: GraphSession,
    private readonly progress: JobProgress,
    private readonly accountId: number,
  ) {}

  async run(): Promise<SyncResult> {
    await this.progress.step('ad_accounts', PERCENT.ad_accounts);
    const adAccounts = await this.adAccounts();
    await this.progress.step('pages', PERCENT.pages);
    for (const page of await this.session.pages()) {
      this.result.pages.note(
        (await upsertByExternalId(this.writer, pagesResource, page.id, pageValues(page, this.accountId)))?.outcome ??
          null,
      );
    }
    await this.progress.log(partCounts('pages', this.result.pages));

    await this.progress.step('campaigns', PERCENT.campaigns);
    const campaigns = new Map<string, number>();
    for (const adAccount of adAccounts) {
      for (const campaign of await this.session.campaigns(adAccount.number)) {
        await this.keep(
          campaignsResource,
          campaign.id,
          campaign.name,
          campaignValues(campaign, adAccount.id, adAccount.currency),
          this.result.campaigns,
          campaigns,
        );
      }
    }
    await this.progress.log(partCounts('campaigns', this.result.campaigns));

    await this.progress.step('adsets', PERCENT.adsets);
    const adsets = new Map<string, number>();
    for (const adAccount of adAccounts) {
      for (const adset of await this.session.adsets(adAccount.number)) {
        await this.keep(
          adsetsResource,
          adset.id,
          adset.name,
          adsetValues(adset, campaigns.get(adset.campaign_id), adAccount.currency),
          this.result.adsets,
          adsets,
        );
      }
    }
    await this.progress.log(partCounts('adsets', this.result.adsets));

    await this.progress.step('ads', PERCENT.ads);
    for (const adAccount of adAccounts) {
      for (const ad of await this.session.ads(adAccount.number)) {
        await this.keep(adsResource, ad.id, ad.name, adValues(ad, adsets.get(ad.adset_id)), this.result.ads, null);
      }
    }
    await this.progress.log(partCounts('ads', this.result.ads));
    const { ad_accounts, pages, campaigns: c, adsets: s, ads } = this.result;
    return { ad_accounts: ad_accounts.kept, pages: pages.kept, campaigns: c.kept, adsets: s.kept, ads: ads.kept };
  }

  private async adAccounts(): Promise<AdAccountRef[]> {
    const kept: AdAccountRef[] = [];
    for (const graph of await this.session.adAccounts()) {
      const number = adAccountNumber(graph.id);
      const written = await upsertByExternalId(
        this.writer,
        adAccountsResource,
        number,
        adAccountValues(graph, this.accountId),
      );
      this.result.ad_accounts.note(written?.outcome ?? null);
      if (written) kept.push({ id: written.id, number, currency: graph.currency });
    }
    await this.progress.log(partCounts('ad_accounts', this.result.ad_accounts));
    return kept;
  }

  /** One campaign, adset or ad: written, or skipped with a warning saying why; `ids` learns its record's id for its children. */
  private async keep(
    definition: ResourceDefinition,
    externalId: string,
    name: string,
    mapped: Mapped,
    tally: Tally,
    ids: Map<string, number> | null,
  ): Promise<void> {
    if ('skipped' in mapped) {
      tally.note(null);
      await this.progress.log({ key: mapped.skipped, params: { id: externalId, name, value: mapped.value } }, 'warn');
      return;
    }
    const written = await upsertByExternalId(this.writer, definition, externalId, mapped.values);
    tally.note(written?.outcome ?? null);
    if (written) ids?.set(externalId, written.id);
  }
}

export function defineAccountSyncJob(
  context: ServerPluginContext,
  graph: GraphClient,
  settings: SyncJobSettings,
): JobKind<AccountSyncPayload> {
  const { db, records, jobs } = context;
  return jobs.define<AccountSyncPayload, SyncResult>({
    kind: ACCOUNT_SYNC_JOB,
    requires: 'MA',
    timeoutMs: 30 * 60_000,
    maxAttempts: settings.maxAttempts,
    backoff: settings.backoff,
    async run(job, ctx) {
      const accountId = ctx.payload.account;
      const actor: Actor = { id: job.createdBy, language: 'en' };
      const token = await accountToken(db, accountId);
      if (token === null) throw new PermanentJobError(NO_SERVICE);
      const progress = new JobProgress(ctx, settings.waits);
      const session = graph.session(token, { signal: ctx.signal, patience: progress.patience });
      try {
        const result = await new AccountSync({ db, records, actor }, session, progress, accountId).run();
        await records.change(
          accountsResource,
          accountId,
          { action: SYNC_ACTION, values: { synced_at: new Date().toISOString() } },
          actor,
        );
        return result;
      } catch (error) {
        throw syncJobError(error);
      }
    },
  });
}
