import type { PluginManifest } from '@core/shared/manifest';
import type { Language } from '@core/shared/runtime-config';
import type { TranslationBundle } from '../kernel/contributions';

/**
 * The names of the menu groups plugins declare, as `core` strings (`groups.<id>`) beside the known
 * groups' names: the sidebar, the palette, the dashboard and the profile translate every group alike.
 */
export function menuGroupStrings(manifests: readonly PluginManifest[], language: Language): TranslationBundle {
  const groups = manifests.flatMap((manifest) =>
    (manifest.menuGroups ?? []).map((group) => [group.id, group.label[language]] as const),
  );
  return groups.length === 0 ? {} : { groups: Object.fromEntries(groups) };
}
