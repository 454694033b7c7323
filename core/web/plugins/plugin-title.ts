import type { PluginManifest } from '@core/shared/manifest';
import type { I18nService } from '../services/i18n-service';

/**
 * The plugin's title in the user's language, for messages naming it. A plugin whose strings failed
 * to load (the likeliest reason for the message) has no title: it is named by its id instead of
 * by the bare key i18next would give.
 */
export function pluginTitle(i18n: Pick<I18nService, 't'>, manifest: Pick<PluginManifest, 'id' | 'titleKey'>): string {
  return i18n.t(manifest.titleKey, { defaultValue: manifest.id });
}
