/** The shop's screens in browser tests: the shop and the messenger it depends on, as the host joins them. */
import { webPlugin } from '@core/sdk/testing-web';
import { messengerManifest } from '@plugins/messenger/manifest';
import messengerCode from '@plugins/messenger/web';
import { shopManifest } from '@plugins/shop/manifest';
import shopCode from '@plugins/shop/web';

export const shop = webPlugin(shopManifest, shopCode);
export const messenger = webPlugin(messengerManifest, messengerCode);
