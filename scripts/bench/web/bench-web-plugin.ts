import { definePlugin } from '@core/web/plugins/define-plugin';
import { BENCH_TRANSLATIONS, benchManifest } from '../bench-resource';

/** The benchmark's plugin in the browser: one generated list screen (see bench-resource.ts). */
export default definePlugin({
  manifest: benchManifest,
  translations: {
    en: async () => ({ default: BENCH_TRANSLATIONS }),
    ru: async () => ({ default: BENCH_TRANSLATIONS }),
  },
  load: () => import(/* webpackChunkName: "plugin-bench" */ './bench-module'),
});
