import i18next, { type BackendModule, type i18n as I18nInstance, type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { inject, injectable, named } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { LANGUAGES, type Language, type RuntimeConfig } from '@core/shared/runtime-config';
import { localeFormat, type LocaleFormat, type NumberDigits } from '@core/shared/format/locale-format';
import { BrowserStorage, RuntimeConfigToken } from '../kernel/environment';
import { ContributionProvider, contributionPoint } from '../kernel/contribution-provider';
import { TranslationContributionToken, type TranslationContribution } from '../kernel/contributions';
import { CORE_BUNDLES } from '../i18n/core-bundles';
import { menuGroupStrings } from '../i18n/menu-group-strings';
import type { WebPlugin } from '../plugins/define-plugin';
import { EnabledPlugins } from '../plugins/enabled-plugins';
import { isLanguage, storedLanguage } from '../i18n/language';
import { STORAGE_KEYS } from './storage-keys';

export const CORE_NAMESPACE = 'core';

/** The language the app's interface is in, kept by I18nService for the calls that name no format. */
let interfaceLanguage: Language = 'en';

/**
 * The interface language's forms, for a call that was given none: the SDK 1.x helpers
 * (`formatDay(day)`) kept their one-argument form, and an outside plugin written for it shows the
 * language the user chose rather than English.
 */
export function interfaceFormat(): LocaleFormat {
  return localeFormat(interfaceLanguage);
}

/**
 * i18next behind a service: English default and fallback, Russian; the language is read from
 * local storage at start and persisted on change; plugin namespaces load on first use from the
 * translation contributions.
 */
@injectable()
export class I18nService {
  readonly i18n: I18nInstance;
  language: Language;
  readonly ready: Promise<void>;

  constructor(
    @inject(BrowserStorage) private readonly storage: Storage,
    @inject(RuntimeConfigToken) config: RuntimeConfig,
    @inject(ContributionProvider)
    @named(contributionPoint(TranslationContributionToken))
    private readonly translations: ContributionProvider<TranslationContribution>,
    @inject(EnabledPlugins) plugins: readonly WebPlugin[],
  ) {
    const manifests = plugins.map((plugin) => plugin.manifest);
    this.language = storedLanguage(storage) ?? config.defaultLanguage;
    interfaceLanguage = this.language;
    this.i18n = i18next.createInstance();
    this.ready = this.i18n
      .use(this.backend())
      .use(initReactI18next)
      .init({
        lng: this.language,
        fallbackLng: 'en',
        supportedLngs: [...LANGUAGES],
        ns: [CORE_NAMESPACE],
        defaultNS: CORE_NAMESPACE,
        interpolation: { escapeValue: false },
        // Re-render when a plugin's namespace arrives, not only on a language change.
        react: { useSuspense: true, bindI18nStore: 'added' },
        partialBundledLanguages: true,
        resources: {
          en: { [CORE_NAMESPACE]: { ...CORE_BUNDLES.en, ...menuGroupStrings(manifests, 'en') } },
          ru: { [CORE_NAMESPACE]: { ...CORE_BUNDLES.ru, ...menuGroupStrings(manifests, 'ru') } },
        },
      })
      .then(() => undefined);
    makeObservable(this, { language: observable, setLanguage: action });
    this.applyToDocument();
  }

  t(key: string, options?: TOptions): string {
    return this.i18n.t(key, options);
  }

  async setLanguage(language: Language): Promise<void> {
    this.language = language;
    interfaceLanguage = language;
    this.storage.setItem(STORAGE_KEYS.language, language);
    this.applyToDocument();
    await this.i18n.changeLanguage(language);
  }

  /** Loads namespaces (for example every enabled plugin's, before the sidebar renders). */
  async loadNamespaces(namespaces: readonly string[]): Promise<void> {
    await this.ready;
    await this.i18n.loadNamespaces([...namespaces]);
  }

  /**
   * Dates, numbers, money, percents and months in the interface language (instants in the
   * browser's zone). Read while drawing, so an observer draws again when the language changes.
   */
  get format(): LocaleFormat {
    return localeFormat(this.language);
  }

  formatNumber(value: number, digits?: NumberDigits): string {
    return this.format.number(value, digits);
  }

  /**
   * @deprecated since 1.11: `format.date(day)` for a calendar day, `format.dateTime(instant)` for an
   * instant. Kept for plugins written for 1.x; now in the interface language's forms.
   */
  formatDate(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string {
    const date = new Date(value);
    return options ? new Intl.DateTimeFormat(this.format.locale, options).format(date) : this.format.date(date);
  }

  private applyToDocument(): void {
    if (typeof document !== 'undefined') document.documentElement.lang = this.language;
  }

  private backend(): BackendModule {
    const translations = this.translations;
    return {
      type: 'backend',
      init: () => undefined,
      read: (language, namespace, callback) => {
        const contribution = translations.getContributions().find((candidate) => candidate.namespace === namespace);
        if (!contribution || !isLanguage(language)) {
          callback(null, {});
          return;
        }
        contribution.load(language).then(
          (bundle) => callback(null, bundle as Record<string, unknown>),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
        );
      },
    };
  }
}
