import { definePlugin } from '@core/web/plugins/define-plugin';
import { financeManifest } from '../manifest';

export default definePlugin({
  manifest: financeManifest,
  translations: {
    en: () => import(/* webpackChunkName: "finance-i18n-en" */ './i18n/en.json'),
    ru: () => import(/* webpackChunkName: "finance-i18n-ru" */ './i18n/ru.json'),
  },
  load: () => import(/* webpackChunkName: "plugin-finance" */ './module'),
});
