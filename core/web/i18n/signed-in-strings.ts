import type { i18n as I18nInstance } from 'i18next';
import type { Language } from '@core/shared/runtime-config';
import type { TranslationBundle } from '../kernel/contributions';
import { CORE_NAMESPACE } from '../services/i18n-service';
import enLayout from './en/layout.json';
import enNotifications from './en/notifications.json';
import enPages from './en/pages.json';
import enPalette from './en/palette.json';
import enShell from './en/shell.json';
import ruLayout from './ru/layout.json';
import ruNotifications from './ru/notifications.json';
import ruPages from './ru/pages.json';
import ruPalette from './ru/palette.json';
import ruShell from './ru/shell.json';

/** The `core` strings only signed-in pages use: the shell, its layouts, the core's own pages, the palette, the bell. */
export const SIGNED_IN_BUNDLES: Readonly<Record<Language, readonly TranslationBundle[]>> = {
  en: [enShell, enLayout, enPages, enPalette, enNotifications],
  ru: [ruShell, ruLayout, ruPages, ruPalette, ruNotifications],
};

const added = new WeakSet<I18nInstance>();

/**
 * Merges the signed-in strings into the `core` namespace when the shell chunk arrives, keeping
 * them out of what a signed-out visitor or EnterEmail needs. Deep, because several
 * files add to the same top-level key (`shell`). Silent, so no mounted component re-renders
 * mid-render; idempotent per i18next instance.
 */
export function addSignedInStrings(i18n: I18nInstance): void {
  if (added.has(i18n)) return;
  added.add(i18n);
  for (const [language, bundles] of Object.entries(SIGNED_IN_BUNDLES)) {
    for (const bundle of bundles)
      i18n.addResourceBundle(language, CORE_NAMESPACE, bundle, true, false, { silent: true });
  }
}
