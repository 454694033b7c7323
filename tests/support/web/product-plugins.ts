/**
 * The product's plugins as the browser runs them: the manifest the server publishes with
 * /config.json joined with the code loaders of the web build (host/web/plugins.ts).
 */
import { webPlugin } from '@core/web/plugins/define-plugin';
import { adminManifest } from '@plugins/admin/manifest';
import adminCode from '@plugins/admin/web';
import { financeManifest } from '@plugins/finance/manifest';
import financeCode from '@plugins/finance/web';

export const admin = webPlugin(adminManifest, adminCode);
export const finance = webPlugin(financeManifest, financeCode);
