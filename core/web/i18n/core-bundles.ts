import type { Language } from '@core/shared/runtime-config';
import type { TranslationBundle } from '../kernel/contributions';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import ruAuth from './ru/auth.json';
import ruCommon from './ru/common.json';

/**
 * The part of the kernel's `core` namespace every page of the app needs, the sign-in pages
 * included, in both languages: it comes with the app chunk. The bare sign-in screen shown before
 * it loads the same files, one language at a time (login-strings.ts). What only signed-in pages
 * need arrives with the shell chunk (signed-in-strings.ts). One file per area; their top-level keys
 * never overlap.
 */
export const CORE_BUNDLES: Readonly<Record<Language, TranslationBundle>> = {
  en: { ...enCommon, ...enAuth },
  ru: { ...ruCommon, ...ruAuth },
};
