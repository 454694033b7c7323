import { ContainerModule } from 'inversify';
import type { RemotePlugin } from '@core/shared/runtime-config';
import type { PluginCode } from './define-plugin';
import { checkSharedVersions, readManifestShared, type ManifestShared, type SharedCheck } from './federation-manifest';
import { exposedModuleId, type FederationSeam } from './federation';
import type { PluginNoticeSink } from './plugin-notices';
import { fetchSameOriginJson, isRecord, sameOriginUrl, type FetchFunction } from './remote-fetch';

/** What loading a remote needs from outside: the federation runtime, the network, the user's attention. */
export interface RemoteLoadContext {
  readonly federation: FederationSeam;
  readonly fetch: FetchFunction;
  readonly notices: PluginNoticeSink;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Logs every version problem, one line each, and tells the user once about the mismatches. */
function reportSharedCheck(id: string, check: SharedCheck, notices: PluginNoticeSink): void {
  for (const { request, wanted, host } of check.mismatches) {
    const have = host !== null ? `this app has ${host}, which it will use` : 'this app does not provide it';
    console.warn(`external plugin "${id}" was built for ${request} ${wanted}; ${have}`);
  }
  for (const { name, requiredVersion } of check.unchecked) {
    console.warn(`external plugin "${id}" asks for ${name} "${requiredVersion ?? ''}", a range this app cannot check`);
  }
  if (check.mismatches.length > 0) notices({ kind: 'sharedVersions', pluginId: id, mismatches: check.mismatches });
}

function isPluginCode(value: unknown): value is PluginCode {
  return isRecord(value) && typeof value.load === 'function';
}

/** The exposed module's default export, checked to be what `definePluginCode` makes. */
function exposedPluginCode(id: string, moduleId: string, exposed: unknown): PluginCode {
  const code = isRecord(exposed) && 'default' in exposed ? exposed.default : exposed;
  if (!isPluginCode(code)) {
    throw new Error(
      `external plugin "${id}": ${moduleId} does not default-export definePluginCode({ translations, load })`,
    );
  }
  return code;
}

/**
 * The remote's ContainerModule, checked against the host's inversify: a module made by a copy of
 * its own would bind nothing the kernel can see, and fail obscurely later.
 */
function containerModuleOf(id: string, loaded: unknown): ContainerModule {
  const module = isRecord(loaded) ? loaded.default : undefined;
  if (module instanceof ContainerModule) return module;
  throw new Error(
    `external plugin "${id}": its load() gave no ContainerModule of the host's inversify (inversify must be shared with import: false)`,
  );
}

/**
 * Loads an external plugin's code: reads its federation manifest and reports shared packages at
 * versions the host does not have, loads the exposed module through federation, and runs the
 * plugin's own `load()`. Every failure rejects with a line naming the plugin and what went wrong;
 * the plugin host marks the plugin failed and tells the user, and the rest of the app goes on.
 * Its strings are not loaded here: the kernel fetches them from the URLs /config.json gives.
 */
export async function loadRemotePlugin(
  id: string,
  remote: RemotePlugin,
  context: RemoteLoadContext,
): Promise<{ readonly default: ContainerModule }> {
  let entry: string;
  let manifest: unknown;
  let shared: ManifestShared[];
  try {
    entry = sameOriginUrl(remote.entry);
    manifest = await fetchSameOriginJson(remote.entry, context.fetch);
    shared = readManifestShared(manifest, remote.entry);
  } catch (error) {
    throw new Error(`external plugin "${id}": its federation manifest could not be read: ${reason(error)}`, {
      cause: error,
    });
  }
  reportSharedCheck(id, checkSharedVersions(shared), context.notices);
  const moduleId = exposedModuleId(remote.container, remote.expose);
  let exposed: unknown;
  try {
    exposed = await context.federation.loadExposed({
      container: remote.container,
      entry,
      expose: remote.expose,
      manifest,
    });
  } catch (error) {
    throw new Error(`external plugin "${id}": ${moduleId} could not be loaded: ${reason(error)}`, { cause: error });
  }
  const code = exposedPluginCode(id, moduleId, exposed);
  let loaded: unknown;
  try {
    loaded = await code.load();
  } catch (error) {
    throw new Error(`external plugin "${id}": its load() failed: ${reason(error)}`, { cause: error });
  }
  return { default: containerModuleOf(id, loaded) };
}
