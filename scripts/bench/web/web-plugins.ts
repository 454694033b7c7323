import type { PluginCode } from '@core/web/plugins/define-plugin';
import { PLUGIN_CODE as PRODUCT_PLUGINS } from '@host/web/plugins';
import bench from './bench-web-plugin';

/**
 * What host/web/app.tsx imports as `./plugins` in the bench build (scripts/bench/rspack.bench.config.ts):
 * the product's plugins and the bench plugin; the rest of the app is the production build.
 */
export const PLUGIN_CODE: Readonly<Record<string, PluginCode>> = { ...PRODUCT_PLUGINS, bench };
