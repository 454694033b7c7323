import type { ComponentType } from 'react';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import type { RouteContribution } from '../kernel/contributions';
import { ResourcePage } from './ResourcePage';
import type { ResourceScreenOptions } from './types';

/**
 * A ready list screen for a resource, as a route contribution. In a plugin's module:
 *
 * ```ts
 * bind(RouteContributionToken).toConstantValue(resourceRoute(walletsResource));
 * ```
 *
 * The path defaults to `/<definition.path>` and must be one of the manifest's pages. Tailor the
 * screen with `options`: `cells` (a renderer per column), `form` (your own add/edit dialog),
 * `rowActions` (further row-menu entries run in code), `path`.
 */
export function resourceRoute(definition: ResourceDefinition, options: ResourceScreenOptions = {}): RouteContribution {
  function GeneratedResourcePage() {
    return <ResourcePage definition={definition} options={options} />;
  }
  GeneratedResourcePage.displayName = `ResourcePage(${definition.id})`;
  const component: ComponentType = GeneratedResourcePage;
  return { path: options.path ?? `/${definition.path}`, component, options };
}
