import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ContainerModule, inject, injectable, type Container, type ServiceIdentifier } from 'inversify';
import { SDK_VERSION } from '@core/sdk/version';
import { RouteContributionToken } from '@core/web/kernel/contributions';
import { PluginFailures } from '@core/web/plugins/plugin-failures';
import { showPluginNotices } from '@core/web/plugins/plugin-notices';
import { remotePluginCode, remotePluginCodes } from '@core/web/plugins/remote-plugins';
import { SessionStore } from '@core/web/services/session-store';
import { createTestKernel, recordToasts } from '../../../support/web/test-kernel';
import { testPlugin } from '../../../support/web/test-plugin';
import {
  exposedPlugin,
  fakeFederation,
  federationManifest,
  joinRemotes,
  pageModule,
  remoteFiles,
  remoteManifest,
  remoteOf,
  serve,
} from './remote-support';

let consoleError: MockInstance<typeof console.error>;
let consoleWarn: MockInstance<typeof console.warn>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The paths of every bound route contribution. */
const routePaths = (container: Container): string[] =>
  container.getAll(RouteContributionToken, { optional: true }).map((route) => route.path);

/** A kernel running the external plugin `notes` (served by `files`) beside a built-in `wallets`. */
async function notesKernel(
  files: Parameters<typeof serve>[0],
  modules: Parameters<typeof fakeFederation>[0],
  language?: 'en' | 'ru',
) {
  const seen = serve(files);
  const federation = fakeFederation(modules);
  const wallets = testPlugin({
    id: 'wallets',
    pages: [{ path: '/wallets', titleKey: 'wallets:title', requires: 'FW' }],
  });
  const setup = joinRemotes([remoteManifest('notes'), wallets.manifest], ['notes'], federation, { wallets });
  const kernel = await createTestKernel({ plugins: setup.enabled, ...(language ? { language } : {}) });
  showPluginNotices(setup.notices, kernel.container);
  // The shell loads every enabled plugin's namespace before any page asks for its code.
  await kernel.i18n.loadNamespaces(['notes', 'wallets']);
  return { kernel, federation, seen, toasts: recordToasts(kernel), wallets, setup };
}

describe('an external plugin’s strings', () => {
  it('are fetched from the URLs /config.json gives, in the language asked for', async () => {
    const seen = serve(remoteFiles('notes', 'Notes'));
    const code = remotePluginCode('notes', remoteOf('notes'), { federation: async () => fakeFederation({}) });
    await expect(code.translations.en()).resolves.toEqual({ default: { title: 'Notes' } });
    await expect(code.translations.ru()).resolves.toEqual({ default: { title: 'Notes (ru)' } });
    expect(seen.map((request) => new URL(request.url).pathname)).toEqual([
      '/plugins/notes/i18n/en.json',
      '/plugins/notes/i18n/ru.json',
    ]);
    expect(seen.every((request) => new URL(request.url).origin === window.location.origin)).toBe(true);
  });

  it('reach the kernel as the plugin’s namespace, without its code being loaded', async () => {
    const { kernel, federation } = await notesKernel(remoteFiles('notes', 'Notes'), {}, 'ru');
    expect(kernel.i18n.t('notes:title')).toBe('Notes (ru)');
    expect(federation.loadExposed).not.toHaveBeenCalled();
  });

  it('reject with the URL and the status when the server does not have them', async () => {
    serve({});
    const code = remotePluginCode('notes', remoteOf('notes'));
    await expect(code.translations.en()).rejects.toThrow('/plugins/notes/i18n/en.json answered 404');
    expect(consoleError).toHaveBeenCalledWith(
      'external plugin "notes": its en strings could not be loaded',
      expect.any(Error),
    );
  });

  it('are refused from another origin', async () => {
    serve({});
    const code = remotePluginCode('notes', {
      ...remoteOf('notes'),
      translations: { en: 'https://elsewhere.test/en.json', ru: '/ru.json' },
    });
    await expect(code.translations.en()).rejects.toThrow("https://elsewhere.test/en.json is not on this app's origin");
  });
});

describe('loading an external plugin', () => {
  it('registers the remote by its federation manifest and binds the module its own load() gives', async () => {
    const { kernel, federation, toasts } = await notesKernel(remoteFiles('notes', 'Notes'), {
      erp_plugin_notes: async () => exposedPlugin(pageModule('notes')),
    });
    await expect(kernel.host.ensureLoaded('notes')).resolves.toBe(true);
    expect(kernel.host.state('notes')).toBe('loaded');
    expect(routePaths(kernel.container)).toEqual(['/notes']);
    expect(federation.loadExposed).toHaveBeenCalledTimes(1);
    expect(federation.loadExposed.mock.calls[0]?.[0]).toEqual({
      container: 'erp_plugin_notes',
      entry: `${window.location.origin}/plugins/notes/mf-manifest.json`,
      expose: './plugin',
      manifest: federationManifest('notes'),
    });
    expect(toasts).toEqual([]);
    expect(consoleWarn).not.toHaveBeenCalled();
  });

  it('binds the remote’s module into the kernel’s own container, where the host’s services are', async () => {
    /** A class of the remote's, injected with a store of the host's. */
    @injectable()
    class Probe {
      constructor(@inject(SessionStore) readonly session: SessionStore) {}
    }
    const ProbeToken: ServiceIdentifier<Probe> = Symbol('probe');
    const module = new ContainerModule(({ bind }) => {
      bind(ProbeToken).to(Probe);
    });
    const { kernel } = await notesKernel(remoteFiles('notes', 'Notes'), {
      erp_plugin_notes: async () => exposedPlugin(module),
    });
    await kernel.host.ensureLoaded('notes');
    expect(kernel.container.get<Probe>(ProbeToken).session).toBe(kernel.get(SessionStore));
  });

  it('fails a remote whose federation manifest is missing, naming it, and leaves the others working', async () => {
    const files = { ...remoteFiles('notes', 'Notes'), '/plugins/notes/mf-manifest.json': 404 };
    const { kernel, federation, toasts } = await notesKernel(files, {
      erp_plugin_notes: async () => exposedPlugin(pageModule('notes')),
    });
    await expect(kernel.host.ensureLoaded('notes')).resolves.toBe(false);
    expect(kernel.host.state('notes')).toBe('failed');
    expect(kernel.get(PluginFailures).get('notes')).toEqual({ kind: 'unavailable' });
    expect(federation.loadExposed).not.toHaveBeenCalled();
    expect(toasts.map(({ intent, message }) => [intent, message])).toEqual([
      ['error', 'The Notes module failed to load.'],
    ]);
    const logged = consoleError.mock.calls.find((call) => call[0] === 'plugin "notes" failed to load');
    expect(String(logged?.[1])).toContain(
      'external plugin "notes": its federation manifest could not be read: /plugins/notes/mf-manifest.json answered 404',
    );

    await expect(kernel.host.ensureLoaded('wallets')).resolves.toBe(true);
    expect(routePaths(kernel.container)).toEqual(['/wallets']);
  });

  it('fails a remote whose manifest is not a federation manifest (an HTML page, say)', async () => {
    const files = {
      ...remoteFiles('notes', 'Notes'),
      '/plugins/notes/mf-manifest.json': () => new Response('{"hello": true}', { status: 200 }),
    };
    const { kernel } = await notesKernel(files, {});
    await expect(kernel.host.ensureLoaded('notes')).resolves.toBe(false);
    const logged = consoleError.mock.calls.find((call) => call[0] === 'plugin "notes" failed to load');
    expect(String(logged?.[1])).toContain('is not a Module Federation manifest');
  });

  it('fails a remote whose entry script cannot be loaded, and loads it on retry once it can', async () => {
    let available = false;
    const { kernel, federation, toasts } = await notesKernel(remoteFiles('notes', 'Notes'), {
      erp_plugin_notes: async () => {
        if (!available) throw new Error('ScriptNetworkError: remoteEntry.js answered 404');
        return exposedPlugin(pageModule('notes'));
      },
    });
    await expect(kernel.host.ensureLoaded('notes')).resolves.toBe(false);
    expect(toasts.map((toast) => toast.message)).toEqual(['The Notes module failed to load.']);
    const logged = consoleError.mock.calls.find((call) => call[0] === 'plugin "notes" failed to load');
    expect(String(logged?.[1])).toContain(
      'external plugin "notes": erp_plugin_notes/plugin could not be loaded: ScriptNetworkError',
    );

    available = true;
    await expect(kernel.host.retry('notes')).resolves.toBe(true);
    expect(federation.loadExposed).toHaveBeenCalledTimes(2);
    expect(kernel.get(PluginFailures).get('notes')).toBeUndefined();
    expect(routePaths(kernel.container)).toEqual(['/notes']);
  });

  it('fails a remote whose own load() throws, or whose module throws while binding', async () => {
    const broken = new ContainerModule(() => {
      throw new Error('bad binding');
    });
    const { kernel, toasts } = await notesKernel(remoteFiles('notes', 'Notes'), {
      erp_plugin_notes: async () => exposedPlugin(broken),
    });
    await expect(kernel.host.ensureLoaded('notes')).resolves.toBe(false);
    expect(toasts.map((toast) => toast.message)).toEqual(['The Notes module failed to load.']);

    const throwing = await notesKernel(remoteFiles('notes', 'Notes'), {
      erp_plugin_notes: async () => exposedPlugin(() => Promise.reject(new Error('chunk web_module_ts failed'))),
    });
    await expect(throwing.kernel.host.ensureLoaded('notes')).resolves.toBe(false);
    expect(throwing.kernel.host.state('notes')).toBe('failed');
    const logged = consoleError.mock.calls.filter((call) => call[0] === 'plugin "notes" failed to load').at(-1);
    expect(String(logged?.[1])).toContain('external plugin "notes": its load() failed: chunk web_module_ts failed');
    await expect(throwing.kernel.host.ensureLoaded('wallets')).resolves.toBe(true);
  });

  it('fails a remote that exposes something other than its plugin code, saying what it should be', async () => {
    const { kernel } = await notesKernel(remoteFiles('notes', 'Notes'), {
      erp_plugin_notes: async () => ({ default: { hello: 'world' } }),
    });
    await expect(kernel.host.ensureLoaded('notes')).resolves.toBe(false);
    const logged = consoleError.mock.calls.find((call) => call[0] === 'plugin "notes" failed to load');
    expect(String(logged?.[1])).toContain(
      'erp_plugin_notes/plugin does not default-export definePluginCode({ translations, load })',
    );
  });

  it('fails a remote whose module is not a ContainerModule of the host’s inversify', async () => {
    const { kernel } = await notesKernel(remoteFiles('notes', 'Notes'), {
      erp_plugin_notes: async () => ({
        default: { translations: {}, load: async () => ({ default: { id: 1, load: () => undefined } }) },
      }),
    });
    await expect(kernel.host.ensureLoaded('notes')).resolves.toBe(false);
    const logged = consoleError.mock.calls.find((call) => call[0] === 'plugin "notes" failed to load');
    expect(String(logged?.[1])).toContain("gave no ContainerModule of the host's inversify");
  });

  it('fails a remote whose strings cannot be fetched, naming it by its id, and fetches them again on retry', async () => {
    const files = { ...remoteFiles('notes', 'Notes'), '/plugins/notes/i18n/en.json': 503 };
    const { kernel, toasts } = await notesKernel(files, {
      erp_plugin_notes: async () => exposedPlugin(pageModule('notes')),
    });
    await expect(kernel.host.ensureLoaded('notes')).resolves.toBe(false);
    expect(kernel.host.state('notes')).toBe('failed');
    // Its title is among the strings that failed: the toast names it by its id.
    expect(toasts.map((toast) => toast.message)).toEqual(['The notes module failed to load.']);
    expect(routePaths(kernel.container)).toEqual([]);

    serve(remoteFiles('notes', 'Notes'));
    await expect(kernel.host.retry('notes')).resolves.toBe(true);
    expect(kernel.i18n.t('notes:title')).toBe('Notes');
  });

  it('fails the plugin alone when its description in /config.json is unusable', async () => {
    serve({});
    const codes = remotePluginCodes({ notes: { entry: '/plugins/notes/mf-manifest.json' } as never });
    await expect(codes.notes?.load()).rejects.toThrow(
      'external plugin "notes": its description in /config.json lacks container, expose, translations.en, translations.ru',
    );
    await expect(codes.notes?.translations.en()).rejects.toThrow('lacks container');
  });
});

describe('an external plugin written for another SDK', () => {
  const future = `^${Number(SDK_VERSION.split('.')[0]) + 1}.0.0`;

  it('stays listed, so its pages exist, but its code is never loaded', async () => {
    serve(remoteFiles('notes', 'Notes'));
    const federation = fakeFederation({ erp_plugin_notes: async () => exposedPlugin(pageModule('notes')) });
    const { enabled, refused } = joinRemotes([remoteManifest('notes', { sdk: future })], ['notes'], federation);
    expect(enabled.map((plugin) => plugin.manifest.id)).toEqual(['notes']);
    expect(refused).toEqual([`plugin "notes" was written for SDK ${future}; this host has SDK ${SDK_VERSION}`]);

    const kernel = await createTestKernel({ plugins: enabled });
    await kernel.i18n.loadNamespaces(['notes']);
    const toasts = recordToasts(kernel);
    await expect(kernel.host.ensureLoaded('notes')).resolves.toBe(false);
    await expect(kernel.host.ensureLoaded('notes')).resolves.toBe(false);
    expect(federation.loadExposed).not.toHaveBeenCalled();
    expect(kernel.get(PluginFailures).get('notes')).toEqual({ kind: 'refused', wanted: future, sdk: SDK_VERSION });
    // Once, however often a page or slot asks.
    expect(toasts.map(({ intent, message }) => [intent, message])).toEqual([
      ['error', 'The Notes module was made for another version of the application and was not started.'],
    ]);
  });

  it('is named in the user’s language', async () => {
    serve(remoteFiles('notes', 'Заметки'));
    const { enabled } = joinRemotes([remoteManifest('notes', { sdk: future })], ['notes'], fakeFederation({}));
    const kernel = await createTestKernel({ plugins: enabled, language: 'ru' });
    await kernel.i18n.loadNamespaces(['notes']);
    const toasts = recordToasts(kernel);
    await kernel.host.ensureLoaded('notes');
    expect(toasts.map((toast) => toast.message)).toEqual([
      'Модуль «Заметки (ru)» создан для другой версии приложения и не был запущен.',
    ]);
  });

  it('leaves a built-in plugin refused as before, out of the list', () => {
    const builtIn = testPlugin({ id: 'notes', sdk: future });
    const { enabled, refused } = joinRemotes([builtIn.manifest], ['notes'], fakeFederation({}), { notes: builtIn });
    expect(enabled).toEqual([]);
    expect(refused).toHaveLength(1);
  });
});

describe('joining remotes with the manifests', () => {
  it('prefers this build’s code to a remote, and leaves a manifest with neither unknown', () => {
    const builtIn = testPlugin({ id: 'wallets' });
    const { enabled, unknown } = joinRemotes(
      [builtIn.manifest, remoteManifest('notes'), remoteManifest('crm')],
      ['wallets', 'notes'],
      fakeFederation({}),
      { wallets: builtIn },
    );
    expect(enabled.map((plugin) => plugin.manifest.id)).toEqual(['wallets', 'notes']);
    expect(enabled[0]?.load).toBe(builtIn.load);
    expect(unknown).toEqual(['crm']);
  });

  it('refuses an external manifest without a namespace instead of stopping the start', () => {
    const { enabled, refused } = joinRemotes(
      [remoteManifest('notes', { namespaces: [] })],
      ['notes'],
      fakeFederation({}),
    );
    expect(enabled).toEqual([]);
    expect(refused).toEqual(['plugin "notes" declares no i18n namespace']);
  });
});

describe('shared packages at other versions', () => {
  it('are logged and named in a warning toast, and the plugin still loads on the host’s copies', async () => {
    const files = remoteFiles('notes', 'Notes', {
      react: '^20.0.0',
      mobx: '^7.0.0',
      'left-pad': '^1.0.0',
      '@core/sdk/web': `^${SDK_VERSION}`,
    });
    const { kernel, toasts } = await notesKernel(files, {
      erp_plugin_notes: async () => exposedPlugin(pageModule('notes')),
    });
    await expect(kernel.host.ensureLoaded('notes')).resolves.toBe(true);
    expect(consoleWarn.mock.calls.map((call) => call[0])).toEqual([
      'external plugin "notes" was built for react ^20.0.0; this app has 19.3.1, which it will use',
      'external plugin "notes" was built for left-pad ^1.0.0; this app does not provide it',
    ]);
    expect(toasts.map(({ intent, message }) => [intent, message])).toEqual([
      [
        'warning',
        'The Notes module was built for other versions of react, left-pad than this application has. It may not work correctly.',
      ],
    ]);
  });

  it('say nothing when every range holds', async () => {
    const files = remoteFiles('notes', 'Notes', {
      react: '^19.0.0',
      inversify: '^8.2.3',
      '@core/sdk/shared': `^${SDK_VERSION}`,
    });
    const { kernel, toasts } = await notesKernel(files, {
      erp_plugin_notes: async () => exposedPlugin(pageModule('notes')),
    });
    await expect(kernel.host.ensureLoaded('notes')).resolves.toBe(true);
    expect(consoleWarn).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });
});
