import type { Language } from '@core/shared/runtime-config';
import type { TranslationBundle } from '../kernel/contributions';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enShell from './en/shell.json';
import ruAuth from './ru/auth.json';
import ruCommon from './ru/common.json';
import ruShell from './ru/shell.json';

/**
 * The kernel's own `core` namespace, kept in one file per area (common, sign-in, shell) so each
 * area's strings live beside each other; their top-level keys never overlap.
 */
export const CORE_BUNDLES: Readonly<Record<Language, TranslationBundle>> = {
  en: { ...enCommon, ...enAuth, ...enShell },
  ru: { ...ruCommon, ...ruAuth, ...ruShell },
};
