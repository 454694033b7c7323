import { createDarkTheme, createLightTheme, type Theme } from '@fluentui/react-components';
import { STORAGE_KEYS } from '../services/storage-keys';
import { brandRamp } from './brand-ramp';
import { presetOrDefault, type PrimaryColorId } from './palette';

/**
 * The user's look (scheme, primary colour, layout, direction) as stored, and the Fluent theme it
 * gives. Plain functions with no kernel behind them: the sign-in screen, shown before the kernel
 * is loaded, dresses itself with them, and ThemeService keeps them observable afterwards.
 */

export const COLOR_SCHEMES = ['light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
/** 'auto' follows the system's `prefers-color-scheme`. */
export type ColorSchemePreference = 'auto' | ColorScheme;

export const LAYOUTS = ['vertical', 'horizontal', 'two-column', 'hovered'] as const;
export type Layout = (typeof LAYOUTS)[number];

export const DIRECTIONS = ['ltr', 'rtl'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export interface ThemeChoices {
  readonly preference: ColorSchemePreference;
  readonly primaryColor: PrimaryColorId;
  readonly layout: Layout;
  readonly dir: Direction;
}

/** Stored values can be stale or hand-edited, so anything outside `choices` means the default. */
function readChoice<T extends string>(storage: Storage, key: string, choices: readonly T[], fallback: T): T {
  const stored = storage.getItem(key);
  return choices.find((choice) => choice === stored) ?? fallback;
}

export function storedThemeChoices(storage: Storage): ThemeChoices {
  return {
    preference: readChoice<ColorSchemePreference>(storage, STORAGE_KEYS.colorScheme, COLOR_SCHEMES, 'auto'),
    primaryColor: presetOrDefault(storage.getItem(STORAGE_KEYS.primaryColor)).id,
    layout: readChoice(storage, STORAGE_KEYS.layout, LAYOUTS, 'vertical'),
    dir: readChoice(storage, STORAGE_KEYS.dir, DIRECTIONS, 'ltr'),
  };
}

export function systemSchemeOf(query: MediaQueryList): ColorScheme {
  return query.matches ? 'dark' : 'light';
}

export function schemeInEffect(preference: ColorSchemePreference, query: MediaQueryList): ColorScheme {
  return preference === 'auto' ? systemSchemeOf(query) : preference;
}

export function fluentThemeFor(scheme: ColorScheme, primaryColor: PrimaryColorId): Theme {
  const brand = brandRamp(presetOrDefault(primaryColor).rgb);
  if (scheme === 'light') return createLightTheme(brand);
  // Fluent's dark theme writes brand text in shades 100/110, too dark for mid-tone brand
  // colours on its grey background; one step lighter keeps it readable.
  return { ...createDarkTheme(brand), colorBrandForeground1: brand[110], colorBrandForeground2: brand[120] };
}

/** The document's own attributes: global.css and the browser's form controls follow them. */
export function applyToDocument(scheme: ColorScheme, dir: Direction): void {
  const root = document.documentElement;
  root.dataset.theme = scheme;
  root.style.colorScheme = scheme;
  root.dir = dir;
}
