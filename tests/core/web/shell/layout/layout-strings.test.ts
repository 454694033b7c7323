import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { CORE_BUNDLES } from '@core/web/i18n/core-bundles';
import { LAYOUTS } from '@core/web/services/theme-service';
import en from '@core/web/i18n/en/layout.json';
import ru from '@core/web/i18n/ru/layout.json';
import { addSignedInStrings } from '@core/web/i18n/signed-in-strings';
import { PALETTE } from '@core/web/theme/palette';

function leaves(bundle: unknown, prefix = ''): string[] {
  if (typeof bundle !== 'object' || bundle === null) return [prefix];
  return Object.entries(bundle).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

function emptyLeaves(bundle: unknown, prefix = ''): string[] {
  if (typeof bundle === 'string') return bundle.trim() === '' ? [prefix] : [];
  if (typeof bundle !== 'object' || bundle === null) return [prefix];
  return Object.entries(bundle).flatMap(([key, value]) => emptyLeaves(value, prefix ? `${prefix}.${key}` : key));
}

async function merged(language: 'en' | 'ru') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { en: { core: CORE_BUNDLES.en }, ru: { core: CORE_BUNDLES.ru } },
    defaultNS: 'core',
  });
  addSignedInStrings(i18n);
  return i18n;
}

/** Every `t('…')` key written literally in the shell's source. */
function literalKeys(): string[] {
  const root = resolve(import.meta.dirname, '../../../../../core/web/shell');
  const files = (readdirSync(root, { recursive: true }) as string[]).filter(
    (file) => /\.tsx?$/.test(file) && !file.startsWith('command-palette'),
  );
  const keys = files.flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/\bt\('([a-zA-Z.]+)'/g)].map((match) => match[1] ?? ''),
  );
  return [...new Set(keys)];
}

describe('the layout strings', () => {
  it('have the same keys in English and Russian, none empty', () => {
    expect(leaves(ru).sort()).toEqual(leaves(en).sort());
    expect([...emptyLeaves(en), ...emptyLeaves(ru)]).toEqual([]);
  });

  it('only add to the core bundles, never replace one of their texts', () => {
    const core = new Set(leaves(CORE_BUNDLES.en));
    expect(leaves(en).filter((key) => core.has(key))).toEqual([]);
  });

  it.each(['en', 'ru'] as const)('cover every key the shell uses (%s)', async (language) => {
    const i18n = await merged(language);
    const dynamic = [
      ...LAYOUTS.map((layout) => `shell.layouts.${layout}`),
      ...PALETTE.map(({ id }) => `shell.colors.${id}`),
      ...['ltr', 'rtl'].map((dir) => `shell.customizer.${dir}`),
      ...['myProfile', 'messages', 'settings'].map((id) => `shell.profile.${id}`),
      ...['palette', 'next', 'previous', 'activate', 'arrows', 'close'].map((id) => `shell.help.keys.${id}`),
    ];
    const missing = [...literalKeys(), ...dynamic].filter(
      (key) => !i18n.exists(key, { lng: language, fallbackLng: false }),
    );
    expect(missing).toEqual([]);
  });
});
