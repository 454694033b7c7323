import { formatMoney, useLocaleFormat } from '@core/sdk/web';
import { BASE_CURRENCY } from '../../shared/currencies';

/** How a department page shows its figures, in the interface language. */
export interface DepartmentFormat {
  /** A figure in US dollars, to the cent (sums of exact USD amounts carry up to 8 places). */
  readonly usd: (amount: string) => string;
  /** A headcount (or its change). */
  readonly count: (count: string) => string;
}

export function useDepartmentFormat(): DepartmentFormat {
  const format = useLocaleFormat();
  return {
    usd: (amount) => formatMoney({ amount, currency: BASE_CURRENCY }, format, 'currency'),
    count: (count) => format.number(count),
  };
}
