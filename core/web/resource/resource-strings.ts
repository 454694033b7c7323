import type { i18n as I18nInstance } from 'i18next';
import { useInjection } from '../react/container-context';
import type { Language } from '@core/shared/runtime-config';
import type { TranslationBundle } from '../kernel/contributions';
import { CORE_NAMESPACE, I18nService } from '../services/i18n-service';
import enResource from '@core/shared/i18n/en/resource.json';
import ruResource from '@core/shared/i18n/ru/resource.json';
import enRecord from '../i18n/en/record.json';
import ruRecord from '../i18n/ru/record.json';

/** The engine's strings (`core:resource.*`), in every language. */
export const RESOURCE_BUNDLES: Readonly<Record<Language, TranslationBundle>> = { en: enResource, ru: ruResource };
/** The record pages' strings (`core:record.*`), which ride with the engine too. */
export const RECORD_BUNDLES: Readonly<Record<Language, TranslationBundle>> = { en: enRecord, ru: ruRecord };

const added = new WeakSet<I18nInstance>();

/**
 * Merges the engine's strings into the `core` namespace the first time a resource screen renders:
 * they travel with the engine's code (in the chunks of the plugins that use it), not with the
 * shell. Silent and idempotent per i18next instance, so calling it during a render is safe.
 */
export function addResourceStrings(i18n: I18nInstance): void {
  if (added.has(i18n)) return;
  added.add(i18n);
  for (const bundles of [RESOURCE_BUNDLES, RECORD_BUNDLES]) {
    for (const [language, bundle] of Object.entries(bundles)) {
      i18n.addResourceBundle(language, CORE_NAMESPACE, bundle, true, false, { silent: true });
    }
  }
}

/**
 * For an engine piece a plugin may draw on a page of its own (a picker, a table, a pager, a
 * dialog): the engine's strings are there whatever the page, not only once a resource screen ran.
 */
export function useResourceStrings(): void {
  addResourceStrings(useInjection(I18nService).i18n);
}

/** The i18n namespace of a `namespace:key` key (a definition's title key names its plugin's), or null. */
export function namespaceOf(key: string): string | null {
  const at = key.indexOf(':');
  return at > 0 ? key.slice(0, at) : null;
}
