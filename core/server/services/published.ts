import type { PluginInventoryItem } from '@core/shared/plugin-inventory';
import type { PluginServicesSummary } from '@core/shared/plugin-services';
import type { PluginInventory, ServerPlugin } from '../plugin';
import type { GraphPlugin, ResolvedPlugin, ServiceGraph } from './service-graph';

/** A server plugin as the resolver reads it. */
export function graphPluginOf(plugin: ServerPlugin): GraphPlugin {
  const { manifest } = plugin;
  return {
    id: manifest.id,
    dependencies: manifest.dependencies,
    optionalDependencies: manifest.optionalDependencies ?? [],
    services: plugin.services,
  };
}

function summaryOf(plugin: ResolvedPlugin): PluginServicesSummary {
  return {
    provides: plugin.provides,
    offers: plugin.offers,
    requires: plugin.requires,
    uses: plugin.uses,
    extends: plugin.extends,
  };
}

/** Each running plugin's services by id, for /config.json. */
export function publishedServices(
  graph: ServiceGraph,
  running: (id: string) => boolean,
): Record<string, PluginServicesSummary> {
  return Object.fromEntries(
    graph.plugins.filter((plugin) => running(plugin.id)).map((plugin) => [plugin.id, summaryOf(plugin)]),
  );
}

/** The inventory with each running plugin's services, for the Plugins screen. */
export function inventoryWithServices(inventory: PluginInventory, graph: ServiceGraph): PluginInventory {
  const byId = new Map(graph.plugins.map((plugin) => [plugin.id, summaryOf(plugin)]));
  return {
    list: (): PluginInventoryItem[] =>
      inventory.list().map((item) => {
        const services = item.state === 'running' ? byId.get(item.id) : undefined;
        return services ? { ...item, services } : item;
      }),
  };
}
