import type { ServerPlugin } from '@core/server/plugin';
import { graphPluginOf, resolveServiceGraph, ServiceGraphError, type ServiceGraph } from '@core/server/services';
import { sdkRangeProblem } from '@core/sdk/compatibility';
import { enabledManifestsProblems, manifestProblems } from '@core/shared/manifest';
import { ConfigError } from './config';

/**
 * The enabled plugins in start-up order: each after the plugins it requires (manifest dependencies,
 * required services, extension points it fills), and after its optional ones unless that closes a
 * cycle. An unknown id, a dependency that is not enabled, a plugin written for another SDK, a
 * missing or doubled provider or a cycle of required dependencies is a configuration error: the
 * server must not start half-wired.
 */
export function selectPlugins(available: readonly ServerPlugin[], enabled: readonly string[]): ServerPlugin[] {
  const byId = new Map(available.map((plugin) => [plugin.manifest.id, plugin]));
  const chosen: ServerPlugin[] = [];
  for (const id of new Set(enabled)) {
    const plugin = byId.get(id);
    if (!plugin)
      throw new ConfigError(
        `unknown plugin "${id}" in configuration (available: ${[...byId.keys()].join(', ') || 'none'})`,
      );
    const sdkProblem = sdkRangeProblem(plugin.manifest);
    if (sdkProblem) throw new ConfigError(sdkProblem);
    const problems = manifestProblems(plugin.manifest);
    if (problems.length > 0) throw new ConfigError(`plugin "${id}" has a faulty manifest: ${problems.join('; ')}`);
    const missing = plugin.manifest.dependencies.find((dependency) => !enabled.includes(dependency));
    if (missing !== undefined) throw new ConfigError(`plugin "${id}" needs plugin "${missing}", which is not enabled`);
    chosen.push(plugin);
  }
  const ordered = resolvedGraph(chosen).order.map((id) => byId.get(id)!);
  const together = enabledManifestsProblems(ordered.map((plugin) => plugin.manifest));
  if (together.length > 0) throw new ConfigError(`the enabled plugins do not fit together: ${together.join('; ')}`);
  return ordered;
}

/** The plugins' services resolved; a refusal is a configuration error (one line naming the plugins). */
export function resolvedGraph(plugins: readonly ServerPlugin[]): ServiceGraph {
  try {
    return resolveServiceGraph(plugins.map(graphPluginOf));
  } catch (error) {
    if (error instanceof ServiceGraphError) throw new ConfigError(error.message);
    throw error;
  }
}
