import type { ServerPlugin } from '@core/server/plugin';
import admin from '@plugins/admin/server';
import finance from '@plugins/finance/server';
import messenger from '@plugins/messenger/server';
import shop from '@plugins/shop/server';
import social from '@plugins/social/server';
import system from '@plugins/system/server';
import tracker from '@plugins/tracker/server';

/** Every plugin this build knows; configuration chooses which of them run. */
export const AVAILABLE_SERVER_PLUGINS: readonly ServerPlugin[] = [admin, finance, messenger, tracker, shop, system, social];
