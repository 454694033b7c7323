import { defineServerPlugin, type ServerPlugin } from '@core/sdk/server';
import { systemManifest } from '../manifest';
import { SYSTEM_RESOURCES } from '../shared/resources';

/**
 * The system service (spec §2 System routes, §3, §6 Y*): its resources through the core engine,
 * buying domains and proxies as background jobs through registrar, CDN and proxy-provider
 * adapters (each with a local mode that buys nothing), proxy checks, and the country-language map's
 * data. See README.md.
 */
export function createSystemServerPlugin(): ServerPlugin {
  return defineServerPlugin({
    manifest: systemManifest,
    migrations: [],
    resources: SYSTEM_RESOURCES,
    register() {},
  });
}

export default createSystemServerPlugin();
