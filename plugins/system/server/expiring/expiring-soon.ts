import {
  messageInEachLanguage,
  recordPagePath,
  type LocalizedText,
  type PermissionCode,
  type ResourceDefinition,
} from '@core/sdk/shared';
import type { Queryable, RussianMessages, ServerPluginContext } from '@core/sdk/server';
import { systemManifest } from '../../manifest';
import { domainsResource, proxiesResource, serversResource } from '../../shared/resources';

/*
 * Expiring soon: once a day a job finds the domains, servers and proxies whose expiry (a proxy's
 * end) falls within the next EXPIRING_SOON_DAYS days and tells the holders of each area's code,
 * once per record and expiry date (a renewed record is told of again when its new date comes
 * near). The schedule's one run per period across all copies, and the dedupe key per recipient,
 * keep a catch-up run or a retry from repeating a notice.
 */

export const EXPIRING_SOON = 'system.expiring-soon';
/** How many days ahead the daily run looks: time enough to renew what expires. */
export const EXPIRING_SOON_DAYS = 5;
/** 06:00 UTC, before the working day in the agency's zones. */
export const EXPIRING_SOON_CRON = '0 6 * * *';

/** One area the run looks through. */
interface ExpiringArea {
  readonly resource: ResourceDefinition;
  readonly code: PermissionCode;
  /** The day column and the record's name as SQL of the table. */
  readonly day: string;
  readonly name: string;
  /** Which records still matter: a stopped server or a disabled proxy is let go. */
  readonly live: string;
  readonly title: LocalizedText;
  /** The job's log line about the area (a message key). */
  readonly found: string;
}

// The job's log lines, one per area.
const DOMAINS_FOUND = 'Domains expiring by {until:date}: {count:number}; new notices about {notified:number}.';
const SERVERS_FOUND = 'Servers expiring by {until:date}: {count:number}; new notices about {notified:number}.';
const PROXIES_FOUND = 'Proxies ending by {until:date}: {count:number}; new notices about {notified:number}.';

export const EXPIRING_SOON_MESSAGES_RU: RussianMessages = {
  [DOMAINS_FOUND]: 'Доменов с истечением до {until}: {count}; новых уведомлений о них: {notified}.',
  [SERVERS_FOUND]: 'Серверов с истечением до {until}: {count}; новых уведомлений о них: {notified}.',
  [PROXIES_FOUND]: 'Прокси с окончанием до {until}: {count}; новых уведомлений о них: {notified}.',
};

const AREAS: readonly ExpiringArea[] = [
  {
    resource: domainsResource,
    code: 'YD',
    day: 'expiry_date',
    name: 'name',
    live: 'TRUE',
    title: { en: 'Domain {name} expires on {day:date}', ru: 'Домен {name} истекает {day}' },
    found: DOMAINS_FOUND,
  },
  {
    resource: serversResource,
    code: 'YE',
    day: 'expiry_date',
    name: 'name',
    live: "status = 'active'",
    title: { en: 'Server {name} expires on {day:date}', ru: 'Сервер {name} истекает {day}' },
    found: SERVERS_FOUND,
  },
  {
    resource: proxiesResource,
    code: 'YP',
    day: 'end_date',
    name: 'COALESCE(name, address)',
    live: "status IN ('active', 'failing')",
    title: { en: 'Proxy {name} ends on {day:date}', ru: 'Прокси {name} заканчивается {day}' },
    found: PROXIES_FOUND,
  },
];

const TEXT: LocalizedText = { en: 'Renew it before that day.', ru: 'Продлите до этого дня.' };

/** What a run did: records found and records at least one user was newly told of, by resource. */
export type ExpiringSoonResult = Readonly<Record<string, { readonly found: number; readonly notified: number }>>;

interface ExpiringRecord {
  readonly id: number;
  readonly name: string;
  readonly day: string;
}

const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function expiringIn(db: Queryable, area: ExpiringArea, today: string, until: string): Promise<ExpiringRecord[]> {
  const { rows } = await db.query<{ id: string; name: string; day: string }>(
    `SELECT id::text AS id, ${area.name} AS name, to_char(${area.day}, 'YYYY-MM-DD') AS day FROM ${area.resource.table}
      WHERE ${area.day} BETWEEN $1::date AND $2::date AND deleted_at IS NULL AND ${area.live}
      ORDER BY ${area.day}, id`,
    [today, until],
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name, day: row.day }));
}

/**
 * Defines the daily job and its schedule and declares the source; call in `register`. `now` is the
 * plugin's clock: its UTC day is the first of the window.
 */
export function registerExpiringSoon(context: ServerPluginContext, now: () => Date): void {
  const { db, jobs, notifications } = context;
  notifications.source({
    id: EXPIRING_SOON,
    label: { en: 'Domains, servers and proxies expiring soon', ru: 'Истекающие домены, серверы и прокси' },
  });
  const kind = jobs.define<null, ExpiringSoonResult>({
    kind: EXPIRING_SOON,
    requires: { anyOf: AREAS.map((area) => area.code) },
    label: { en: 'Expiring soon', ru: 'Скоро истекают' },
    maxAttempts: 3,
    async run(_job, ctx) {
      const today = now().toISOString().slice(0, 10);
      const until = addDays(today, EXPIRING_SOON_DAYS);
      const result: Record<string, { found: number; notified: number }> = {};
      for (const area of AREAS) {
        const notified = await db.transaction(async (tx) => {
          let told = 0;
          const records = await expiringIn(tx, area, today, until);
          for (const record of records) {
            const values = { name: record.name, day: record.day };
            const recipients = await notifications.publish(tx, {
              source: EXPIRING_SOON,
              to: { code: area.code },
              title: messageInEachLanguage(area.title, values),
              text: TEXT,
              link: recordPagePath(systemManifest, area.resource.id, record.id),
              severity: 'warning',
              dedupeKey: `${area.resource.id}:${record.id}:expires:${record.day}`,
            });
            if (recipients > 0) told += 1;
          }
          return { found: records.length, notified: told };
        });
        result[area.resource.id] = notified;
        await ctx.log({ key: area.found, params: { count: notified.found, until, notified: notified.notified } });
      }
      return result;
    },
  });
  jobs.schedule({ id: EXPIRING_SOON, kind, cron: EXPIRING_SOON_CRON, missed: 'once' });
}
