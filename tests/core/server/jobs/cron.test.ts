import { describe, expect, it } from 'vitest';
import { CronError, nextCronTime, parseCron } from '@core/server/jobs';

const next = (expression: string, after: string): string =>
  nextCronTime(parseCron(expression), new Date(after), expression).toISOString();

describe('parseCron', () => {
  it('reads *, numbers, lists, ranges and steps', () => {
    const schedule = parseCron('*/15 9-17/4 1,15 * 1-5');
    expect([...schedule.minutes]).toEqual([0, 15, 30, 45]);
    expect([...schedule.hours]).toEqual([9, 13, 17]);
    expect([...schedule.days]).toEqual([1, 15]);
    expect(schedule.months.size).toBe(12);
    expect([...schedule.weekdays]).toEqual([1, 2, 3, 4, 5]);
    expect([...parseCron('5/20 * * * *').minutes]).toEqual([5, 25, 45]);
  });

  it('takes both 0 and 7 as Sunday', () => {
    expect([...parseCron('0 0 * * 7').weekdays]).toEqual([0]);
  });

  it.each([
    ['', '5 fields'],
    ['* * * *', '5 fields'],
    ['* * * * * *', '5 fields'],
    ['60 * * * *', 'minute 60 is outside 0-59'],
    ['* 24 * * *', 'hour 24'],
    ['* * 0 * *', 'day of month 0'],
    ['* * * 13 *', 'month 13'],
    ['* * * * 8', 'day of week 8'],
    ['5-1 * * * *', 'runs backwards'],
    ['*/0 * * * *', 'outside'],
    ['a * * * *', 'not a number'],
    ['1-2-3 * * * *', 'not a range'],
    ['*/5/2 * * * *', 'more than one step'],
    ['MON * * * *', 'not a number'],
  ])('refuses "%s" (%s)', (expression, problem) => {
    expect(() => parseCron(expression)).toThrow(CronError);
    expect(() => parseCron(expression)).toThrow(problem);
  });
});

describe('nextCronTime', () => {
  it('gives the first matching minute strictly after the time, in UTC', () => {
    expect(next('30 3 * * *', '2026-11-29T03:29:59.999Z')).toBe('2026-11-29T03:30:00.000Z');
    expect(next('30 3 * * *', '2026-11-29T03:30:00.000Z')).toBe('2026-11-30T03:30:00.000Z');
    expect(next('*/15 * * * *', '2026-11-29T10:07:12Z')).toBe('2026-11-29T10:15:00.000Z');
    expect(next('0 * * * *', '2026-12-31T23:59:00Z')).toBe('2027-01-01T00:00:00.000Z');
  });

  it('matches a restricted day of month or day of week, either one, as cron does', () => {
    // 2026-11-29 is a Sunday: the next Monday is the 30th, the next 1st is December's.
    expect(next('0 12 1 * 1', '2026-11-29T13:00:00Z')).toBe('2026-11-30T12:00:00.000Z');
    expect(next('0 12 1 * *', '2026-11-29T13:00:00Z')).toBe('2026-12-01T12:00:00.000Z');
    expect(next('0 12 * * 5', '2026-11-29T13:00:00Z')).toBe('2026-12-04T12:00:00.000Z');
  });

  it('finds a leap day years ahead, and refuses a date that never comes', () => {
    expect(next('0 0 29 2 *', '2026-11-29T00:00:00Z')).toBe('2028-02-29T00:00:00.000Z');
    expect(() => next('0 0 31 2 *', '2026-11-29T00:00:00Z')).toThrow('never matches');
  });
});
