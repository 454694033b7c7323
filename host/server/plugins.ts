import type { ServerPlugin } from '@core/server/plugin';
import admin from '@plugins/admin/server';
import adminEn from '@plugins/admin/web/i18n/en.json';
import adminRu from '@plugins/admin/web/i18n/ru.json';
import finance from '@plugins/finance/server';
import financeEn from '@plugins/finance/web/i18n/en.json';
import financeRu from '@plugins/finance/web/i18n/ru.json';
import messenger from '@plugins/messenger/server';
import messengerEn from '@plugins/messenger/web/i18n/en.json';
import messengerRu from '@plugins/messenger/web/i18n/ru.json';
import shop from '@plugins/shop/server';
import shopEn from '@plugins/shop/web/i18n/en.json';
import shopRu from '@plugins/shop/web/i18n/ru.json';
import social from '@plugins/social/server';
import socialEn from '@plugins/social/web/i18n/en.json';
import socialRu from '@plugins/social/web/i18n/ru.json';
import system from '@plugins/system/server';
import systemEn from '@plugins/system/web/i18n/en.json';
import systemRu from '@plugins/system/web/i18n/ru.json';
import tracker from '@plugins/tracker/server';
import trackerEn from '@plugins/tracker/web/i18n/en.json';
import trackerRu from '@plugins/tracker/web/i18n/ru.json';

/** Every plugin this build knows, with the strings its screens show (the server titles exports with them); configuration chooses which run. */
export const AVAILABLE_SERVER_PLUGINS: readonly ServerPlugin[] = [
  { ...admin, translations: { en: adminEn, ru: adminRu } },
  { ...finance, translations: { en: financeEn, ru: financeRu } },
  { ...messenger, translations: { en: messengerEn, ru: messengerRu } },
  { ...tracker, translations: { en: trackerEn, ru: trackerRu } },
  { ...shop, translations: { en: shopEn, ru: shopRu } },
  { ...system, translations: { en: systemEn, ru: systemRu } },
  { ...social, translations: { en: socialEn, ru: socialRu } },
];
