import type { FastifyInstance } from 'fastify';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import type { Database } from '../database/database';
import { ServerTranslations } from '../i18n/translations';
import type { ServerPlugin } from '../plugin';
import { assertResources, ResourceDefinitionError } from './definitions';
import { derivedProblems } from './derived';
import { NO_HOOKS, registerHooks, type ResourceHooks } from './hooks';
import { readRoutes } from './read-routes';
import { referenceRoutes } from './reference-routes';
import { writeRoutes } from './write-routes';

type PluginResources = Pick<ServerPlugin, 'manifest' | 'resources' | 'resourceHooks'>;

/**
 * Every resource the enabled plugins declare, checked: a definition with problems, one whose
 * service is not its plugin's (it would be mounted where nobody looks), or hooks for a resource
 * the plugin does not declare, stop start-up.
 */
export function enabledResources(plugins: readonly PluginResources[]): ResourceDefinition[] {
  const problems = plugins.flatMap((plugin) => {
    const own = plugin.resources ?? [];
    return [
      ...own
        .filter((definition) => definition.service !== plugin.manifest.service)
        .map(
          (definition) =>
            `${definition.id}: service "${definition.service}" is not plugin ${plugin.manifest.id}'s service "${plugin.manifest.service}"`,
        ),
      ...Object.keys(plugin.resourceHooks ?? {})
        .filter((id) => !own.some((definition) => definition.id === id))
        .map((id) => `plugin ${plugin.manifest.id} has hooks for "${id}", which is not one of its resources`),
    ];
  });
  if (problems.length > 0) throw new ResourceDefinitionError(problems);
  const all = plugins.flatMap((plugin) => plugin.resources ?? []);
  assertResources(all);
  return all;
}

export interface ResourceMount {
  readonly db: Database;
  /** The resources to mount in this scope (one plugin's). */
  readonly definitions: readonly ResourceDefinition[];
  /** Their hooks, by resource id. */
  readonly hooks?: Readonly<Record<string, ResourceHooks>>;
  /** Every mounted resource, whatever plugin: who points at whom decides who may read references. */
  readonly mounted: readonly ResourceDefinition[];
  /** The app's strings (exports' titles and labels); the kernel's own when not given. */
  readonly translations?: ServerTranslations;
}

/**
 * Mounts the REST routes of each definition in `scope` (already prefixed with the service). Call
 * it after the plugin's own routes: a route the plugin declared itself is left to the plugin.
 */
export function mountResources(scope: FastifyInstance, mount: ResourceMount): void {
  const translations = mount.translations ?? new ServerTranslations();
  // Derived fields are known only with the hooks, so they are checked here rather than with the definitions.
  const problems = mount.definitions.flatMap((definition) =>
    derivedProblems(definition, mount.hooks?.[definition.id]?.derived ?? {}),
  );
  if (problems.length > 0) throw new ResourceDefinitionError(problems);
  for (const definition of mount.definitions) {
    const hooks = mount.hooks?.[definition.id] ?? NO_HOOKS;
    registerHooks(definition, hooks);
    const context = { db: mount.db, definition, hooks, mounted: mount.mounted, translations };
    readRoutes(scope, context);
    if (!definition.readOnly) writeRoutes(scope, context);
    referenceRoutes(scope, context);
  }
}
