import { definePlugin } from '@core/web/plugins/define-plugin';
import { adminManifest } from '../manifest';

export default definePlugin({
  manifest: adminManifest,
  translations: {
    en: () => import(/* webpackChunkName: "admin-i18n-en" */ './i18n/en.json'),
    ru: () => import(/* webpackChunkName: "admin-i18n-ru" */ './i18n/ru.json'),
  },
  load: () => import(/* webpackChunkName: "plugin-admin" */ './module'),
});
