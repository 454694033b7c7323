import type { WebPlugin } from '@core/web/plugins/define-plugin';
import admin from '@plugins/admin/web';
import finance from '@plugins/finance/web';

/**
 * Every plugin this build knows. Configuration (`plugins` in host/erp.config.json, or
 * ERP_PLUGINS) chooses which of them run; a new plugin is added here once.
 */
export const AVAILABLE_PLUGINS: readonly WebPlugin[] = [admin, finance];
