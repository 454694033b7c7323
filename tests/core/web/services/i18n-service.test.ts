import { describe, expect, it, vi } from 'vitest';
import { reaction } from 'mobx';
import type { Language } from '@core/shared/runtime-config';
import {
  TranslationContributionToken,
  type TranslationBundle,
  type TranslationContribution,
} from '@core/web/kernel/contributions';
import { createTestKernel, type TestKernel } from '../../../support/web/test-kernel';
import { testPlugin } from '../../../support/web/test-plugin';

/** Binds a translation contribution whose loader is a spy. */
function contribute(kernel: TestKernel, namespace: string, bundles: Record<Language, TranslationBundle>) {
  const load = vi.fn<TranslationContribution['load']>(async (language) => bundles[language]);
  kernel.container.bind(TranslationContributionToken).toConstantValue({ namespace, load });
  return load;
}

const DEMO: Record<Language, TranslationBundle> = {
  en: { greeting: 'Hello', onlyEnglish: 'Only in English', nested: { deep: 'Deep' } },
  ru: { greeting: 'Привет', nested: { deep: 'Глубоко' } },
};

describe('I18nService language', () => {
  it('starts in the language stored under "language"', async () => {
    const kernel = await createTestKernel({ language: 'ru' });
    expect(kernel.i18n.language).toBe('ru');
    expect(kernel.i18n.i18n.language).toBe('ru');
    expect(kernel.i18n.t('core:toast.success')).toBe('Успешно');
    expect(document.documentElement.lang).toBe('ru');
  });

  it('starts in the configured default without a stored language', async () => {
    const kernel = await createTestKernel({ config: { defaultLanguage: 'ru' } });
    expect(kernel.i18n.language).toBe('ru');
    expect(kernel.i18n.t('core:toast.success')).toBe('Успешно');
  });

  it.each(['de', 'RU', 'en-US', ''])(
    'ignores the invalid stored language %j for the configured default',
    async (stored) => {
      const russian = await createTestKernel({ storage: { language: stored }, config: { defaultLanguage: 'ru' } });
      expect(russian.i18n.language).toBe('ru');
      const english = await createTestKernel({ storage: { language: stored }, config: { defaultLanguage: 'en' } });
      expect(english.i18n.language).toBe('en');
      expect(english.i18n.t('core:toast.success')).toBe('Success');
    },
  );

  it('setLanguage changes t() and persists the choice', async () => {
    const kernel = await createTestKernel();
    expect(kernel.i18n.t('core:toast.success')).toBe('Success');
    await kernel.i18n.setLanguage('ru');
    expect(kernel.i18n.t('core:toast.success')).toBe('Успешно');
    expect(kernel.i18n.t('toast.success')).toBe('Успешно');
    expect(kernel.storage.getItem('language')).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    await kernel.i18n.setLanguage('en');
    expect(kernel.i18n.t('core:toast.success')).toBe('Success');
    expect(kernel.storage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('a persisted choice is the language of the next start', async () => {
    const first = await createTestKernel();
    await first.i18n.setLanguage('ru');
    const next = await createTestKernel({ storage: first.storage.snapshot() });
    expect(next.i18n.language).toBe('ru');
  });

  it('language is observable', async () => {
    const kernel = await createTestKernel();
    const seen: Language[] = [];
    const stop = reaction(
      () => kernel.i18n.language,
      (language) => seen.push(language),
    );
    await kernel.i18n.setLanguage('ru');
    stop();
    expect(seen).toEqual(['ru']);
  });

  it('interpolates values without escaping them', async () => {
    const kernel = await createTestKernel();
    expect(kernel.i18n.t('core:errors.pluginFailed', { plugin: '<Wallets>' })).toBe(
      'The <Wallets> module failed to load.',
    );
  });
});

describe('I18nService plugin namespaces', () => {
  it('loads a contributed namespace only when asked', async () => {
    const kernel = await createTestKernel();
    const load = contribute(kernel, 'demo', DEMO);
    const other = contribute(kernel, 'other', DEMO);
    expect(load).not.toHaveBeenCalled();
    expect(kernel.i18n.t('demo:greeting')).toBe('greeting');

    await kernel.i18n.loadNamespaces(['demo']);
    expect(kernel.i18n.t('demo:greeting')).toBe('Hello');
    expect(kernel.i18n.t('demo:nested.deep')).toBe('Deep');
    expect(load.mock.calls).toEqual([['en']]);
    expect(other).not.toHaveBeenCalled();
  });

  it('loads a namespace once per language', async () => {
    const kernel = await createTestKernel();
    const load = contribute(kernel, 'demo', DEMO);
    await kernel.i18n.loadNamespaces(['demo']);
    await kernel.i18n.loadNamespaces(['demo']);
    await Promise.all([kernel.i18n.loadNamespaces(['demo']), kernel.i18n.loadNamespaces(['demo'])]);
    expect(load.mock.calls).toEqual([['en']]);

    await kernel.i18n.setLanguage('ru');
    expect(kernel.i18n.t('demo:greeting')).toBe('Привет');
    await kernel.i18n.loadNamespaces(['demo']);
    await kernel.i18n.setLanguage('en');
    await kernel.i18n.setLanguage('ru');
    expect(load.mock.calls.map(([language]) => language).sort()).toEqual(['en', 'ru']);
  });

  it('falls back to English for a key the Russian bundle lacks', async () => {
    const kernel = await createTestKernel({ language: 'ru' });
    contribute(kernel, 'demo', DEMO);
    await kernel.i18n.loadNamespaces(['demo']);
    expect(kernel.i18n.t('demo:greeting')).toBe('Привет');
    expect(kernel.i18n.t('demo:onlyEnglish')).toBe('Only in English');
  });

  it('loads an enabled plugin namespace from the plugin translations, on demand', async () => {
    const wallets = testPlugin({ id: 'wallets', bundles: { en: { title: 'Wallets' }, ru: { title: 'Кошельки' } } });
    const kernel = await createTestKernel({ plugins: [wallets] });
    expect(wallets.translations.en).not.toHaveBeenCalled();
    expect(wallets.translations.ru).not.toHaveBeenCalled();
    await kernel.i18n.loadNamespaces(['wallets']);
    expect(kernel.i18n.t('wallets:title')).toBe('Wallets');
    expect(wallets.translations.en).toHaveBeenCalledTimes(1);
    expect(wallets.translations.ru).not.toHaveBeenCalled();
    await kernel.i18n.setLanguage('ru');
    expect(kernel.i18n.t('wallets:title')).toBe('Кошельки');
    expect(wallets.translations.ru).toHaveBeenCalledTimes(1);
    expect(wallets.load).not.toHaveBeenCalled();
  });

  it('leaves a namespace nobody contributes empty', async () => {
    const kernel = await createTestKernel();
    await kernel.i18n.loadNamespaces(['nobody']);
    expect(kernel.i18n.t('nobody:title')).toBe('title');
  });
});

describe('I18nService formatting', () => {
  it('formats numbers in the interface language, and again after a switch', async () => {
    const kernel = await createTestKernel();
    expect(kernel.i18n.formatNumber(1234.5)).toBe('1,234.5');
    expect(kernel.i18n.formatNumber(1234567.891, { maximumFractionDigits: 2 })).toBe('1,234,567.89');
    expect(kernel.i18n.format.date('2026-11-29')).toBe('11/29/26');
    await kernel.i18n.setLanguage('ru');
    expect(kernel.i18n.formatNumber(1234567.891, { maximumFractionDigits: 2 })).toBe('1\u00a0234\u00a0567,89');
    expect(kernel.i18n.format.date('2026-11-29')).toBe('29.11.2026');
    expect(kernel.i18n.format.firstDayOfWeek).toBe(1);
  });
});

describe('the SDK 1.x formatting calls, which name no format', () => {
  it('read in the interface language, as an outside plugin written for 1.x calls them', async () => {
    const { formatDay, formatInstant, formatMoney } = await import('@core/web/resource/format-value');
    const kernel = await createTestKernel();
    expect(formatDay('2026-11-29')).toBe('11/29/26');
    expect(formatMoney({ amount: '12803.04', currency: 'USD' }, 'currency')).toBe('$12,803.04');
    expect(kernel.i18n.formatDate('2026-11-29T12:00:00')).toBe('11/29/26');
    await kernel.i18n.setLanguage('ru');
    expect(formatDay('2026-11-29')).toBe('29.11.2026');
    expect(formatMoney({ amount: '12803.04', currency: 'USD' })).toBe('12\u00a0803,04\u00a0$');
    expect(formatInstant('2026-11-29T12:00:00')).toBe('29.11.2026, 12:00');
    await kernel.i18n.setLanguage('en');
  });
});
