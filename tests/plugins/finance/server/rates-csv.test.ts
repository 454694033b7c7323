import { describe, expect, it } from 'vitest';
import { parseRatesCsv } from '@plugins/finance/server/rates/rates-csv';

describe('exchange-rate CSV', () => {
  it('reads lines with or without a header, any of three separators, exact decimals', () => {
    const parsed = parseRatesCsv(
      '\uFEFFcurrency,date,rate\r\nEUR,2026-11-20,1.08345\n\n eur ; 2026-11-21 ; "1.1"\nBTC\t2026-11-20\t91234.12345678\nUSD,2026-11-20,1.000\n',
    );
    expect(parsed.errors).toEqual({});
    expect(parsed.rates).toEqual([
      { line: 2, currency: 'EUR', date: '2026-11-20', rate: '1.08345' },
      { line: 4, currency: 'EUR', date: '2026-11-21', rate: '1.1' },
      { line: 5, currency: 'BTC', date: '2026-11-20', rate: '91234.12345678' },
    ]);
    expect(parseRatesCsv('GBP,2026-01-01,1.27').rates).toHaveLength(1);
  });

  it('reports every bad line by number', () => {
    const parsed = parseRatesCsv(
      [
        'EUR,2026-11-20,1.08',
        'XYZ,2026-11-20,1',
        'EUR,2026-02-30,1',
        'EUR,2026-11-21,-1',
        'EUR,2026-11-22,1.123456789',
        'EUR,2026-11-20,1.09',
        'USD,2026-11-20,2',
        'EUR,2026-11-23',
        'RUB,2026-11-20,0',
      ].join('\n'),
    );
    expect(parsed.errors).toEqual({
      line_2: [
        'Line 2: unknown currency "XYZ" (known: USD, EUR, GBP, RUB, UAH, KZT, PLN, TRY, CNY, USDT, USDC, BTC, ETH).',
      ],
      line_3: ['Line 3: "2026-02-30" is not a date (use YYYY-MM-DD).'],
      line_4: ['Line 4: "-1" is not a rate (a positive number with at most 8 decimals, such as 1.0834).'],
      line_5: ['Line 5: "1.123456789" is not a rate (a positive number with at most 8 decimals, such as 1.0834).'],
      line_6: ['Line 6: EUR on 2026-11-20 is already given on line 1.'],
      line_7: ['Line 7: USD is always 1.'],
      line_8: ['Line 8: expected currency,date,rate (3 values), found 2.'],
      line_9: ['Line 9: the rate must be from 0.00000001 to 100000000.'],
    });
  });

  it('refuses an empty file', () => {
    expect(parseRatesCsv(' \n\n').errors).toEqual({ csv: ['The file has no rates.'] });
    expect(parseRatesCsv('currency,date,rate\n').errors).toEqual({ csv: ['The file has no rates.'] });
  });
});
