import { describe, expect, it } from 'vitest';
import { ServerTranslations } from '@core/server/i18n/translations';
import { AVAILABLE_SERVER_PLUGINS } from '@host/server/plugins';
import type { FieldDefinition } from '@core/shared/resource/field';

/** The keys an export for people reads for a field: its title, and an enum's value labels. */
function keysOf(field: FieldDefinition): string[] {
  if (field.kind !== 'enum') return [field.labelKey];
  return [
    field.labelKey,
    ...field.values.map((value) => `${field.valueLabelPrefix ?? `${field.labelKey}Values`}.${value}`),
  ];
}

describe("the built-in plugins' strings on the server", () => {
  it('title every field of every resource and label every enum value, so no export column or value is raw', () => {
    const translations = new ServerTranslations(
      Object.fromEntries(
        AVAILABLE_SERVER_PLUGINS.map((plugin) => [plugin.manifest.id, plugin.translations ?? { en: {}, ru: {} }]),
      ),
    );
    const missing = AVAILABLE_SERVER_PLUGINS.flatMap((plugin) =>
      (plugin.resources ?? []).flatMap((definition) =>
        definition.fields
          .flatMap(keysOf)
          .filter((key) => translations.text(key, 'ru') === null)
          .map((key) => `${definition.id}: ${key}`),
      ),
    );
    expect(missing).toEqual([]);
  });
});
