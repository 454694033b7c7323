import { describe, expect, it } from 'vitest';
import { createExchangeRateService, type UsdRateSource } from '@core/server/exchange-rates';

/** `context.exchangeRates`: one plugin provides the rates (finance), every plugin reads them. */
describe('the exchange rate service', () => {
  it('is unavailable and answers null while nobody provides rates', async () => {
    const rates = createExchangeRateService();
    expect(rates.available).toBe(false);
    await expect(rates.usdRate('EUR', '2026-11-20')).resolves.toBeNull();
  });

  it('hands look-ups to the provided source, and refuses a second provider', async () => {
    const rates = createExchangeRateService();
    const asked: string[] = [];
    const source: UsdRateSource = {
      usdRate: async (currency, date) => {
        asked.push(`${currency} ${date}`);
        return currency === 'EUR' ? '1.0834' : null;
      },
    };
    rates.provide(source);
    expect(rates.available).toBe(true);
    await expect(rates.usdRate('EUR', '2026-11-20')).resolves.toBe('1.0834');
    await expect(rates.usdRate('JPY', '2026-11-20')).resolves.toBeNull();
    expect(asked).toEqual(['EUR 2026-11-20', 'JPY 2026-11-20']);
    expect(() => rates.provide(source)).toThrow('The exchange rate source is provided twice.');
  });
});
