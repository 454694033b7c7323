import { describe, expect, it } from 'vitest';
import {
  describeServiceGraph,
  extensionPointRef,
  resolveServiceGraph,
  serviceRef,
  ServiceGraphError,
  ServiceRegistry,
  type GraphPlugin,
  type ServiceDeclarations,
} from '@core/server/services';

const rates = serviceRef<{ usdRate(currency: string): string }>('finance.exchangeRates');
const performance = serviceRef<{ total(): number }>('tracker.performance');
const handlers = extensionPointRef<{ register(name: string): void }>('messenger.botHandlers');

function plugin(id: string, services: ServiceDeclarations, dependencies: readonly string[] = []): GraphPlugin {
  return { id, dependencies, services };
}

/** The refusal's message, which must be one line. */
function refusal(plugins: readonly GraphPlugin[]): string {
  try {
    resolveServiceGraph(plugins);
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceGraphError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('resolved, though a refusal was expected');
}

describe('the service graph', () => {
  it('refuses a required service no enabled plugin provides, naming both', () => {
    expect(refusal([plugin('shop', { requires: [rates] })])).toBe(
      'Plugin "shop" requires service "finance.exchangeRates", which no enabled plugin provides.',
    );
  });

  it('refuses an extension point nobody offers', () => {
    expect(refusal([plugin('vacations', { extends: [handlers] })])).toBe(
      'Plugin "vacations" fills extension point "messenger.botHandlers", which no enabled plugin offers.',
    );
  });

  it('refuses a second provider of a service, naming both plugins', () => {
    expect(refusal([plugin('finance', { provides: [rates] }), plugin('acme', { provides: [rates] })])).toBe(
      'Service "finance.exchangeRates" is provided by two plugins, "finance" and "acme": enable only one of them.',
    );
  });

  it('refuses a cycle with required edges, naming the plugins and the services', () => {
    const message = refusal([
      plugin('finance', { provides: [rates], requires: [performance] }),
      plugin('tracker', { provides: [performance], requires: [rates] }),
    ]);
    expect(message).toBe(
      'Plugins "finance", "tracker" form a dependency cycle: finance → tracker (tracker.performance) → finance (finance.exchangeRates); make one of these dependencies optional (services.uses).',
    );
  });

  it('refuses a cycle closed by a manifest dependency and a required service', () => {
    expect(
      refusal([
        plugin('finance', { requires: [performance] }),
        plugin('tracker', { provides: [performance] }, ['finance']),
      ]),
    ).toMatch(
      /^Plugins "finance", "tracker" form a dependency cycle: finance → tracker \(tracker.performance\) → finance \(plugin\);/,
    );
  });

  it('allows a cycle of optional edges, and one an optional edge breaks, ordering by the required edges', () => {
    const both = resolveServiceGraph([
      plugin('finance', { provides: [rates], uses: [performance] }),
      plugin('tracker', { provides: [performance], uses: [rates] }),
    ]);
    expect(both.order).toEqual(['finance', 'tracker']);
    const mixed = resolveServiceGraph(
      [
        plugin('finance', { provides: [rates], uses: [performance] }),
        plugin('tracker', { provides: [performance], uses: [rates] }, ['finance']),
      ].reverse(),
    );
    expect(mixed.order).toEqual(['finance', 'tracker']);
  });

  it('orders a provider and an offerer before the plugins that need them, and an optional provider when no cycle', () => {
    const graph = resolveServiceGraph([
      plugin('shop', { uses: [rates], extends: [handlers] }),
      plugin('vacations', { extends: [handlers] }),
      plugin('messenger', { offers: [handlers] }),
      plugin('finance', { provides: [rates] }),
    ]);
    expect(graph.order).toEqual(['finance', 'messenger', 'shop', 'vacations']);
    expect(describeServiceGraph(graph)).toEqual([
      'finance · provides finance.exchangeRates',
      'messenger · offers messenger.botHandlers',
      'shop → messenger (messenger.botHandlers), finance? (finance.exchangeRates)',
      'vacations → messenger (messenger.botHandlers)',
    ]);
  });

  it('lets an optional service have no provider, and says so in the graph', () => {
    const graph = resolveServiceGraph([plugin('finance', { uses: [performance] })]);
    expect(graph.plugins[0]?.uses).toEqual([{ id: 'tracker.performance', provider: null }]);
    expect(describeServiceGraph(graph)).toEqual(['finance → tracker.performance? (none)']);
  });
});

describe('the service registry', () => {
  it('hands a required service to its taker and wires optional ones once every plugin registered', () => {
    const registry = new ServiceRegistry(
      resolveServiceGraph([
        plugin('finance', { provides: [rates], uses: [performance] }),
        plugin('tracker', { provides: [performance], requires: [rates] }),
      ]),
    );
    const finance = registry.forPlugin('finance');
    finance.provide(rates, { usdRate: () => '1.08' });
    const optional = finance.optionalService(performance);
    expect(() => optional.get()).toThrow(
      'Plugin "finance" read optional service "tracker.performance" during register; it is wired once every plugin has registered.',
    );
    const tracker = registry.forPlugin('tracker');
    expect(tracker.service(rates).usdRate('EUR')).toBe('1.08');
    tracker.provide(performance, { total: () => 3 });
    registry.wire();
    expect(optional.get()?.total()).toBe(3);
  });

  it('refuses a provider that declared a service but did not provide it during register', () => {
    const registry = new ServiceRegistry(resolveServiceGraph([plugin('finance', { provides: [rates] })]));
    registry.forPlugin('finance');
    expect(() => registry.wire()).toThrow(
      'Plugin "finance" declares service "finance.exchangeRates" but did not provide it during register.',
    );
  });

  it('refuses what a plugin did not declare', () => {
    const registry = new ServiceRegistry(
      resolveServiceGraph([plugin('finance', {}), plugin('messenger', { offers: [handlers] })]),
    );
    expect(() => registry.forPlugin('finance').provide(rates, { usdRate: () => '1' })).toThrow(
      'Plugin "finance" uses "finance.exchangeRates" without declaring it in services.provides.',
    );
    expect(() => registry.forPlugin('finance').extensionPoint(handlers)).toThrow(
      /without declaring it in services.extends/,
    );
  });

  it('stands a replacement in for the provider', () => {
    const registry = new ServiceRegistry(
      resolveServiceGraph([plugin('finance', { provides: [rates] }), plugin('shop', { requires: [rates] })]),
      [{ ref: rates, implementation: { usdRate: () => '2' } }],
    );
    registry.forPlugin('finance').provide(rates, { usdRate: () => '1' });
    expect(registry.forPlugin('shop').service(rates).usdRate('EUR')).toBe('2');
  });
});
