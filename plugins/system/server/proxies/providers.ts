import { ApiError, countriesService, validationError, type Database, type Queryable } from '@core/sdk/server';
import { formatMessage } from '@core/sdk/shared';
import { proxyProvidersResource, type ProxyAdapterName } from '../../shared/resources';
import { LocalProxyProvider } from './local-provider';
import {
  API_KEY_MISSING,
  COUNTRY_UNKNOWN,
  PROVIDER_REFUSED,
  PROVIDER_UNAVAILABLE,
  PROVIDER_UNKNOWN,
  TYPE_NOT_OFFERED,
} from './messages';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  TypeNotOfferedError,
  type ProxyProviderAdapter,
} from './provider-adapter';
import type { ProxyConfig } from './proxy-config';
import { Proxy6Adapter } from './proxy6-adapter';

/*
 * A provider record as the adapters need it (its credentials as stored, which the API only ever
 * shows masked), the adapter it names, and the API errors an adapter's failures become.
 */

export interface ProviderRecord {
  readonly id: number;
  readonly name: string;
  readonly adapter: ProxyAdapterName;
  readonly credentials: Readonly<Record<string, string>>;
}

/** A live (not deleted) provider, or null. */
export async function findProvider(db: Queryable, id: number): Promise<ProviderRecord | null> {
  const { rows } = await db.query<{
    name: string;
    adapter: ProxyAdapterName;
    credentials: Record<string, string> | null;
  }>(`SELECT name, adapter, credentials FROM ${proxyProvidersResource.table} WHERE id = $1 AND deleted_at IS NULL`, [
    id,
  ]);
  const row = rows[0];
  return row ? { id, name: row.name, adapter: row.adapter, credentials: row.credentials ?? {} } : null;
}

/** The provider, or a 422 on the `provider` field. */
export async function requireProvider(db: Queryable, id: number): Promise<ProviderRecord> {
  const provider = await findProvider(db, id);
  if (!provider) throw validationError({ provider: [PROVIDER_UNKNOWN] });
  return provider;
}

/** A core country's alpha-2 code in lower case (as providers take it), or a 422 on the `country` field. */
export async function requireCountryCode(db: Queryable, id: number): Promise<string> {
  const country = await countriesService.find(db, id);
  if (!country) throw validationError({ country: [COUNTRY_UNKNOWN] });
  return country.code.toLowerCase();
}

/** The adapter the provider names; a Proxy6 provider without its key is a 422. */
export function adapterFor(provider: ProviderRecord, config: ProxyConfig, db: Database): ProxyProviderAdapter {
  if (provider.adapter === 'local') return new LocalProxyProvider(db, provider.id);
  const apiKey = provider.credentials.api_key?.trim();
  if (!apiKey) throw validationError({ credentials: [API_KEY_MISSING] });
  return new Proxy6Adapter({ apiKey, baseUrl: config.proxy6ApiBase });
}

/** The API error for an adapter's failure (422 for a refusal or a type not sold, 502 when unreachable); anything else is rethrown. */
export function providerFailure(error: unknown): ApiError {
  if (error instanceof TypeNotOfferedError) {
    return validationError({ type: [formatMessage(TYPE_NOT_OFFERED, { provider: error.provider, type: error.type })] });
  }
  if (error instanceof ProviderRefusedError)
    return new ApiError(422, formatMessage(PROVIDER_REFUSED, { provider: error.provider, reason: error.reason }));
  if (error instanceof ProviderUnavailableError)
    return new ApiError(502, formatMessage(PROVIDER_UNAVAILABLE, { provider: error.provider, reason: error.reason }));
  throw error;
}
