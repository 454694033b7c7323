import { definePluginCode } from '@core/web/plugins/define-plugin';
import { BENCH_TRANSLATIONS } from '../bench-resource';

/** The benchmark's plugin code in the browser: one generated list screen; its manifest comes with /config.json. */
export default definePluginCode({
  translations: {
    en: async () => ({ default: BENCH_TRANSLATIONS }),
    ru: async () => ({ default: BENCH_TRANSLATIONS }),
  },
  load: () => import(/* webpackChunkName: "plugin-bench" */ './bench-module'),
});
