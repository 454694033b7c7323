import { inject, injectable, preDestroy } from 'inversify';
import { actionBound, action, autorun, computed, makeObservable, observable, type IReactionDisposer } from 'mobx';
import type { Theme } from '@fluentui/react-components';
import { BrowserStorage } from '../kernel/environment';
import { ColorSchemeQueryToken } from '../theme/color-scheme-query';
import type { PrimaryColorId } from '../theme/palette';
import {
  applyToDocument,
  fluentThemeFor,
  storedThemeChoices,
  systemSchemeOf,
  type ColorScheme,
  type ColorSchemePreference,
  type Direction,
  type Layout,
} from '../theme/theme-choices';
import { STORAGE_KEYS } from './storage-keys';

export {
  DIRECTIONS,
  LAYOUTS,
  type ColorScheme,
  type ColorSchemePreference,
  type Direction,
  type Layout,
} from '../theme/theme-choices';

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
    const stored = storedThemeChoices(storage);
    this.preference = stored.preference;
    this.primaryColor = stored.primaryColor;
    this.layout = stored.layout;
    this.dir = stored.dir;
    makeObservable<ThemeService, 'systemScheme' | 'storage' | 'query' | 'stopSyncingDocument' | 'followSystem'>(this, {
      preference: observable,
      primaryColor: observable,
      layout: observable,
      dir: observable,
      systemScheme: observable,
      storage: false,
      query: false,
      stopSyncingDocument: false,
      scheme: computed,
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
    this.stopSyncingDocument = autorun(() => applyToDocument(this.scheme, this.dir));
  }

  /** The scheme in effect. */
  get scheme(): ColorScheme {
    return this.preference === 'auto' ? this.systemScheme : this.preference;
  }

  get fluentTheme(): Theme {
    return fluentThemeFor(this.scheme, this.primaryColor);
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
