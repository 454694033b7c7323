import type { ServerPlugin } from '@core/server/plugin';
import { sdkRangeProblem } from '@core/sdk/compatibility';
import { enabledManifestsProblems, manifestProblems } from '@core/shared/manifest';
import { ConfigError } from './config';

/**
 * The enabled plugins in dependency order (enabled optional dependencies included). An unknown id, a dependency that is not enabled or a
 * plugin written for another SDK is a configuration error: the server must not start half-wired.
 */
export function selectPlugins(available: readonly ServerPlugin[], enabled: readonly string[]): ServerPlugin[] {
  const byId = new Map(available.map((plugin) => [plugin.manifest.id, plugin]));
  for (const id of enabled) {
    if (!byId.has(id)) {
      throw new ConfigError(`unknown plugin "${id}" in configuration (available: ${[...byId.keys()].join(', ') || 'none'})`);
    }
  }
  const enabledSet = new Set(enabled);
  const ordered: ServerPlugin[] = [];
  const visiting = new Set<string>();
  const visit = (id: string): void => {
    const plugin = byId.get(id);
    if (!plugin || ordered.includes(plugin)) return;
    if (visiting.has(id)) throw new ConfigError(`plugin "${id}" is part of a dependency cycle`);
    const sdkProblem = sdkRangeProblem(plugin.manifest);
    if (sdkProblem) throw new ConfigError(sdkProblem);
    const problems = manifestProblems(plugin.manifest);
    if (problems.length > 0) throw new ConfigError(`plugin "${id}" has a faulty manifest: ${problems.join('; ')}`);
    visiting.add(id);
    for (const dependency of plugin.manifest.dependencies) {
      if (!enabledSet.has(dependency)) {
        throw new ConfigError(`plugin "${id}" needs plugin "${dependency}", which is not enabled`);
      }
      visit(dependency);
    }
    // An optional dependency that runs starts first, so its tables exist before references into them.
    for (const dependency of plugin.manifest.optionalDependencies ?? []) if (enabledSet.has(dependency)) visit(dependency);
    visiting.delete(id);
    ordered.push(plugin);
  };
  enabled.forEach(visit);
  const together = enabledManifestsProblems(ordered.map((plugin) => plugin.manifest));
  if (together.length > 0) throw new ConfigError(`the enabled plugins do not fit together: ${together.join('; ')}`);
  return ordered;
}
