import { defineServerPlugin, type ServerPlugin } from '@core/sdk/server';
import { systemManifest } from '../manifest';
import { SYSTEM_RESOURCES } from '../shared/resources';
import { seedSystemDemo } from './demo/system-demo';
import {
  DOMAIN_PURCHASE_MESSAGES_RU,
  PREMIUM_PRICE_MIGRATION,
  registerDomainPurchase,
  type PurchaseJobOptions,
} from './domains';
import { EXPIRING_SOON_MESSAGES_RU, registerExpiringSoon } from './expiring/expiring-soon';
import localRegistrarCdnSql from './migrations/0002_local_registrar_cdn.sql?raw';
import localProxyProviderSql from './migrations/0003_local_proxy_provider.sql?raw';
import proxyTeamAgencySql from './migrations/0004_proxy_team_agency.sql?raw';
import { LOCAL_PROXY_PROVIDER_MIGRATION, PROXY_MESSAGES_RU, proxyResourceHooks, registerProxies } from './proxies';
import { RULES_MESSAGES_RU, systemRuleHooks } from './rules';
import { registerExpiringSites } from './sites';
import { registerWhiteArchives, WHITE_ARCHIVES_MIGRATION, WHITES_MESSAGES_RU } from './whites';

export interface SystemServerOptions {
  /** The plugin's clock (expiry warnings, dates checked); tests stand a fixed one in. */
  readonly now?: () => Date;
  /** The domain purchase job's attempts, backoff and timeout; tests shorten them. */
  readonly domainPurchase?: PurchaseJobOptions;
}

/**
 * The system service: its resources through the core engine,
 * buying domains and proxies as background jobs through registrar, CDN and proxy-provider
 * adapters (each with a local mode that buys nothing), proxy checks, white archives and the
 * critical sites about to expire. See README.md.
 */
export function createSystemServerPlugin(options: SystemServerOptions = {}): ServerPlugin {
  const now = options.now ?? (() => new Date());
  return defineServerPlugin({
    manifest: systemManifest,
    migrations: [
      WHITE_ARCHIVES_MIGRATION,
      { name: '0002_local_registrar_cdn', sql: localRegistrarCdnSql },
      { name: LOCAL_PROXY_PROVIDER_MIGRATION, sql: localProxyProviderSql },
      { name: '0004_proxy_team_agency', sql: proxyTeamAgencySql },
      PREMIUM_PRICE_MIGRATION,
    ],
    resources: SYSTEM_RESOURCES,
    messages: {
      ru: {
        ...RULES_MESSAGES_RU,
        ...WHITES_MESSAGES_RU,
        ...DOMAIN_PURCHASE_MESSAGES_RU,
        ...PROXY_MESSAGES_RU,
        ...EXPIRING_SOON_MESSAGES_RU,
      },
    },
    // Each part registers its own routes here, one line each.
    register(app, context) {
      context.resources.hooksById({ ...systemRuleHooks(now), ...proxyResourceHooks });
      registerDomainPurchase(app, context, options.domainPurchase);
      registerProxies(app, context);
      registerWhiteArchives(app, context);
      registerExpiringSites(app, context, now);
      registerExpiringSoon(context, now);
    },
    seedDemo: seedSystemDemo,
  });
}

export default createSystemServerPlugin();
