import { localIsoDate, type ResourceRecord } from '@core/sdk/shared';
import type { RowTone } from '@core/sdk/web';

const PLAIN_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Days from `today` to `day` (both plain dates, `YYYY-MM-DD`): negative once it has passed; null for anything else. */
export function daysUntil(day: unknown, today: string): number | null {
  const to = typeof day === 'string' ? PLAIN_DAY.exec(day) : null;
  const from = PLAIN_DAY.exec(today);
  if (!to || !from) return null;
  // Counted on UTC midnights, so a daylight-saving change never makes a day 23 or 25 hours long.
  const utc = (match: RegExpExecArray) => Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/** What a row's date field says: `past` once the day has gone by, `soon` within `withinDays` of today. */
export interface ExpiryRule {
  readonly field: string;
  readonly withinDays: number;
  readonly soonKey: string;
  readonly pastKey: string;
}

/** A list's `rowTone` for a date field: danger once passed, warning within the rule's days, else none. */
export function expiryTone(
  rule: ExpiryRule,
  now: () => Date = () => new Date(),
): (record: ResourceRecord) => RowTone | undefined {
  return (record) => {
    const days = daysUntil(record[rule.field], localIsoDate(now()));
    if (days === null || days > rule.withinDays) return undefined;
    return days < 0 ? { tone: 'danger', labelKey: rule.pastKey } : { tone: 'warning', labelKey: rule.soonKey };
  };
}

/** Servers and domains: highlighted 30 days before their expiry date, and once expired. */
export function expiringIn30Days(field: string): ExpiryRule {
  return { field, withinDays: 30, soonKey: 'system:tones.expiresSoon', pastKey: 'system:tones.expired' };
}

/** Proxies: highlighted 7 days before their end date, and once ended. */
export const PROXY_ENDS: ExpiryRule = {
  field: 'end_date',
  withinDays: 7,
  soonKey: 'system:tones.endsSoon',
  pastKey: 'system:tones.ended',
};
