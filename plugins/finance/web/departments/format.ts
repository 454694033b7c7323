import { formatMoney } from '@core/sdk/web';
import { BASE_CURRENCY } from '../../shared/currencies';

/** A department figure in US dollars, to the cent (sums of exact USD amounts carry up to 8 places). */
export const formatUsd = (amount: string): string => formatMoney({ amount, currency: BASE_CURRENCY }, 'currency');

/** A headcount (or its change), as the digits it is. */
export const formatCount = (count: string): string => count;
