import { formatMoney } from '@core/sdk/web';
import { BASE_CURRENCY } from '../../shared/currencies';

/** A department figure in US dollars, every digit the server sent. */
export const formatUsd = (amount: string): string => formatMoney({ amount, currency: BASE_CURRENCY });

/** A headcount (or its change), as the digits it is. */
export const formatCount = (count: string): string => count;
