import { inject, injectable, type ContainerModule } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import type { PluginManifest } from '@core/shared/manifest';
import { ModuleLoader } from '../kernel/module-loader';
import { I18nService } from '../services/i18n-service';
import { ToastService } from '../services/toast-service';
import type { WebPlugin } from './define-plugin';
import { EnabledPlugins } from './enabled-plugins';
import { ownedModule } from './owned-module';
import { PluginFailures, pluginFailure } from './plugin-failures';
import { pluginTitle } from './plugin-title';

export type PluginState = 'idle' | 'loading' | 'loaded' | 'failed';

export { EnabledPlugins };

/**
 * Loads a plugin's code and strings on first need and binds its ContainerModule. A plugin that
 * throws while loading, or whose strings cannot be had, is marked failed (why, in PluginFailures)
 * and named in an error toast; the rest of the app is untouched.
 */
@injectable()
export class PluginHost {
  readonly states = observable.map<string, PluginState>();
  private readonly pending = new Map<string, Promise<boolean>>();
  private readonly byId: ReadonlyMap<string, WebPlugin>;
  /** Plugins a retry was asked for: their strings are fetched again if they failed before. */
  private readonly stringsToRetry = new Set<string>();
  /** The plugin that bound each constant (slot items among them), for the failure notices that name it. */
  private readonly owners = new WeakMap<object, string>();

  constructor(
    @inject(EnabledPlugins) plugins: readonly WebPlugin[],
    @inject(ModuleLoader) private readonly modules: ModuleLoader,
    @inject(ToastService) private readonly toasts: ToastService,
    @inject(I18nService) private readonly i18n: I18nService,
    @inject(PluginFailures) private readonly failures: PluginFailures,
  ) {
    this.byId = new Map(plugins.map((plugin) => [plugin.manifest.id, plugin]));
    for (const id of this.byId.keys()) this.states.set(id, 'idle');
    makeObservable<PluginHost, 'setState'>(this, { setState: action });
  }

  get manifests(): PluginManifest[] {
    return [...this.byId.values()].map((plugin) => plugin.manifest);
  }

  /** Each enabled plugin's own namespace (its strings: sidebar entries, widget names, pages). */
  get namespaces(): string[] {
    return this.manifests.map((manifest) => manifest.namespaces[0] ?? manifest.id);
  }

  state(id: string): PluginState {
    return this.states.get(id) ?? 'failed';
  }

  /** The id of the plugin whose module bound `contribution`; undefined for the kernel's own or a test's. */
  ownerOf(contribution: object): string | undefined {
    return this.owners.get(contribution);
  }

  /** The plugin's title in the user's language, for messages naming it (its id when it has none). */
  titleOf(id: string): string {
    const manifest = this.byId.get(id)?.manifest;
    return manifest ? pluginTitle(this.i18n, manifest) : id;
  }

  /** Resolves true once the plugin and its dependencies are bound; false if any failed. */
  ensureLoaded(id: string): Promise<boolean> {
    return this.ensureLoadedVia(id, []);
  }

  /** Forgets the failures of the plugin and of the dependencies it needs, so the user can try again. */
  retry(id: string): Promise<boolean> {
    this.forgetFailures(id, new Set());
    return this.ensureLoaded(id);
  }

  private forgetFailures(id: string, seen: Set<string>): void {
    if (seen.has(id)) return;
    seen.add(id);
    if (this.state(id) === 'failed') {
      this.pending.delete(id);
      this.failures.forget(id);
      this.stringsToRetry.add(id);
      this.setState(id, 'idle');
    }
    for (const dependency of this.byId.get(id)?.manifest.dependencies ?? []) this.forgetFailures(dependency, seen);
  }

  /** `chain` is the path of plugins waiting on this one: meeting one of them again is a cycle. */
  private ensureLoadedVia(id: string, chain: readonly string[]): Promise<boolean> {
    const known = this.pending.get(id);
    if (known) return known;
    const loading = this.load(id, [...chain, id]);
    this.pending.set(id, loading);
    return loading;
  }

  private async load(id: string, chain: readonly string[]): Promise<boolean> {
    const plugin = this.byId.get(id);
    if (!plugin) return false;
    this.setState(id, 'loading');
    let bound: ContainerModule | null = null;
    try {
      // Yield first, so the pending promise is recorded before any dependency asks for it.
      await Promise.resolve();
      for (const dependency of plugin.manifest.dependencies) {
        if (chain.includes(dependency)) throw new Error(`dependency cycle: ${[...chain, dependency].join(' → ')}`);
        if (!(await this.ensureLoadedVia(dependency, chain)))
          throw new Error(`dependency "${dependency}" failed to load`);
      }
      // Code and strings side by side; a page without its strings would show bare keys.
      const [code, strings] = await Promise.allSettled([plugin.load(), this.loadStrings(plugin)]);
      if (code.status === 'rejected') throw code.reason;
      if (strings.status === 'rejected') throw strings.reason;
      const module = ownedModule(code.value.default, (contribution) => this.owners.set(contribution, id));
      bound = module;
      await this.modules.load(module);
      this.setState(id, 'loaded');
      return true;
    } catch (error) {
      // A module that threw halfway must not leave half its bindings behind for the retry to double.
      if (bound) await this.modules.unload(bound).catch(() => undefined);
      console.error(`plugin "${id}" failed to load`, error);
      const failure = pluginFailure(error);
      this.failures.record(id, failure);
      this.setState(id, 'failed');
      const message = failure.kind === 'refused' ? 'core:shell.plugins.refused' : 'core:errors.pluginFailed';
      this.toasts.error(this.i18n.t(message, { plugin: this.titleOf(id) }));
      return false;
    }
  }

  /**
   * Loads the plugin's namespace in the current language and its fallback; rejects when any of
   * them could not be had. i18next remembers a failed load and does not ask again, so after a
   * retry the missing languages are asked for anew.
   */
  private async loadStrings(plugin: WebPlugin): Promise<void> {
    const { id, namespaces } = plugin.manifest;
    const namespace = namespaces[0] ?? id;
    await this.i18n.loadNamespaces([namespace]);
    const i18n = this.i18n.i18n;
    const missing = (): string[] => i18n.languages.filter((language) => !i18n.hasResourceBundle(language, namespace));
    if (this.stringsToRetry.delete(id) && missing().length > 0) await i18n.reloadResources(missing(), [namespace]);
    const still = missing();
    if (still.length > 0) throw new Error(`the strings of plugin "${id}" could not be loaded (${still.join(', ')})`);
  }

  private setState(id: string, state: PluginState): void {
    this.states.set(id, state);
  }
}
