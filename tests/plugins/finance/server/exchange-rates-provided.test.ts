import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PluginManifest } from '@core/sdk/shared';
import { defineServerPlugin, type ExchangeRateService } from '@core/sdk/server';
import { DB_TIMEOUT, testApp, type TestApp } from '@core/sdk/testing';
import { createFinanceServerPlugin } from '@plugins/finance/server';

/** Finance provides `context.exchangeRates` from its exchange rates: the latest rate on or before a day, USD 1. */

const manifest: PluginManifest = {
  id: 'rateprobe',
  version: '0.0.1',
  sdk: '^1.4.0',
  titleKey: 'rateprobe:title',
  service: 'rateprobe',
  dependencies: ['finance'],
  namespaces: ['rateprobe'],
  pages: [],
};
let rates!: ExchangeRateService;
const probe = defineServerPlugin({
  manifest,
  migrations: [],
  register(_app, context) {
    rates = context.exchangeRates;
  },
});

let app: TestApp;
beforeAll(async () => {
  app = await testApp({ plugins: [createFinanceServerPlugin(), probe] });
  const imported = await app.as(['FT']).post('/api/finance/exchange-rates/import', {
    csv: 'EUR,2026-11-01,1.08\nEUR,2026-11-10,1.0834\nGBP,2026-11-05,1.27',
  });
  expect(imported.statusCode, imported.body).toBe(200);
}, DB_TIMEOUT);
afterAll(() => app.close());

it('answers the latest rate on or before the day, 1 for USD, null before any rate', async () => {
  expect(rates.available).toBe(true);
  expect(await rates.usdRate('EUR', '2026-11-09')).toBe('1.08');
  expect(await rates.usdRate('EUR', '2026-11-10')).toBe('1.0834');
  expect(await rates.usdRate('EUR', '2026-12-31')).toBe('1.0834');
  expect(await rates.usdRate('GBP', '2026-11-04')).toBeNull();
  expect(await rates.usdRate('JPY', '2026-11-10')).toBeNull();
  expect(await rates.usdRate('USD', '1999-01-01')).toBe('1');
});
