/*
 * Five-field cron expressions (minute, hour, day of month, month, day of week), read in UTC:
 * `*`, numbers, lists (`1,15`), ranges (`1-5`) and steps (`*\/15`, `10-50/20`, `5/15` from 5 to the
 * field's end). Day of week is 0-7, both 0 and 7 being Sunday. As in Vixie cron, when both the day
 * of month and the day of week are restricted, a day matching either one is due. Names (`MON`,
 * `JAN`) and the `@daily` shorthands are not read: schedules are declared in code, where numbers
 * serve as well. Small enough that a dependency is not worth it.
 */

interface FieldRange {
  readonly name: string;
  readonly min: number;
  readonly max: number;
}

const FIELDS: readonly FieldRange[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
];

/** A parsed expression: the values each field allows. */
export interface CronSchedule {
  readonly minutes: ReadonlySet<number>;
  readonly hours: ReadonlySet<number>;
  readonly days: ReadonlySet<number>;
  readonly months: ReadonlySet<number>;
  /** 0-6, Sunday 0. */
  readonly weekdays: ReadonlySet<number>;
  readonly anyDay: boolean;
  readonly anyWeekday: boolean;
}

export class CronError extends Error {
  constructor(expression: string, problem: string) {
    super(`Cron expression "${expression}": ${problem}.`);
    this.name = 'CronError';
  }
}

function whole(text: string, field: FieldRange, expression: string): number {
  if (!/^\d{1,2}$/.test(text)) throw new CronError(expression, `"${text}" in the ${field.name} field is not a number`);
  const value = Number(text);
  if (value < field.min || value > field.max)
    throw new CronError(expression, `${field.name} ${value} is outside ${field.min}-${field.max}`);
  return value;
}

function parseField(text: string, field: FieldRange, expression: string): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const [range, stepText, extra] = part.split('/');
    if (range === undefined || extra !== undefined)
      throw new CronError(expression, `"${part}" in the ${field.name} field has more than one step`);
    const step = stepText === undefined ? 1 : whole(stepText, { ...field, min: 1, max: field.max }, expression);
    let from: number;
    let to: number;
    if (range === '*') {
      from = field.min;
      to = field.max;
    } else if (range.includes('-')) {
      const [low, high, more] = range.split('-');
      if (low === undefined || high === undefined || more !== undefined)
        throw new CronError(expression, `"${range}" in the ${field.name} field is not a range`);
      from = whole(low, field, expression);
      to = whole(high, field, expression);
      if (from > to) throw new CronError(expression, `the ${field.name} range ${range} runs backwards`);
    } else {
      from = whole(range, field, expression);
      to = stepText === undefined ? from : field.max;
    }
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5 || parts[0] === '')
    throw new CronError(expression, 'it needs 5 fields: minute hour day-of-month month day-of-week');
  const [minutes, hours, days, months, weekdays] = parts.map((part, index) =>
    parseField(part, FIELDS[index]!, expression),
  ) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  if (weekdays.delete(7)) weekdays.add(0);
  return { minutes, hours, days, months, weekdays, anyDay: parts[2] === '*', anyWeekday: parts[4] === '*' };
}

function dayMatches(schedule: CronSchedule, at: Date): boolean {
  const inMonth = schedule.days.has(at.getUTCDate());
  const inWeek = schedule.weekdays.has(at.getUTCDay());
  if (schedule.anyDay) return inWeek;
  if (schedule.anyWeekday) return inMonth;
  return inMonth || inWeek;
}

/** Looking further than this finds nothing more (every date recurs within 28 years); a 31st of February never comes. */
const HORIZON_MS = 28 * 366 * 24 * 60 * 60_000;

/** The first minute strictly after `after` that the schedule matches. */
export function nextCronTime(schedule: CronSchedule, after: Date, expression = 'cron'): Date {
  const at = new Date(after.getTime());
  at.setUTCSeconds(0, 0);
  at.setUTCMinutes(at.getUTCMinutes() + 1);
  const limit = after.getTime() + HORIZON_MS;
  // Each miss jumps to the start of the next month, day, hour or minute, so this takes few steps.
  while (at.getTime() <= limit) {
    if (!schedule.months.has(at.getUTCMonth() + 1)) {
      at.setUTCMonth(at.getUTCMonth() + 1, 1);
      at.setUTCHours(0, 0, 0, 0);
    } else if (!dayMatches(schedule, at)) {
      at.setUTCDate(at.getUTCDate() + 1);
      at.setUTCHours(0, 0, 0, 0);
    } else if (!schedule.hours.has(at.getUTCHours())) {
      at.setUTCHours(at.getUTCHours() + 1, 0, 0, 0);
    } else if (!schedule.minutes.has(at.getUTCMinutes())) {
      at.setUTCMinutes(at.getUTCMinutes() + 1, 0, 0);
    } else {
      return at;
    }
  }
  throw new CronError(expression, 'it never matches a date');
}
