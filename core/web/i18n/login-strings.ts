import type { Language } from '@core/shared/runtime-config';
import type { TranslationBundle } from '../kernel/contributions';

/** Looks a `core` key up, e.g. `login.welcome`; an unknown key comes back as itself, as i18next does. */
export type Translate = (key: string) => string;

type BundleLoader = () => Promise<{ readonly default: TranslationBundle }>;

/**
 * The strings the sign-in screen shows, one chunk per language, so the first download carries
 * neither i18next nor the other language: the same files the kernel's `core` namespace is made of
 * (core-bundles.ts), which arrive again, with i18next, in the chunk loaded after sign-in.
 */
const LOGIN_BUNDLES: Readonly<Record<Language, readonly BundleLoader[]>> = {
  en: [
    () => import(/* webpackChunkName: "login-en" */ './en/common.json'),
    () => import(/* webpackChunkName: "login-en" */ './en/auth.json'),
  ],
  ru: [
    () => import(/* webpackChunkName: "login-ru" */ './ru/common.json'),
    () => import(/* webpackChunkName: "login-ru" */ './ru/auth.json'),
  ],
};

function lookUp(bundle: TranslationBundle, key: string): string {
  let value: unknown = bundle;
  for (const part of key.split('.')) {
    value =
      typeof value === 'object' && value !== null ? (value as Readonly<Record<string, unknown>>)[part] : undefined;
  }
  return typeof value === 'string' ? value : key;
}

/** A lookup over plain bundles; the later bundle wins a key both have (their keys never overlap). */
export function translateFrom(bundles: readonly TranslationBundle[]): Translate {
  const merged: TranslationBundle = Object.assign({}, ...bundles);
  return (key) => lookUp(merged, key);
}

export async function loadLoginStrings(language: Language): Promise<Translate> {
  const modules = await Promise.all(LOGIN_BUNDLES[language].map((load) => load()));
  return translateFrom(modules.map((module) => module.default));
}
