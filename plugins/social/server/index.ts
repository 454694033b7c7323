import { defineServerPlugin, type ServerPlugin } from '@core/sdk/server';
import { socialManifest } from '../manifest';
import { SOCIAL_RESOURCES } from '../shared/resources';

/**
 * The social service (spec §2 social-ad routes, §3 Ad platform, §6 MA MC FO and the flag group):
 * its resources through the core engine; the Meta Marketing API adapter; account and insights
 * syncs as background jobs; pause, activate and budgets written to the platform; the insights
 * report; the Conversions API. See README.md.
 */
export function createSocialServerPlugin(): ServerPlugin {
  return defineServerPlugin({
    manifest: socialManifest,
    migrations: [],
    resources: SOCIAL_RESOURCES,
    register() {},
  });
}

export default createSocialServerPlugin();
