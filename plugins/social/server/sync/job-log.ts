import type { JobLogMessage, RussianMessages } from '@core/sdk/server';
import type { ReportLevel } from '../../shared/resources';
import type { Tally } from './upsert';

/*
 * The syncs' job log lines (and the error of a sync the platform kept slowing down), as keys (the English) and their Russian: the kernel words each line for
 * whoever reads the job's log. Counts are `{name:number}`, so a Russian reader sees 1 234.
 */

const COUNTS =
  '{created:number} new, {updated:number} updated, {unchanged:number} unchanged, {skipped:number} skipped.';
const COUNTS_RU = 'новых {created}, обновлено {updated}, без изменений {unchanged}, пропущено {skipped}.';

/** What an account sync reads, part by part. */
export type SyncedPart = 'ad_accounts' | 'pages' | 'campaigns' | 'adsets' | 'ads';

const PART_COUNTS: Readonly<Record<SyncedPart, string>> = {
  ad_accounts: `Ad accounts: ${COUNTS}`,
  pages: `Pages: ${COUNTS}`,
  campaigns: `Campaigns: ${COUNTS}`,
  adsets: `Adsets: ${COUNTS}`,
  ads: `Ads: ${COUNTS}`,
};

const LEVEL_COUNTS: Readonly<Record<ReportLevel, string>> = {
  account: `Insights by account: ${COUNTS}`,
  campaign: `Insights by campaign: ${COUNTS}`,
  adset: `Insights by adset: ${COUNTS}`,
  ad: `Insights by ad: ${COUNTS}`,
};

/** Why a campaign, adset or ad from the platform is not written: `{value}` is what the platform sent. */
export const SKIPPED_OBJECTIVE = 'Skipped {id} "{name}": objective {value} is not one the plugin knows.';
export const SKIPPED_STATUS = 'Skipped {id} "{name}": status {value} is not one the plugin knows.';
export const SKIPPED_BILLING_EVENT = 'Skipped {id} "{name}": billing event {value} is not one the plugin knows.';
export const SKIPPED_OPTIMIZATION_GOAL =
  'Skipped {id} "{name}": optimization goal {value} is not one the plugin knows.';
export const SKIPPED_NO_CAMPAIGN = 'Skipped {id} "{name}": its campaign {value} was not read.';
export const SKIPPED_NO_ADSET = 'Skipped {id} "{name}": its adset {value} was not read.';

export const WAITING_LOG =
  'The platform asks to slow down: waiting for the platform for {seconds:number} s before asking again.';
export const STILL_LIMITED = 'The platform still asked to wait after {count} waits; the job will try again later.';

const countsOf = (tally: Tally) => ({
  created: tally.created,
  updated: tally.updated,
  unchanged: tally.unchanged,
  skipped: tally.skipped,
});

export const partCounts = (part: SyncedPart, tally: Tally): JobLogMessage => ({
  key: PART_COUNTS[part],
  params: countsOf(tally),
});

export const levelCounts = (level: ReportLevel, tally: Tally): JobLogMessage => ({
  key: LEVEL_COUNTS[level],
  params: countsOf(tally),
});

export const SYNC_JOB_LOG_RU: RussianMessages = {
  [PART_COUNTS.ad_accounts]: `Рекламные аккаунты: ${COUNTS_RU}`,
  [PART_COUNTS.pages]: `Страницы: ${COUNTS_RU}`,
  [PART_COUNTS.campaigns]: `Кампании: ${COUNTS_RU}`,
  [PART_COUNTS.adsets]: `Группы объявлений: ${COUNTS_RU}`,
  [PART_COUNTS.ads]: `Объявления: ${COUNTS_RU}`,
  [LEVEL_COUNTS.account]: `Статистика по аккаунту: ${COUNTS_RU}`,
  [LEVEL_COUNTS.campaign]: `Статистика по кампаниям: ${COUNTS_RU}`,
  [LEVEL_COUNTS.adset]: `Статистика по группам объявлений: ${COUNTS_RU}`,
  [LEVEL_COUNTS.ad]: `Статистика по объявлениям: ${COUNTS_RU}`,
  [SKIPPED_OBJECTIVE]: 'Пропущено {id} «{name}»: цель {value} плагину неизвестна.',
  [SKIPPED_STATUS]: 'Пропущено {id} «{name}»: статус {value} плагину неизвестен.',
  [SKIPPED_BILLING_EVENT]: 'Пропущено {id} «{name}»: событие оплаты {value} плагину неизвестно.',
  [SKIPPED_OPTIMIZATION_GOAL]: 'Пропущено {id} «{name}»: цель оптимизации {value} плагину неизвестна.',
  [SKIPPED_NO_CAMPAIGN]: 'Пропущено {id} «{name}»: его кампания {value} не прочитана.',
  [SKIPPED_NO_ADSET]: 'Пропущено {id} «{name}»: его группа объявлений {value} не прочитана.',
  [WAITING_LOG]: 'Платформа просит снизить темп: ждём {seconds} с, прежде чем спросить снова.',
  [STILL_LIMITED]: 'Платформа всё ещё просила подождать после {count} ожиданий; задача попробует снова позже.',
};
