import type { Language } from '@core/shared/runtime-config';
import coreResourceEn from '@core/shared/i18n/en/resource.json';
import coreResourceRu from '@core/shared/i18n/ru/resource.json';

/** One namespace's strings in one language, as its i18n JSON file holds them (nested objects of text). */
export type TranslationBundle = Readonly<Record<string, unknown>>;

/** Namespaces (a plugin's id) and their strings in each language. */
export type NamespaceBundles = Readonly<Record<string, Readonly<Record<Language, TranslationBundle>>>>;

/*
 * The kernel's resource strings (column names such as "Created", "Yes" and "No") are the ones the
 * browser shows: the server reads the same files, so an export says what the screen says.
 */
const CORE_NAMESPACE: NamespaceBundles = { core: { en: coreResourceEn, ru: coreResourceRu } };

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function lookup(bundle: TranslationBundle | undefined, path: string): string | null {
  let node: unknown = bundle;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : null;
}

/**
 * The browser's i18n keys (`finance:fields.wallet`) read on the server: what a server-made file for
 * people (an export) calls a field or a value. English stands in for a missing Russian string; a
 * key no namespace knows is null, so the caller picks its own fallback (the field's name).
 */
export class ServerTranslations {
  private readonly namespaces: NamespaceBundles;

  constructor(plugins: NamespaceBundles = {}) {
    this.namespaces = { ...plugins, ...CORE_NAMESPACE };
  }

  text(key: string, language: Language, params: Readonly<Record<string, string>> = {}): string | null {
    const colon = key.indexOf(':');
    if (colon < 0) return null;
    const bundles = this.namespaces[key.slice(0, colon)];
    const path = key.slice(colon + 1);
    const template = lookup(bundles?.[language], path) ?? lookup(bundles?.en, path);
    return template === null ? null : template.replace(PLACEHOLDER, (whole, name: string) => params[name] ?? whole);
  }
}
