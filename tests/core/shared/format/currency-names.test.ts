import { describe, expect, it } from 'vitest';
import { currencyMatches, currencyName } from '@core/shared/format/currency-names';

describe('currency names', () => {
  it('names a currency in each language, and a code without a name by the code', () => {
    expect([currencyName('USD', 'en'), currencyName('USD', 'ru')]).toEqual(['US Dollar', 'доллар США']);
    expect([currencyName('RUB', 'en'), currencyName('RUB', 'ru')]).toEqual(['Russian Ruble', 'российский рубль']);
    expect([currencyName('USDT', 'ru'), currencyName('BTC', 'en')]).toEqual(['USDT', 'BTC']);
  });

  it('finds a currency by its code or its name in either language, whatever the case', () => {
    for (const text of ['usd', 'Dollar', 'ДОЛЛАР', 'сша', '']) expect(currencyMatches('USD', text), text).toBe(true);
    expect(['USD', 'EUR', 'RUB'].filter((code) => currencyMatches(code, 'рубль'))).toEqual(['RUB']);
    expect(currencyMatches('EUR', 'dollar')).toBe(false);
  });
});
