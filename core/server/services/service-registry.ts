import type { ExtensionPointRef, ServiceRef } from './refs';
import type { ServiceGraph } from './service-graph';
import { providedService } from '../database/plugin-handle';

/**
 * A service a plugin uses when present. It is wired once every plugin has registered, so it is read
 * where the plugin works (a route, a job, a hook), never during `register`.
 */
export interface OptionalService<T> {
  /** The provider's implementation, or null when no enabled plugin provides the service. */
  get(): T | null;
}

/** What `register` gets to share services and extension points; each call must match the plugin's `services` declaration. */
export interface PluginServices {
  /** Makes `implementation` the service's, for the plugins that take it; declared in `services.provides`. */
  provide<T>(ref: ServiceRef<T>, implementation: T): void;
  /** A service declared in `services.requires`: its provider registered first, so it is there. */
  service<T>(ref: ServiceRef<T>): T;
  /** A service declared in `services.uses`: a handle read after start-up, null while no enabled plugin provides it. */
  optionalService<T>(ref: ServiceRef<T>): OptionalService<T>;
  /** Offers an extension point declared in `services.offers`, for the plugins that fill it. */
  offer<T>(ref: ExtensionPointRef<T>, implementation: T): void;
  /** An extension point declared in `services.extends`: its offerer registered first, so it is there to fill. */
  extensionPoint<T>(ref: ExtensionPointRef<T>): T;
}

/** A service's implementation a test stands in for the provider's (the test kit's replacements). */
export interface ServiceReplacement<T = unknown> {
  readonly ref: ServiceRef<T>;
  readonly implementation: T;
}

/**
 * One server's services and extension points, as the plugins register them in the graph's order.
 * `wire` runs once every plugin has registered: a provider that declared a service without
 * providing it stops start-up there, and the optional handles start answering.
 */
export class ServiceRegistry {
  private readonly implementations = new Map<string, unknown>();
  private readonly points = new Map<string, unknown>();
  private readonly waiting = new Map<string, ((point: unknown) => void)[]>();
  private readonly replacements: ReadonlyMap<string, unknown>;
  private wired = false;

  constructor(
    readonly graph: ServiceGraph,
    replacements: readonly ServiceReplacement[] = [],
  ) {
    this.replacements = new Map(replacements.map(({ ref, implementation }) => [ref.id, implementation]));
  }

  /** The context calls of plugin `id`. */
  forPlugin(id: string): PluginServices {
    const plugin = this.graph.plugins.find((candidate) => candidate.id === id);
    if (!plugin) throw new Error(`Plugin "${id}" is not in the service graph.`);
    const declared = (
      ids: readonly string[] | readonly { readonly id: string }[],
      ref: { readonly id: string },
      field: string,
    ): void => {
      const known = ids.some((entry) => (typeof entry === 'string' ? entry : entry.id) === ref.id);
      if (!known) throw new Error(`Plugin "${id}" uses "${ref.id}" without declaring it in services.${field}.`);
    };
    return {
      provide: (ref, implementation) => {
        declared(plugin.provides, ref, 'provides');
        if (this.implementations.has(ref.id)) throw new Error(`Plugin "${id}" provides service "${ref.id}" twice.`);
        // A taker's transaction passed to the service runs the provider's statements as the provider.
        this.implementations.set(ref.id, providedService(implementation, id));
      },
      service: <T>(ref: ServiceRef<T>): T => {
        declared(plugin.requires, ref, 'requires');
        return this.current(ref.id, this.graph.providerOf(ref.id)) as T;
      },
      optionalService: <T>(ref: ServiceRef<T>): OptionalService<T> => {
        declared(plugin.uses, ref, 'uses');
        return {
          get: () => {
            if (!this.wired)
              throw new Error(
                `Plugin "${id}" read optional service "${ref.id}" during register; it is wired once every plugin has registered.`,
              );
            return (this.lookup(ref.id) ?? null) as T | null;
          },
        };
      },
      offer: (ref, implementation) => {
        declared(plugin.offers, ref, 'offers');
        if (this.points.has(ref.id)) throw new Error(`Plugin "${id}" offers extension point "${ref.id}" twice.`);
        this.points.set(ref.id, implementation);
        for (const fill of this.waiting.get(ref.id) ?? []) fill(implementation);
        this.waiting.delete(ref.id);
      },
      extensionPoint: <T>(ref: ExtensionPointRef<T>): T => {
        declared(plugin.extends, ref, 'extends');
        const point = this.points.get(ref.id);
        if (point === undefined) throw notProvided(this.graph.offererOf(ref.id), 'extension point', ref.id, 'offer');
        return point as T;
      },
    };
  }

  /**
   * Once every plugin has registered: each plugin that ran (`ran`) and declared a service or an
   * extension point has provided it, else start-up stops with that one line.
   */
  wire(ran: (id: string) => boolean = () => true): void {
    for (const plugin of this.graph.plugins.filter((candidate) => ran(candidate.id))) {
      const service = plugin.provides.find((id) => !this.implementations.has(id));
      if (service !== undefined) throw notProvided(plugin.id, 'service', service, 'provide');
      const point = plugin.offers.find((id) => !this.points.has(id));
      if (point !== undefined) throw notProvided(plugin.id, 'extension point', point, 'offer');
    }
    this.wired = true;
  }

  /** A provided service by id, whoever declared it (the 1.x context's fields read the moved services so). */
  lookup(serviceId: string): unknown {
    return this.replacements.get(serviceId) ?? this.implementations.get(serviceId);
  }

  /** Calls `fill` with an extension point once it is offered (at once if it is); for the 1.x context, whose plugins declare nothing. */
  whenOffered(pointId: string, fill: (point: unknown) => void): void {
    const point = this.points.get(pointId);
    if (point !== undefined) fill(point);
    else this.waiting.set(pointId, [...(this.waiting.get(pointId) ?? []), fill]);
  }

  private current(serviceId: string, provider: string | undefined): unknown {
    const implementation = this.lookup(serviceId);
    if (implementation === undefined) throw notProvided(provider, 'service', serviceId, 'provide');
    return implementation;
  }
}

function notProvided(owner: string | undefined, what: string, id: string, verb: string): Error {
  return new Error(`Plugin "${owner ?? '?'}" declares ${what} "${id}" but did not ${verb} it during register.`);
}
