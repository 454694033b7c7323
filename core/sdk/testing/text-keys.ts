import type { PluginManifest } from '@core/shared/manifest';
import type { ResourceDefinition } from '@core/shared/resource/definition';

/**
 * Every i18n key a plugin's manifest and resource definitions name: titles, records, field labels,
 * hints and pattern messages, enum value labels, row and toolbar actions with their questions.
 */
export function declaredTextKeys(manifest: PluginManifest, resources: readonly ResourceDefinition[]): string[] {
  const keys = [manifest.titleKey, ...manifest.pages.map((page) => page.titleKey)];
  for (const resource of resources) {
    keys.push(resource.titleKey, resource.recordKey);
    for (const field of resource.fields) {
      keys.push(field.labelKey);
      if (field.hintKey) keys.push(field.hintKey);
      if (field.emptyLabelKey) keys.push(field.emptyLabelKey);
      if ('patternMessageKey' in field && field.patternMessageKey) keys.push(field.patternMessageKey);
      if (field.kind === 'enum') {
        const prefix = field.valueLabelPrefix ?? `${field.labelKey}Values`;
        keys.push(...field.values.map((value) => `${prefix}.${value}`));
      }
    }
    for (const action of [...(resource.rowActions ?? []), ...(resource.toolbarActions ?? [])]) {
      keys.push(action.labelKey);
      if (action.confirmKey) keys.push(action.confirmKey);
    }
  }
  return [...new Set(keys)];
}

/** The dotted `path` in a translation bundle (`nav.bots`), or undefined. */
export function textAt(bundle: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (at, part) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined),
      bundle,
    );
}

/** The keys (`namespace:path`) that `bundle`, the texts of `namespace`, has no text for; keys of another namespace count as missing. */
export function missingTexts(bundle: unknown, namespace: string, keys: readonly string[]): string[] {
  return keys.filter((key) => {
    const [keyNamespace, path = ''] = key.split(':');
    return keyNamespace !== namespace || typeof textAt(bundle, path) !== 'string';
  });
}
