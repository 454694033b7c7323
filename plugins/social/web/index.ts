import { definePluginCode } from '@core/sdk/web';

// Code loaders only: the manifest (../manifest.ts) reaches the browser through /config.json.
export default definePluginCode({
  translations: {
    en: () => import(/* webpackChunkName: "social-i18n-en" */ './i18n/en.json'),
    ru: () => import(/* webpackChunkName: "social-i18n-ru" */ './i18n/ru.json'),
  },
  load: () => import(/* webpackChunkName: "plugin-social" */ './module'),
});
