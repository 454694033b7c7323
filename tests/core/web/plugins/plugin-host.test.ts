import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { autorun } from 'mobx';
import { RouteContributionToken } from '@core/web/kernel/contributions';
import type { PluginState } from '@core/web/plugins/plugin-host';
import { createTestKernel, recordToasts, type TestKernel } from '../../../support/web/test-kernel';
import { routesModule, testPlugin, type TestPlugin } from '../../../support/web/test-plugin';

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  // The host logs each failure; keep the output clean and let tests read what was logged.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** The paths of every bound route contribution. */
const routePaths = (kernel: TestKernel): string[] =>
  kernel.container.getAll(RouteContributionToken, { optional: true }).map((route) => route.path);

describe('PluginHost loading', () => {
  it('lists the enabled plugins as idle and loads none of them at start', async () => {
    const wallets = testPlugin({
      id: 'wallets',
      pages: [{ path: '/wallets', titleKey: 'wallets:title', requires: 'FW' }],
    });
    const shop = testPlugin({ id: 'shop' });
    const kernel = await createTestKernel({ plugins: [wallets, shop] });
    expect(kernel.host.manifests.map((manifest) => manifest.id)).toEqual(['wallets', 'shop']);
    expect(kernel.host.state('wallets')).toBe('idle');
    expect(kernel.host.state('shop')).toBe('idle');
    expect(wallets.load).not.toHaveBeenCalled();
    expect(shop.load).not.toHaveBeenCalled();
    expect(routePaths(kernel)).toEqual([]);
  });

  it('loads a plugin on ensureLoaded and binds its module', async () => {
    const wallets = testPlugin({
      id: 'wallets',
      pages: [
        { path: '/wallets', titleKey: 'wallets:list', requires: 'FW' },
        { path: '/wallets/:id', titleKey: 'wallets:detail', requires: 'FW' },
      ],
    });
    const kernel = await createTestKernel({ plugins: [wallets] });
    const toasts = recordToasts(kernel);
    await expect(kernel.host.ensureLoaded('wallets')).resolves.toBe(true);
    expect(wallets.load).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(kernel.host.state('wallets')).toBe('loaded');
    expect(kernel.container.getAll(RouteContributionToken).map((route) => route.path)).toEqual([
      '/wallets',
      '/wallets/:id',
    ]);
  });

  it('passes through loading to loaded, observably', async () => {
    const wallets = testPlugin({ id: 'wallets' });
    const gate = deferred<{ default: ContainerModule }>();
    wallets.load.mockReturnValueOnce(gate.promise);
    const kernel = await createTestKernel({ plugins: [wallets] });
    const states: PluginState[] = [];
    const stop = autorun(() => {
      states.push(kernel.host.state('wallets'));
    });
    const loading = kernel.host.ensureLoaded('wallets');
    expect(kernel.host.state('wallets')).toBe('loading');
    gate.resolve({ default: routesModule(wallets.manifest) });
    await loading;
    stop();
    expect(states).toEqual(['idle', 'loading', 'loaded']);
  });

  it('loads once for concurrent and repeated calls', async () => {
    const wallets = testPlugin({ id: 'wallets' });
    const gate = deferred<{ default: ContainerModule }>();
    wallets.load.mockReturnValueOnce(gate.promise);
    const kernel = await createTestKernel({ plugins: [wallets] });
    const first = kernel.host.ensureLoaded('wallets');
    const second = kernel.host.ensureLoaded('wallets');
    expect(second).toBe(first);
    gate.resolve({ default: routesModule(wallets.manifest) });
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    await expect(kernel.host.ensureLoaded('wallets')).resolves.toBe(true);
    expect(wallets.load).toHaveBeenCalledTimes(1);
  });

  it('does not bind a module twice when asked again after loading', async () => {
    const wallets = testPlugin({
      id: 'wallets',
      pages: [{ path: '/wallets', titleKey: 'wallets:title', requires: 'FW' }],
    });
    const kernel = await createTestKernel({ plugins: [wallets] });
    await kernel.host.ensureLoaded('wallets');
    await kernel.host.ensureLoaded('wallets');
    await kernel.host.retry('wallets');
    expect(routePaths(kernel)).toEqual(['/wallets']);
    expect(wallets.load).toHaveBeenCalledTimes(1);
  });

  it('loads dependencies first and binds them before the dependent module runs', async () => {
    const order: string[] = [];
    const ListsToken: ServiceIdentifier<string> = Symbol('lists');
    const listsModule = new ContainerModule(({ bind }) => {
      order.push('lists module');
      bind(ListsToken).toConstantValue('lists service');
    });
    let listsBoundForWallets = false;
    const walletsModule = new ContainerModule(({ isBound }) => {
      order.push('wallets module');
      listsBoundForWallets = isBound(ListsToken);
    });
    const lists = testPlugin({ id: 'lists', module: listsModule });
    const wallets = testPlugin({ id: 'wallets', dependencies: ['lists'], module: walletsModule });
    lists.load.mockImplementation(async () => {
      order.push('lists load');
      return { default: listsModule };
    });
    wallets.load.mockImplementation(async () => {
      order.push('wallets load');
      return { default: walletsModule };
    });
    // The dependent is listed first: the order must come from the dependencies, not from the list.
    const kernel = await createTestKernel({ plugins: [wallets, lists] });
    await expect(kernel.host.ensureLoaded('wallets')).resolves.toBe(true);
    expect(order).toEqual(['lists load', 'lists module', 'wallets load', 'wallets module']);
    expect(listsBoundForWallets).toBe(true);
    expect(kernel.host.state('lists')).toBe('loaded');
    expect(kernel.container.get(ListsToken)).toBe('lists service');
  });

  it('loads a dependency shared by two plugins once', async () => {
    const lists = testPlugin({ id: 'lists' });
    const wallets = testPlugin({ id: 'wallets', dependencies: ['lists'] });
    const shop = testPlugin({ id: 'shop', dependencies: ['lists'] });
    const kernel = await createTestKernel({ plugins: [lists, wallets, shop] });
    await expect(Promise.all([kernel.host.ensureLoaded('wallets'), kernel.host.ensureLoaded('shop')])).resolves.toEqual(
      [true, true],
    );
    expect(lists.load).toHaveBeenCalledTimes(1);
  });

  it('resolves false for a plugin that is not enabled, and calls it failed', async () => {
    const kernel = await createTestKernel({ plugins: [testPlugin({ id: 'wallets' })] });
    await expect(kernel.host.ensureLoaded('missing')).resolves.toBe(false);
    expect(kernel.host.state('missing')).toBe('failed');
  });
});

describe('PluginHost failures', () => {
  async function kernelWith(...plugins: TestPlugin[]) {
    const kernel = await createTestKernel({ plugins });
    // The shell loads every enabled plugin's namespace before a plugin page can ask for its code.
    await kernel.i18n.loadNamespaces(plugins.map((plugin) => plugin.manifest.id));
    return { kernel, toasts: recordToasts(kernel) };
  }

  it('marks a plugin whose load rejects as failed and names its title in an error toast', async () => {
    const wallets = testPlugin({ id: 'wallets', title: 'Wallets' });
    wallets.load.mockRejectedValueOnce(new Error('chunk failed'));
    const { kernel, toasts } = await kernelWith(wallets);
    await expect(kernel.host.ensureLoaded('wallets')).resolves.toBe(false);
    expect(kernel.host.state('wallets')).toBe('failed');
    expect(toasts.map(({ intent, message }) => ({ intent, message }))).toEqual([
      { intent: 'error', message: 'The Wallets module failed to load.' },
    ]);
    expect(consoleError).toHaveBeenCalledWith('plugin "wallets" failed to load', expect.any(Error));
  });

  it('names the plugin in the current language', async () => {
    const wallets = testPlugin({ id: 'wallets', bundles: { en: { title: 'Wallets' }, ru: { title: 'Кошельки' } } });
    wallets.load.mockRejectedValueOnce(new Error('chunk failed'));
    const kernel = await createTestKernel({ plugins: [wallets], language: 'ru' });
    await kernel.i18n.loadNamespaces(['wallets']);
    const toasts = recordToasts(kernel);
    await kernel.host.ensureLoaded('wallets');
    expect(toasts.map((toast) => toast.message)).toEqual(['Не удалось загрузить модуль «Кошельки».']);
  });

  it('marks a plugin whose ContainerModule throws as failed', async () => {
    const broken = testPlugin({
      id: 'broken',
      title: 'Broken',
      module: new ContainerModule(() => {
        throw new Error('bad binding');
      }),
    });
    const { kernel, toasts } = await kernelWith(broken);
    await expect(kernel.host.ensureLoaded('broken')).resolves.toBe(false);
    expect(kernel.host.state('broken')).toBe('failed');
    expect(toasts.map((toast) => [toast.intent, toast.message])).toEqual([
      ['error', 'The Broken module failed to load.'],
    ]);
  });

  it('marks a plugin whose async ContainerModule rejects as failed', async () => {
    const broken = testPlugin({
      id: 'broken',
      title: 'Broken',
      module: new ContainerModule(async () => {
        await Promise.resolve();
        throw new Error('bad binding');
      }),
    });
    const { kernel, toasts } = await kernelWith(broken);
    await expect(kernel.host.ensureLoaded('broken')).resolves.toBe(false);
    expect(kernel.host.state('broken')).toBe('failed');
    expect(toasts.map((toast) => toast.message)).toEqual(['The Broken module failed to load.']);
  });

  it('leaves the other plugins working', async () => {
    const broken = testPlugin({ id: 'broken' });
    broken.load.mockRejectedValue(new Error('offline'));
    const wallets = testPlugin({
      id: 'wallets',
      pages: [{ path: '/wallets', titleKey: 'wallets:title', requires: 'FW' }],
    });
    const { kernel } = await kernelWith(broken, wallets);
    await expect(kernel.host.ensureLoaded('broken')).resolves.toBe(false);
    await expect(kernel.host.ensureLoaded('wallets')).resolves.toBe(true);
    expect(kernel.host.state('broken')).toBe('failed');
    expect(kernel.host.state('wallets')).toBe('loaded');
    expect(routePaths(kernel)).toEqual(['/wallets']);
  });

  it('fails a plugin whose dependency fails, without loading its code', async () => {
    const lists = testPlugin({ id: 'lists', title: 'Lists' });
    lists.load.mockRejectedValue(new Error('offline'));
    const wallets = testPlugin({ id: 'wallets', title: 'Wallets', dependencies: ['lists'] });
    const { kernel, toasts } = await kernelWith(lists, wallets);
    await expect(kernel.host.ensureLoaded('wallets')).resolves.toBe(false);
    expect(kernel.host.state('lists')).toBe('failed');
    expect(kernel.host.state('wallets')).toBe('failed');
    expect(wallets.load).not.toHaveBeenCalled();
    // Toasts are handed over 500 ms apart.
    await vi.waitFor(() => expect(toasts).toHaveLength(2), { timeout: 2_000 });
    expect(toasts.map((toast) => toast.message)).toEqual([
      'The Lists module failed to load.',
      'The Wallets module failed to load.',
    ]);
  });

  it('keeps a failure until retry, which loads again', async () => {
    const wallets = testPlugin({
      id: 'wallets',
      pages: [{ path: '/wallets', titleKey: 'wallets:title', requires: 'FW' }],
    });
    wallets.load.mockRejectedValueOnce(new Error('offline'));
    const { kernel } = await kernelWith(wallets);
    await expect(kernel.host.ensureLoaded('wallets')).resolves.toBe(false);
    // Without retry the failure is remembered: no second download.
    await expect(kernel.host.ensureLoaded('wallets')).resolves.toBe(false);
    expect(wallets.load).toHaveBeenCalledTimes(1);

    await expect(kernel.host.retry('wallets')).resolves.toBe(true);
    expect(wallets.load).toHaveBeenCalledTimes(2);
    expect(kernel.host.state('wallets')).toBe('loaded');
    expect(routePaths(kernel)).toEqual(['/wallets']);
  });

  it('retries a failed plugin as often as it keeps failing', async () => {
    const wallets = testPlugin({ id: 'wallets' });
    wallets.load.mockRejectedValue(new Error('offline'));
    const { kernel } = await kernelWith(wallets);
    await kernel.host.ensureLoaded('wallets');
    await expect(kernel.host.retry('wallets')).resolves.toBe(false);
    await expect(kernel.host.retry('wallets')).resolves.toBe(false);
    expect(wallets.load).toHaveBeenCalledTimes(3);
    expect(kernel.host.state('wallets')).toBe('failed');
  });

  it('retries a failed dependency along with the plugin that needs it', async () => {
    const lists = testPlugin({ id: 'lists' });
    lists.load.mockRejectedValueOnce(new Error('offline'));
    const wallets = testPlugin({ id: 'wallets', dependencies: ['lists'] });
    const { kernel } = await kernelWith(lists, wallets);
    await expect(kernel.host.ensureLoaded('wallets')).resolves.toBe(false);
    await expect(kernel.host.retry('wallets')).resolves.toBe(true);
    expect(lists.load).toHaveBeenCalledTimes(2);
    expect(kernel.host.state('lists')).toBe('loaded');
    expect(kernel.host.state('wallets')).toBe('loaded');
  });

  it('leaves no bindings behind from a module that threw halfway, so a retry binds them once', async () => {
    let attempts = 0;
    const flaky = testPlugin({
      id: 'flaky',
      module: new ContainerModule(({ bind }) => {
        bind(RouteContributionToken).toConstantValue({ path: '/flaky', component: () => null });
        attempts += 1;
        if (attempts === 1) throw new Error('bad binding');
      }),
    });
    const { kernel } = await kernelWith(flaky);
    await expect(kernel.host.ensureLoaded('flaky')).resolves.toBe(false);
    expect(routePaths(kernel)).toEqual([]);
    await expect(kernel.host.retry('flaky')).resolves.toBe(true);
    expect(routePaths(kernel)).toEqual(['/flaky']);
  });

  it('fails a dependency cycle, naming it, instead of recursing forever', async () => {
    const alpha = testPlugin({ id: 'alpha', dependencies: ['beta'] });
    const beta = testPlugin({ id: 'beta', dependencies: ['alpha'] });
    const { kernel } = await kernelWith(alpha, beta);
    await expect(kernel.host.ensureLoaded('alpha')).resolves.toBe(false);
    expect(kernel.host.state('alpha')).toBe('failed');
    expect(alpha.load).not.toHaveBeenCalled();
    expect(beta.load).not.toHaveBeenCalled();
    const logged = consoleError.mock.calls.map((call) => String(call[1]));
    expect(logged.some((message) => message.includes('dependency cycle: alpha → beta → alpha'))).toBe(true);
  });
});
