import { definePluginCode } from '@core/sdk/web';

// Code loaders only: the manifest (../manifest.ts) reaches the browser through /config.json.
export default definePluginCode({
  translations: {
    en: () => import(/* webpackChunkName: "system-i18n-en" */ './i18n/en.json'),
    ru: () => import(/* webpackChunkName: "system-i18n-ru" */ './i18n/ru.json'),
  },
  load: () => import(/* webpackChunkName: "plugin-system" */ './module'),
});
