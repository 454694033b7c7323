import { describe, expect, it } from 'vitest';
import { PeopleCsv, peopleCsvReader } from '@core/server/csv/people-csv';
import { ServerTranslations } from '@core/server/i18n/translations';
import type { Language } from '@core/shared/runtime-config';

const translations = new ServerTranslations({
  lab: { en: { total: 'Total', amount: 'Amount' }, ru: { total: 'Итого', amount: 'Сумма' } },
});
const writer = (language: Language, timeZone = 'Europe/Moscow') => new PeopleCsv({ language, timeZone, translations });

describe('PeopleCsv', () => {
  it('writes an English reader’s file: a BOM, commas, every digit with a point and no digit groups', () => {
    const csv = writer('en');
    expect(csv.header([csv.say('lab:amount'), csv.currencyTitle(csv.say('lab:amount')), csv.timeTitle('Paid')])).toBe(
      '\uFEFFAmount,Amount currency,Paid (Europe/Moscow)\r\n',
    );
    expect(
      csv.line([
        csv.number('1234567.890100'),
        csv.number(-12),
        csv.number(null),
        csv.text('=SUM(A1)'),
        csv.text('a, b'),
      ]),
    ).toBe('1234567.890100,-12,,\'=SUM(A1),"a, b"\r\n');
    // A time in the reader's zone: 21:30 UTC is past midnight in Moscow; a cell holding a comma is quoted.
    expect(csv.line([csv.day('2026-11-29'), csv.month('2026-11'), csv.instant('2026-11-29T21:30:00.000000Z')])).toBe(
      '11/29/26,November 2026,"11/30/26, 12:30 AM"\r\n',
    );
  });

  it('writes a Russian reader’s file: their titles, `;` between fields, a decimal comma, their day and time', () => {
    const csv = writer('ru');
    expect(csv.separator).toBe(';');
    expect(csv.header([csv.say('lab:total'), csv.currencyTitle(csv.say('lab:amount'))])).toBe(
      '\uFEFFИтого;Сумма, валюта\r\n',
    );
    expect(
      csv.line([
        csv.number('1234567.8901'),
        csv.text('a; b'),
        csv.day('2026-11-29'),
        csv.instant('2026-11-29T21:30:00Z'),
      ]),
    ).toBe(`1234567,8901;"a; b";29.11.2026;${csv.format.dateTime('2026-11-29T21:30:00Z')}\r\n`);
    expect(csv.format.dateTime('2026-11-29T21:30:00Z')).toContain('30.11.2026');
  });

  it('names a key no namespace knows by the key, never an empty title', () => {
    expect(writer('ru').say('lab:missing')).toBe('lab:missing');
  });

  it('reads the reader from Accept-Language and X-Time-Zone, refusing a zone it does not know', () => {
    const request = (headers: Record<string, string>) =>
      ({ headers }) as unknown as Parameters<typeof peopleCsvReader>[0];
    expect(
      peopleCsvReader(request({ 'accept-language': 'ru-RU,ru;q=0.9', 'x-time-zone': 'Asia/Tokyo' }), translations),
    ).toMatchObject({ language: 'ru', timeZone: 'Asia/Tokyo' });
    expect(peopleCsvReader(request({}), translations)).toMatchObject({ language: 'en', timeZone: 'UTC' });
    expect(() => peopleCsvReader(request({ 'x-time-zone': 'Mars/Base' }), translations)).toThrow(/Unknown time zone/);
  });
});
