import { describe, expect, it } from 'vitest';
import { isTimeZone, localeFormat } from '@core/shared/format/locale-format';

const NBSP = '\u00a0';
const en = localeFormat('en', { timeZone: 'UTC' });
const ru = localeFormat('ru', { timeZone: 'UTC' });
const instant = '2026-11-29T15:44:00Z';

describe("localeFormat: each language's forms, literally", () => {
  it.each([
    ['date', en.date('2026-11-29'), '11/29/26', ru.date('2026-11-29'), '29.11.2026'],
    ['date and time', en.dateTime(instant), '11/29/26, 3:44 PM', ru.dateTime(instant), '29.11.2026, 15:44'],
    ['number', en.number('12803.04'), '12,803.04', ru.number('12803.04'), `12${NBSP}803,04`],
    ['money', en.money('12803.04', 'USD'), '$12,803.04', ru.money('12803.04', 'USD'), `12${NBSP}803,04${NBSP}$`],
    ['percent', en.percent('1769.66'), '1,769.66%', ru.percent('1769.66'), `1${NBSP}769,66${NBSP}%`],
    ['month', en.month('2026-11'), 'November 2026', ru.month('2026-11'), 'ноябрь 2026 г.'],
  ])('%s', (_kind, english, englishExpected, russian, russianExpected) => {
    expect(english).toBe(englishExpected);
    expect(russian).toBe(russianExpected);
  });

  it('starts the week on Sunday in English and Monday in Russian', () => {
    expect(en.firstDayOfWeek).toBe(0);
    expect(ru.firstDayOfWeek).toBe(1);
  });
});

describe('localeFormat: formatting', () => {
  it('keeps every digit of a decimal string and rounds money to the currency only when asked', () => {
    expect(en.number('0.123456789012')).toBe('0.123456789012');
    expect(en.money('10.005', 'USD')).toBe('$10.005');
    expect(en.money('10.005', 'USD', 'currency')).toBe('$10.01');
    expect(en.money('1500', 'JPY', 'currency')).toBe('¥1,500');
  });

  it('writes a code Intl refuses after the amount, with two decimals at least', () => {
    expect(en.money('-7504.7', 'USDT')).toBe('-USDT\u00a07,504.70');
    expect(ru.money('-7504.7', 'USDT')).toBe(`-7${NBSP}504,70${NBSP}USDT`);
    // Fixed places: every amount of one currency alike, whether Intl knows the code or not.
    const eight = { minimumFractionDigits: 8, maximumFractionDigits: 8 };
    expect(en.money('0', 'BTC', eight)).toBe(`BTC${NBSP}0.00000000`);
    expect(ru.money('0.12343678', 'BTC', eight)).toBe(`0,12343678${NBSP}BTC`);
    expect(en.money('-7504.7', 'USDT', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe(
      '-USDT\u00a07,504.70',
    );
    expect(en.money('12.5', 'USD', { minimumFractionDigits: 3, maximumFractionDigits: 3 })).toBe('$12.500');
  });

  it('shows text that is no number as it came', () => {
    expect(en.number('abc')).toBe('abc');
    expect(en.money('n/a', 'USD')).toBe('n/a USD');
    expect(en.date('soon')).toBe('soon');
    expect(en.dateTime('never')).toBe('never');
  });

  it('moves small and negative percents without a float', () => {
    expect(en.percent('5')).toBe('5%');
    expect(en.percent('-0.5')).toBe('-0.5%');
    expect(en.percent(12.345)).toBe('12.345%');
    // A column of percents keeps the places it was rounded to.
    expect(en.percent('2.50', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe('2.50%');
    expect(ru.percent('-32.3', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe(`-32,30${NBSP}%`);
  });

  it('shows instants in the zone asked for', () => {
    expect(localeFormat('ru', { timeZone: 'Europe/Moscow' }).dateTime(instant)).toBe('29.11.2026, 18:44');
    expect(isTimeZone('Europe/Moscow')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('labels chart axes shortly, with the currency', () => {
    expect(en.compact(8940)).toBe('8.9K');
    expect(ru.compact(8940)).toBe(`8,9${NBSP}тыс.`);
    expect(en.compact(8940, 'USD')).toBe('$8.9K');
    expect(en.compact(8940, 'USDT')).toBe('USDT\u00a08.9K');
    expect([en.compact(0, 'USD'), en.compact(500, 'USD'), ru.compact(500, 'USD')]).toEqual([
      '$0',
      '$500',
      `500${NBSP}$`,
    ]);
  });
});

describe('localeFormat: times of day', () => {
  it('writes a time as the language does and reads it back, 24-hour text in both', () => {
    expect(en.time('15:44').replace('\u202f', ' ')).toBe('3:44 PM');
    expect(ru.time('05:04')).toBe('05:04');
    // What is not a time of day is shown as it came.
    expect(en.time('25:00')).toBe('25:00');
    expect([en.timePattern, ru.timePattern]).toEqual(['h:mm AM', 'чч:мм']);
    expect(en.parseTime(en.time('15:44'))).toBe('15:44');
    expect(en.parseTime('12:05 am')).toBe('00:05');
    expect(en.parseTime('9.30 p.m.')).toBe('21:30');
    expect(en.parseTime('15:44')).toBe('15:44');
    expect(ru.parseTime('9:05')).toBe('09:05');
    expect(ru.parseTime('3:44 PM')).toBeNull();
    expect(en.parseTime('13:00 PM')).toBeNull();
    expect(ru.parseTime('24:00')).toBeNull();
    expect(ru.parseTime('12:60')).toBeNull();
  });
});

describe('localeFormat: names for pickers', () => {
  it('names the weekdays from the language’s first day and the months alone', () => {
    expect(en.weekdays).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(ru.weekdays).toEqual(['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс']);
    expect(en.months.slice(9)).toEqual(['Oct', 'Nov', 'Dec']);
    expect(ru.months.slice(9)).toEqual(['окт.', 'нояб.', 'дек.']);
  });
});

describe('localeFormat: what a reader types', () => {
  it.each([
    ['ru', '1 234,56', '1234.56'],
    ['ru', `1${NBSP}234,56`, '1234.56'],
    ['ru', '1234.56', '1234.56'],
    ['ru', '−12,5', '-12.5'],
    ['ru', '007', '7'],
    ['en', '1,234.56', '1234.56'],
    ['en', '+42', '42'],
    ['en', '-0', '0'],
  ] as const)('%s reads %j as %s', (language, text, expected) => {
    expect(localeFormat(language).parseNumber(text)).toBe(expected);
  });

  it.each([
    ['en', '1,23,4'],
    ['en', '1 234'],
    ['ru', '1,234.56'],
    ['ru', '12 34'],
    ['en', ''],
    ['en', '1e5'],
  ] as const)('%s refuses %j', (language, text) => {
    expect(localeFormat(language).parseNumber(text)).toBeNull();
  });

  it('reads dates in the language’s order, and ISO days in both', () => {
    expect(ru.parseDate('29.11.2026')).toBe('2026-11-29');
    expect(ru.parseDate('1.2.26')).toBe('2026-02-01');
    expect(en.parseDate('11/29/26')).toBe('2026-11-29');
    expect(en.parseDate('2/1/2026')).toBe('2026-02-01');
    expect(en.parseDate('2026-11-29')).toBe('2026-11-29');
    expect(ru.parseDate('30.02.2026')).toBeNull();
    expect(en.parseDate('29.11.2026')).toBeNull();
    expect(ru.parseDate('11/29/26')).toBeNull();
  });
});
