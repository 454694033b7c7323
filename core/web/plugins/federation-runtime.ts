import * as runtime from '@module-federation/runtime';
import * as helpers from '@module-federation/runtime/helpers';
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime/types';
import * as sdk from '@module-federation/sdk';
import { FEDERATION_RUNTIME_GLOBAL, type FederationRuntimePart } from '@core/shared/federation-runtime-global';
import { exposedModuleId, type ExposedModuleRequest, type FederationSeam } from './federation';
import { hostSharedModules } from './shared-modules';

/** The host's name in the federation; remotes are `erp_plugin_<id>`, so it never clashes with one. */
export const HOST_FEDERATION_NAME = 'erp_host';

/**
 * Serves the runtime the manifests the loader already fetched (to compare versions), so each
 * remote's mf-manifest.json is downloaded once. Other URLs go to the network as usual.
 */
function fetchedManifests(manifests: ReadonlyMap<string, unknown>): ModuleFederationRuntimePlugin {
  return {
    name: 'erp-fetched-manifests',
    fetch: (url) => {
      if (!manifests.has(url)) return undefined;
      const body = JSON.stringify(manifests.get(url));
      return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'application/json' } }));
    },
  };
}

/** Hands remotes this runtime: their builds read it from the global instead of bundling a copy. */
function provideRuntimeToRemotes(): void {
  const parts: Readonly<Record<FederationRuntimePart, unknown>> = { runtime, helpers, sdk };
  Object.assign(globalThis, { [FEDERATION_RUNTIME_GLOBAL]: parts });
}

/** The federation seam over a real @module-federation/runtime instance providing the host's shared modules. */
function createFederation(): FederationSeam {
  provideRuntimeToRemotes();
  const manifests = new Map<string, unknown>();
  const instance = runtime.createInstance({
    name: HOST_FEDERATION_NAME,
    remotes: [],
    shared: hostSharedModules(),
    plugins: [fetchedManifests(manifests)],
  });
  const registered = new Set<string>();
  return {
    async loadExposed(request: ExposedModuleRequest): Promise<unknown> {
      manifests.set(request.entry, request.manifest);
      // A remote registered before failed to load (a loaded one is never asked again): forcing drops
      // what the runtime cached of the failure, so this attempt fetches afresh.
      instance.registerRemotes([{ name: request.container, entry: request.entry }], {
        force: registered.has(request.container),
      });
      registered.add(request.container);
      const exposed = await instance.loadRemote<unknown>(exposedModuleId(request.container, request.expose));
      if (exposed === null || exposed === undefined) {
        throw new Error(`${request.container} gave nothing for ${request.expose}`);
      }
      return exposed;
    },
  };
}

let federation: FederationSeam | null = null;

/**
 * The page's one federation instance, made on first use: the runtime keeps its remotes and share
 * scopes in globals, so a second instance would only duplicate them.
 */
export function hostFederation(): FederationSeam {
  federation ??= createFederation();
  return federation;
}
