/** Currencies the agency's wallets hold; USD amounts are computed from rates of these. */
export const FINANCE_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'RUB',
  'UAH',
  'KZT',
  'PLN',
  'TRY',
  'CNY',
  'USDT',
  'USDC',
  'BTC',
  'ETH',
] as const;

export type FinanceCurrency = (typeof FINANCE_CURRENCIES)[number];

/** The currency every USD amount is in; its rate is 1 on every date. */
export const BASE_CURRENCY: FinanceCurrency = 'USD';
