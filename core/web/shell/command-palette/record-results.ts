import type { PluginManifest } from '@core/shared/manifest';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import { fieldNamed } from '@core/shared/resource/definition';
import { resourceOwner, type SearchAnswer } from '@core/shared/resource/record-page';

/** One record Ctrl+K found, ready to show and open. */
export interface PaletteRecord {
  /** Unique among the results; also the base of the option's DOM id. */
  readonly key: string;
  readonly label: string;
  /** The searchable field the text was found in, with its value ("Hash: 9f2c…"), when not the label. */
  readonly detail: string | null;
  /** The record page. */
  readonly path: string;
}

/** A resource's records, titled as the user knows it: the resource's title and its area (the plugin). */
export interface PaletteRecordGroup {
  readonly resource: string;
  readonly title: string;
  readonly area: string | null;
  readonly records: readonly PaletteRecord[];
}

/** What naming and opening a hit needs: translations, the readable definitions, the manifests, record addresses. */
export interface RecordResultsContext {
  readonly t: (key: string, options?: { defaultValue: string }) => string;
  readonly definition: (resourceId: string) => ResourceDefinition | undefined;
  readonly manifests: readonly Pick<PluginManifest, 'id' | 'titleKey'>[];
  readonly recordPath: (resourceId: string, id: number) => string | null;
}

/**
 * The search API's answer as the palette lists it, in the server's order. A hit with no record
 * page to open is left out (a link must lead somewhere), and so is a group left with none.
 */
export function recordResults(answer: SearchAnswer, context: RecordResultsContext): PaletteRecordGroup[] {
  const groups: PaletteRecordGroup[] = [];
  for (const group of answer.groups) {
    const definition = context.definition(group.resource);
    const records: PaletteRecord[] = [];
    for (const hit of group.hits) {
      const path = context.recordPath(group.resource, hit.id);
      if (path === null) continue;
      const field = hit.matched && definition ? fieldNamed(definition, hit.matched.field) : undefined;
      const detail = hit.matched
        ? field
          ? `${context.t(field.labelKey)}: ${hit.matched.value}`
          : hit.matched.value
        : null;
      records.push({ key: `${group.resource}.${hit.id}`, label: hit.label, detail, path });
    }
    if (records.length === 0) continue;
    const manifest = context.manifests.find((candidate) => candidate.id === resourceOwner(group.resource));
    groups.push({
      resource: group.resource,
      title: definition ? context.t(definition.titleKey, { defaultValue: group.resource }) : group.resource,
      area: manifest ? context.t(manifest.titleKey, { defaultValue: manifest.id }) : null,
      records,
    });
  }
  return groups;
}

/** The resources the server's time budget did not reach, by their titles (ids when unknown). */
export function unreachedTitles(
  answer: SearchAnswer,
  context: Pick<RecordResultsContext, 't' | 'definition'>,
): string[] {
  return answer.unreached.map((resource) => {
    const definition = context.definition(resource);
    return definition ? context.t(definition.titleKey, { defaultValue: resource }) : resource;
  });
}
