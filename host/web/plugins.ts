import type { PluginCode } from '@core/web/plugins/define-plugin';
import admin from '@plugins/admin/web';
import finance from '@plugins/finance/web';
import messenger from '@plugins/messenger/web';
import shop from '@plugins/shop/web';
import social from '@plugins/social/web';
import system from '@plugins/system/web';
import tracker from '@plugins/tracker/web';

/**
 * The code of every plugin this build holds, by plugin id. Configuration chooses which run, and
 * the server publishes their manifests with /config.json; a new plugin is added here once.
 */
export const PLUGIN_CODE: Readonly<Record<string, PluginCode>> = {
  admin,
  finance,
  messenger,
  tracker,
  shop,
  system,
  social,
};
