import { inject, injectable, preDestroy } from 'inversify';
import { actionBound, action, autorun, computed, makeObservable, observable, type IReactionDisposer } from 'mobx';
import { createDarkTheme, createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';
import { BrowserStorage } from '../kernel/environment';
import { brandRamp } from '../theme/brand-ramp';
import { ColorSchemeQueryToken } from '../theme/color-scheme-query';
import { presetOrDefault, type PrimaryColorId } from '../theme/palette';
import { STORAGE_KEYS } from './storage-keys';

export const COLOR_SCHEMES = ['light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
/** 'auto' follows the system's `prefers-color-scheme`. */
export type ColorSchemePreference = 'auto' | ColorScheme;

export const LAYOUTS = ['vertical', 'horizontal', 'two-column', 'hovered'] as const;
export type Layout = (typeof LAYOUTS)[number];

export const DIRECTIONS = ['ltr', 'rtl'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** Stored values can be stale or hand-edited, so anything outside `choices` means the default. */
function readChoice<T extends string>(storage: Storage, key: string, choices: readonly T[], fallback: T): T {
  const stored = storage.getItem(key);
  return choices.find((choice) => choice === stored) ?? fallback;
}

function systemSchemeOf(query: MediaQueryList): ColorScheme {
  return query.matches ? 'dark' : 'light';
}

/**
 * Colour scheme, primary colour, layout and text direction, mirrored in local storage and
 * on the document element, plus the Fluent theme they produce.
 */
@injectable()
export class ThemeService {
  preference: ColorSchemePreference;
  primaryColor: PrimaryColorId;
  layout: Layout;
  dir: Direction;
  private systemScheme: ColorScheme;
  private readonly storage: Storage;
  private readonly query: MediaQueryList;
  private readonly stopSyncingDocument: IReactionDisposer;

  constructor(@inject(BrowserStorage) storage: Storage, @inject(ColorSchemeQueryToken) query: MediaQueryList) {
    this.storage = storage;
    this.query = query;
    this.systemScheme = systemSchemeOf(query);
    this.preference = readChoice<ColorSchemePreference>(storage, STORAGE_KEYS.colorScheme, COLOR_SCHEMES, 'auto');
    this.primaryColor = presetOrDefault(storage.getItem(STORAGE_KEYS.primaryColor)).id;
    this.layout = readChoice(storage, STORAGE_KEYS.layout, LAYOUTS, 'vertical');
    this.dir = readChoice(storage, STORAGE_KEYS.dir, DIRECTIONS, 'ltr');
    makeObservable<ThemeService, 'systemScheme' | 'storage' | 'query' | 'stopSyncingDocument' | 'brand' | 'followSystem'>(this, {
      preference: observable,
      primaryColor: observable,
      layout: observable,
      dir: observable,
      systemScheme: observable,
      storage: false,
      query: false,
      stopSyncingDocument: false,
      scheme: computed,
      brand: computed,
      fluentTheme: computed,
      setScheme: action,
      toggle: action,
      setPrimaryColor: action,
      setLayout: action,
      setDir: action,
      followSystem: actionBound,
    });
    query.addEventListener('change', this.followSystem);
    // One place writes the document, so system changes reach it exactly as user choices do.
    this.stopSyncingDocument = autorun(() => {
      const root = document.documentElement;
      root.dataset.theme = this.scheme;
      root.style.colorScheme = this.scheme;
      root.dir = this.dir;
    });
  }

  /** The scheme in effect. */
  get scheme(): ColorScheme {
    return this.preference === 'auto' ? this.systemScheme : this.preference;
  }

  private get brand(): BrandVariants {
    return brandRamp(presetOrDefault(this.primaryColor).rgb);
  }

  get fluentTheme(): Theme {
    if (this.scheme === 'light') return createLightTheme(this.brand);
    // Fluent's dark theme writes brand text in shades 100/110, too dark for mid-tone brand
    // colours on its grey background; one step lighter keeps it readable.
    return {
      ...createDarkTheme(this.brand),
      colorBrandForeground1: this.brand[110],
      colorBrandForeground2: this.brand[120],
    };
  }

  /** Choosing what the system already shows returns to following the system. */
  setScheme(scheme: ColorScheme): void {
    if (scheme === this.systemScheme) {
      this.preference = 'auto';
      this.storage.removeItem(STORAGE_KEYS.colorScheme);
    } else {
      this.preference = scheme;
      this.storage.setItem(STORAGE_KEYS.colorScheme, scheme);
    }
  }

  toggle(): void {
    this.setScheme(this.scheme === 'dark' ? 'light' : 'dark');
  }

  setPrimaryColor(id: PrimaryColorId): void {
    this.primaryColor = id;
    this.storage.setItem(STORAGE_KEYS.primaryColor, id);
  }

  setLayout(layout: Layout): void {
    this.layout = layout;
    this.storage.setItem(STORAGE_KEYS.layout, layout);
  }

  setDir(dir: Direction): void {
    this.dir = dir;
    this.storage.setItem(STORAGE_KEYS.dir, dir);
  }

  /** Stops listening to the system and writing the document, e.g. when the container unbinds the service. */
  @preDestroy()
  dispose(): void {
    this.query.removeEventListener('change', this.followSystem);
    this.stopSyncingDocument();
  }

  private followSystem(): void {
    this.systemScheme = systemSchemeOf(this.query);
  }
}
