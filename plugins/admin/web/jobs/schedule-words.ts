import type { JobScheduleInfo, Language } from '@core/sdk/shared';

/** The screen's `t` for the admin namespace, as these functions use it. */
export type Translate = (key: string, values?: Readonly<Record<string, string | number>>) => string;

/** A run up to a minute late counts as on time (the runner's own rule for missed periods); later ones show their lag. */
export const LATE_MS = 60_000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Unit {
  readonly ms: number;
  /** The key for exactly one ("every minute"), and the plural key for more ("every 5 minutes"). */
  readonly one: string;
  readonly many: string;
}

const SECONDS: Unit = { ms: SECOND, one: 'admin:jobs.period.everySecond', many: 'admin:jobs.period.everySeconds' };
/** The units an interval is said in, largest first. */
const UNITS: readonly Unit[] = [
  { ms: DAY, one: 'admin:jobs.period.everyDay', many: 'admin:jobs.period.everyDays' },
  { ms: HOUR, one: 'admin:jobs.period.everyHour', many: 'admin:jobs.period.everyHours' },
  { ms: MINUTE, one: 'admin:jobs.period.everyMinute', many: 'admin:jobs.period.everyMinutes' },
  SECONDS,
];

/** "every minute", "every 6 hours": in the largest unit the interval is a whole number of. */
function intervalWords(everyMs: number, t: Translate): string {
  const unit = UNITS.find((candidate) => everyMs % candidate.ms === 0) ?? SECONDS;
  const count = Math.max(1, Math.round(everyMs / unit.ms));
  return count === 1 ? t(unit.one) : t(unit.many, { count });
}

const LOCALES: Readonly<Record<Language, string>> = { en: 'en-US', ru: 'ru-RU' };

const number = (field: string, max: number): number | null =>
  /^\d{1,2}$/.test(field) && Number(field) <= max ? Number(field) : null;

const clock = (hour: number, minute: number): string =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/** Cron's day of the week (0 and 7 Sunday) named in the language. */
function weekdayName(day: number, language: Language): string {
  // 2024-01-07 was a Sunday.
  return new Intl.DateTimeFormat(LOCALES[language], { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 7 + (day % 7))),
  );
}

/**
 * A 5-field cron expression in words, for the shapes schedules use: every N minutes, hourly at a
 * minute, daily, weekly on one day or monthly on one day at a time (UTC); any other is shown as
 * written, marked UTC.
 */
function cronWords(cron: string, t: Translate, language: Language): string {
  const fields = cron.trim().split(/\s+/);
  const written = t('admin:jobs.period.cron', { cron });
  if (fields.length !== 5) return written;
  const [minuteField = '', hourField = '', dayField = '', monthField = '', weekdayField = ''] = fields;
  const minute = number(minuteField, 59);
  const hour = number(hourField, 23);
  const everyDay = dayField === '*' && monthField === '*' && weekdayField === '*';
  if (hourField === '*' && everyDay) {
    if (minuteField === '*') return intervalWords(MINUTE, t);
    const step = /^\*\/(\d{1,2})$/.exec(minuteField);
    if (step && Number(step[1]) >= 1) return intervalWords(Number(step[1]) * MINUTE, t);
    if (minute !== null) return t('admin:jobs.period.hourlyAt', { minute: String(minute).padStart(2, '0') });
    return written;
  }
  if (minute === null || hour === null || monthField !== '*') return written;
  const time = clock(hour, minute);
  if (everyDay) return t('admin:jobs.period.dailyAt', { time });
  const weekday = number(weekdayField, 7);
  if (dayField === '*' && weekday !== null)
    return t('admin:jobs.period.weeklyAt', { day: weekdayName(weekday, language), time });
  const day = number(dayField, 31);
  if (weekdayField === '*' && day !== null && day >= 1) return t('admin:jobs.period.monthlyAt', { day, time });
  return written;
}

/** How often a schedule runs, in the reader's words: "every minute", "daily at 03:00 UTC". */
export function periodWords(
  schedule: Pick<JobScheduleInfo, 'every_ms' | 'cron'>,
  t: Translate,
  language: Language,
): string {
  if (schedule.every_ms !== null) return intervalWords(schedule.every_ms, t);
  return schedule.cron === null ? '—' : cronWords(schedule.cron, t, language);
}

/** A lag as its two largest units: "45 s", "3 min", "1 h 5 min", "2 d 4 h". */
export function durationWords(ms: number, t: Translate): string {
  const parts = [
    { key: 'admin:jobs.duration.days', count: Math.floor(ms / DAY) },
    { key: 'admin:jobs.duration.hours', count: Math.floor((ms % DAY) / HOUR) },
    { key: 'admin:jobs.duration.minutes', count: Math.floor((ms % HOUR) / MINUTE) },
    { key: 'admin:jobs.duration.seconds', count: Math.floor((ms % MINUTE) / SECOND) },
  ];
  const first = parts.findIndex((part) => part.count > 0);
  if (first < 0) return t('admin:jobs.duration.seconds', { count: 0 });
  return parts
    .slice(first, first + 2)
    .filter((part) => part.count > 0)
    .map((part) => t(part.key, { count: part.count }))
    .join(' ');
}

/** Whether the schedule is late now, or its last run fired late: by more than LATE_MS. */
export function isLate(schedule: Pick<JobScheduleInfo, 'lag_ms'>): boolean {
  return schedule.lag_ms > LATE_MS;
}
