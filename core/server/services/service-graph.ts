import type { PluginServicesSummary, TakenService } from '@core/shared/plugin-services';
import type { ServiceDeclarations } from './refs';

/** One enabled plugin as the resolver reads it: its manifest's plugin dependencies and its service declarations. */
export interface GraphPlugin {
  readonly id: string;
  readonly dependencies: readonly string[];
  readonly optionalDependencies?: readonly string[];
  readonly services?: ServiceDeclarations;
}

/** Why the enabled plugins cannot start together, as one line naming the plugins and the service. */
export class ServiceGraphError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServiceGraphError';
  }
}

/** One plugin's place in the graph: what it provides and offers, what it takes and from whom. */
export interface ResolvedPlugin extends PluginServicesSummary {
  readonly id: string;
  /** Plugins its manifest depends on (`dependencies`), and the enabled optional ones. */
  readonly plugins: readonly { readonly id: string; readonly optional: boolean }[];
}

/** The enabled plugins resolved: the start-up order and each plugin's services. */
export interface ServiceGraph {
  /** Plugin ids, each after the plugins it requires (services, extension points, manifest dependencies). */
  readonly order: readonly string[];
  /** In start-up order. */
  readonly plugins: readonly ResolvedPlugin[];
  /** The plugin that provides a service, or undefined. */
  providerOf(serviceId: string): string | undefined;
  /** The plugin that offers an extension point, or undefined. */
  offererOf(pointId: string): string | undefined;
}

interface Edge {
  readonly from: string;
  readonly to: string;
  /** The service or extension point id, or null for a manifest dependency. */
  readonly via: string | null;
  readonly optional: boolean;
}

/** Who provides (or offers) each id; a second one is refused. */
function ownersOf(
  plugins: readonly GraphPlugin[],
  pick: (services: ServiceDeclarations) => readonly { readonly id: string }[] | undefined,
  what: string,
  verb: string,
): Map<string, string> {
  const owners = new Map<string, string>();
  for (const plugin of plugins) {
    for (const { id } of pick(plugin.services ?? {}) ?? []) {
      const first = owners.get(id);
      if (first !== undefined)
        throw new ServiceGraphError(
          `${what} "${id}" is ${verb} by two plugins, "${first}" and "${plugin.id}": enable only one of them.`,
        );
      owners.set(id, plugin.id);
    }
  }
  return owners;
}

function edgeLabel(edge: Edge): string {
  return edge.via ?? 'plugin';
}

/** A cycle among `edges` (required ones only), as the path that closes it, or null. */
function requiredCycle(ids: readonly string[], edges: readonly Edge[]): Edge[] | null {
  const out = new Map<string, Edge[]>();
  for (const edge of edges) if (!edge.optional) out.set(edge.from, [...(out.get(edge.from) ?? []), edge]);
  const done = new Set<string>();
  const path: Edge[] = [];
  const onPath = new Set<string>();
  const visit = (id: string): Edge[] | null => {
    if (done.has(id)) return null;
    onPath.add(id);
    for (const edge of out.get(id) ?? []) {
      if (onPath.has(edge.to)) {
        const start = path.findIndex((step) => step.from === edge.to);
        return [...(start === -1 ? [] : path.slice(start)), edge];
      }
      path.push(edge);
      const found = visit(edge.to);
      if (found) return found;
      path.pop();
    }
    onPath.delete(id);
    done.add(id);
    return null;
  };
  for (const id of ids) {
    const found = visit(id);
    if (found) return found;
  }
  return null;
}

/** Strongly connected components' index by plugin id (Tarjan): plugins in one share an index. */
function components(ids: readonly string[], edges: readonly Edge[]): Map<string, number> {
  const out = new Map<string, string[]>();
  for (const edge of edges) out.set(edge.from, [...(out.get(edge.from) ?? []), edge.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  let counter = 0;
  let found = 0;
  const connect = (id: string): void => {
    index.set(id, counter);
    low.set(id, counter);
    counter += 1;
    stack.push(id);
    for (const next of out.get(id) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(id, Math.min(low.get(id)!, low.get(next)!));
      } else if (!component.has(next)) {
        low.set(id, Math.min(low.get(id)!, index.get(next)!));
      }
    }
    if (low.get(id) === index.get(id)) {
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        component.set(member, found);
        if (member === id) break;
      }
      found += 1;
    }
  };
  for (const id of ids) if (!index.has(id)) connect(id);
  return component;
}

/** `ids` in an order where each `to` comes before its `from`: each plugin in the given order, after what it needs (depth first). */
function ordered(ids: readonly string[], edges: readonly Edge[]): string[] {
  const out = new Map<string, string[]>();
  for (const edge of edges) out.set(edge.from, [...(out.get(edge.from) ?? []), edge.to]);
  const placed: string[] = [];
  // The ordering edges hold no cycle (refused before), so the walk ends.
  const visit = (id: string): void => {
    if (placed.includes(id)) return;
    for (const next of out.get(id) ?? []) visit(next);
    if (!placed.includes(id)) placed.push(id);
  };
  ids.forEach(visit);
  return placed;
}

/**
 * Resolves the enabled plugins' services: every required service has exactly one provider among
 * them, every extended extension point one offerer; optional services may have none. A required
 * edge (a required service, an extended point, a manifest dependency) orders start-up: the
 * provider first. An optional edge orders it too unless it closes a cycle: a cycle is allowed
 * when an optional edge breaks it (the optional service is wired once both have registered), and
 * refused when its required edges alone close it. Each refusal is one line naming the plugins.
 */
export function resolveServiceGraph(plugins: readonly GraphPlugin[]): ServiceGraph {
  const ids = plugins.map((plugin) => plugin.id);
  const enabled = new Set(ids);
  const providers = ownersOf(plugins, (services) => services.provides, 'Service', 'provided');
  const offerers = ownersOf(plugins, (services) => services.offers, 'Extension point', 'offered');
  const edges: Edge[] = [];
  const resolved = plugins.map((plugin): ResolvedPlugin => {
    const services = plugin.services ?? {};
    // `refused` words the refusal of a required one without a provider; an optional one has none.
    const take = (
      refs: readonly { readonly id: string }[] | undefined,
      owners: Map<string, string>,
      refused: ((id: string) => string) | null,
    ): TakenService[] =>
      (refs ?? []).map(({ id }) => {
        const provider = owners.get(id) ?? null;
        const optional = refused === null;
        if (provider === null && !optional) throw new ServiceGraphError(refused(id));
        if (provider !== null && provider !== plugin.id)
          edges.push({ from: plugin.id, to: provider, via: id, optional });
        return { id, provider };
      });
    // A manifest dependency that is not enabled is the plugin selection's refusal, not this one's.
    const pluginDependencies = [
      ...plugin.dependencies.filter((id) => enabled.has(id)).map((id) => ({ id, optional: false })),
      ...(plugin.optionalDependencies ?? []).filter((id) => enabled.has(id)).map((id) => ({ id, optional: true })),
    ];
    for (const dependency of pluginDependencies)
      edges.push({ from: plugin.id, to: dependency.id, via: null, optional: dependency.optional });
    return {
      id: plugin.id,
      plugins: pluginDependencies,
      provides: (services.provides ?? []).map((ref) => ref.id),
      offers: (services.offers ?? []).map((ref) => ref.id),
      requires: take(
        services.requires,
        providers,
        (id) => `Plugin "${plugin.id}" requires service "${id}", which no enabled plugin provides.`,
      ),
      uses: take(services.uses, providers, null),
      extends: take(
        services.extends,
        offerers,
        (id) => `Plugin "${plugin.id}" fills extension point "${id}", which no enabled plugin offers.`,
      ),
    };
  });
  const cycle = requiredCycle(ids, edges);
  if (cycle) {
    const path = [cycle[0]!.from, ...cycle.map((edge) => `${edge.to} (${edgeLabel(edge)})`)].join(' → ');
    const named = [...new Set(cycle.map((edge) => `"${edge.from}"`))].join(', ');
    throw new ServiceGraphError(
      `Plugins ${named} form a dependency cycle: ${path}; make one of these dependencies optional (services.uses).`,
    );
  }
  const component = components(ids, edges);
  // Within a cycle only the required edges order; an optional edge there is wired after start-up.
  const ordering = edges.filter((edge) => !edge.optional || component.get(edge.from) !== component.get(edge.to));
  const order = ordered(ids, ordering);
  const byId = new Map(resolved.map((plugin) => [plugin.id, plugin]));
  return {
    order,
    plugins: order.map((id) => byId.get(id)!),
    providerOf: (serviceId) => providers.get(serviceId),
    offererOf: (pointId) => offerers.get(pointId),
  };
}

/**
 * The graph as the server logs it at start-up: one line per plugin in start-up order, each
 * plugin it depends on with what for (`plugin` for a manifest dependency that no service
 * explains), `?` marking an optional edge, then what it provides and offers. E.g. `finance → tracker? (tracker.performance) · provides finance.exchangeRates`.
 */
export function describeServiceGraph(graph: ServiceGraph): string[] {
  return graph.plugins.map((plugin) => {
    const targets = new Map<string, { optional: boolean; what: string[] }>();
    const add = (target: string, what: string, optional: boolean): void => {
      const entry = targets.get(target) ?? { optional: true, what: [] };
      entry.optional = entry.optional && optional;
      entry.what.push(optional ? `${what}?` : what);
      targets.set(target, entry);
    };
    for (const dependency of plugin.plugins) add(dependency.id, 'plugin', dependency.optional);
    for (const service of plugin.requires)
      if (service.provider !== null && service.provider !== plugin.id) add(service.provider, service.id, false);
    for (const point of plugin.extends)
      if (point.provider !== null && point.provider !== plugin.id) add(point.provider, point.id, false);
    for (const service of plugin.uses)
      if (service.provider !== null && service.provider !== plugin.id) add(service.provider, service.id, true);
    const needs = [...targets].map(([target, { optional, what }]) => {
      // A `?` on the target says every edge to it is optional; inside, only the optional ones of a required target.
      // A manifest dependency goes unsaid beside the services that explain it.
      const named = what.some((item) => !item.startsWith('plugin'))
        ? what.filter((item) => !item.startsWith('plugin'))
        : what;
      const items = optional ? named.map((item) => item.replace(/\?$/, '')) : named;
      return `${target}${optional ? '?' : ''} (${items.join(', ')})`;
    });
    const missing = plugin.uses
      .filter((service) => service.provider === null)
      .map((service) => `${service.id}? (none)`);
    const parts = [
      needs.length + missing.length > 0 ? `${plugin.id} → ${[...needs, ...missing].join(', ')}` : plugin.id,
    ];
    if (plugin.provides.length > 0) parts.push(`provides ${plugin.provides.join(', ')}`);
    if (plugin.offers.length > 0) parts.push(`offers ${plugin.offers.join(', ')}`);
    return parts.join(' · ');
  });
}
