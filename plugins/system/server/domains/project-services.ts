import type { Queryable } from '@core/sdk/server';
import { CloudflareCdn } from '../cdn/cloudflare';
import type { Cdn } from '../cdn/cdn';
import { LocalCdn } from '../cdn/local-cdn';
import { LocalRegistrar } from '../registrar/local-registrar';
import { NamecheapRegistrar } from '../registrar/namecheap';
import type { Registrar } from '../registrar/registrar';
import { CDN_UNSUITABLE, PROJECT_MISSING, REGISTRAR_UNSUITABLE } from './messages';
import { ServiceNotConfigured } from './outside-call';
import type { DomainPurchaseConfig } from './purchase-config';

/**
 * A project's registrar and CDN: services of the registrar and CDN groups, each
 * driven by an adapter this product has. Credentials are read here, on the server, straight from
 * the services table (the API only ever shows them masked) and go nowhere but the adapter.
 */

export interface ServiceAccount {
  readonly id: number;
  readonly name: string;
  readonly group: string;
  readonly adapter: string;
  readonly credentials: Readonly<Record<string, string>>;
}

export interface ProjectServices {
  readonly registrar: ServiceAccount;
  readonly cdn: ServiceAccount;
}

interface ServiceRow {
  readonly id: string;
  readonly name: string;
  readonly group: string | null;
  readonly adapter: string | null;
  readonly credentials: Record<string, string> | null;
}

const REGISTRAR_ADAPTERS = new Set(['local', 'namecheap']);
const CDN_ADAPTERS = new Set(['local', 'cloudflare']);

async function liveService(db: Queryable, id: string | null): Promise<ServiceAccount | null> {
  if (id === null) return null;
  const { rows } = await db.query<ServiceRow>(
    'SELECT id::text, name, "group", adapter, credentials FROM system.services WHERE id = $1 AND deleted_at IS NULL',
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    name: row.name,
    group: row.group ?? '',
    adapter: row.adapter ?? '',
    credentials: row.credentials ?? {},
  };
}

/** The project's services, or the message saying why the project cannot buy domains (for its `project` field). */
export async function projectServices(
  db: Queryable,
  projectId: number,
): Promise<ProjectServices | { readonly problem: string }> {
  const { rows } = await db.query<{ registrar: string | null; cdn: string | null }>(
    'SELECT registrar::text, cdn::text FROM system.projects WHERE id = $1 AND deleted_at IS NULL',
    [projectId],
  );
  const project = rows[0];
  if (!project) return { problem: PROJECT_MISSING };
  const registrar = await liveService(db, project.registrar);
  if (!registrar || registrar.group !== 'registrar' || !REGISTRAR_ADAPTERS.has(registrar.adapter))
    return { problem: REGISTRAR_UNSUITABLE };
  const cdn = await liveService(db, project.cdn);
  if (!cdn || cdn.group !== 'cdn' || !CDN_ADAPTERS.has(cdn.adapter)) return { problem: CDN_UNSUITABLE };
  return { registrar, cdn };
}

/** The credentials `keys` of a service, trimmed; ServiceNotConfigured naming every one missing. */
function required<K extends string>(service: ServiceAccount, keys: readonly K[]): Record<K, string> {
  const found = {} as Record<K, string>;
  const missing: string[] = [];
  for (const key of keys) {
    const value = service.credentials[key]?.trim() ?? '';
    if (value === '') missing.push(key);
    else found[key] = value;
  }
  if (missing.length > 0) throw new ServiceNotConfigured(service.name, missing);
  return found;
}

/** The registrar the service drives: the local one over `db`, or Namecheap with the service's credentials. */
export function registrarFor(service: ServiceAccount, db: Queryable, config: DomainPurchaseConfig): Registrar {
  if (service.adapter === 'local') return new LocalRegistrar(db);
  const keys = required(service, ['api_user', 'api_key', 'client_ip']);
  const userName = service.credentials.user_name?.trim() || keys.api_user;
  return new NamecheapRegistrar({
    credentials: { apiUser: keys.api_user, apiKey: keys.api_key, userName, clientIp: keys.client_ip },
    baseUrl: config.namecheapApiBase,
  });
}

/** The CDN the service drives: the local one over `db`, or Cloudflare with the service's token and account. */
export function cdnFor(service: ServiceAccount, db: Queryable, config: DomainPurchaseConfig): Cdn {
  if (service.adapter === 'local') return new LocalCdn(db);
  const keys = required(service, ['api_token', 'account_id']);
  return new CloudflareCdn({
    credentials: { apiToken: keys.api_token, accountId: keys.account_id },
    baseUrl: config.cloudflareApiBase,
  });
}
