import { ProviderSlot, type Providable } from '../provided-service';

/** Where the US-dollar rates come from: the plugin that keeps them (finance, from its exchange rates screen). */
export interface UsdRateSource {
  /**
   * US dollars for one unit of `currency` (ISO 4217) on `date` (`YYYY-MM-DD`): the latest rate on
   * or before the date, as decimal text; `'1'` for USD; null when no rate is known.
   */
  usdRate(currency: string, date: string): Promise<string | null>;
}

/**
 * Exchange rates every plugin reads (`context.exchangeRates`), through the source one plugin
 * provides (finance). While none does (finance is off) `available` is false and `usdRate` answers
 * null, so a caller shows the amount as not convertible rather than failing.
 */
export interface ExchangeRateService extends UsdRateSource, Providable<UsdRateSource> {}

class ExchangeRates extends ProviderSlot<UsdRateSource> implements ExchangeRateService {
  constructor() {
    super('The exchange rate source', () => new Error('No exchange rate source is provided.'));
  }

  async usdRate(currency: string, date: string): Promise<string | null> {
    return this.available ? this.provider().usdRate(currency, date) : null;
  }
}

export function createExchangeRateService(): ExchangeRateService {
  return new ExchangeRates();
}
