import { ROW_ID } from '@core/sdk/server';
import { MAX_PROXIES_PER_PURCHASE, MAX_PURCHASE_NAME } from '../../shared/proxy-purchase';
import { PROXY_TYPES } from '../../shared/resources';

/* The bodies of `POST proxies/quote` and `POST proxies/purchase` (shared/proxy-purchase.ts). */

const QUOTE_PROPERTIES = {
  provider: ROW_ID,
  // Core countries are keyed by their ISO 3166-1 numeric code.
  country: { type: 'integer', minimum: 1, maximum: 999 },
  type: { type: 'string', enum: PROXY_TYPES },
  period_days: { type: 'integer', minimum: 1, maximum: 3650 },
  quantity: { type: 'integer', minimum: 1, maximum: MAX_PROXIES_PER_PURCHASE },
} as const;
const QUOTE_REQUIRED = ['provider', 'country', 'type', 'period_days', 'quantity'] as const;

export const QUOTE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: QUOTE_REQUIRED,
  properties: QUOTE_PROPERTIES,
} as const;

export const PURCHASE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: QUOTE_REQUIRED,
  properties: {
    ...QUOTE_PROPERTIES,
    // Optional; when sent it names something.
    name: { type: 'string', minLength: 1, maxLength: MAX_PURCHASE_NAME, pattern: '\\S' },
    team: ROW_ID,
  },
} as const;
