import type { WebPlugin } from '@core/web/plugins/define-plugin';
import { AVAILABLE_PLUGINS as PRODUCT_PLUGINS } from '@host/web/plugins';
import bench from './bench-web-plugin';

/**
 * What host/web/main.tsx imports as `./plugins` in the bench build (scripts/bench/rspack.bench.config.ts):
 * the product's plugins and the bench plugin; the rest of the app is the production build.
 */
export const AVAILABLE_PLUGINS: readonly WebPlugin[] = [...PRODUCT_PLUGINS, bench];
