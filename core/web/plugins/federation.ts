/**
 * The little of Module Federation the remote loader needs, as a seam: the app's implementation
 * (federation-runtime.ts) drives @module-federation/runtime, tests pass a fake, and the loader's
 * own logic (versions, validation, errors) stays testable without loading scripts.
 */

/** One remote module to load: the remote's container, where its manifest is, which module. */
export interface ExposedModuleRequest {
  /** The remote's container name, e.g. `erp_plugin_notes`. */
  readonly container: string;
  /** URL of the remote's mf-manifest.json. */
  readonly entry: string;
  /** The exposed module, e.g. `./plugin`. */
  readonly expose: string;
  /**
   * The manifest as the loader already fetched it (to compare versions), so the runtime need not
   * download it a second time.
   */
  readonly manifest: unknown;
}

export interface FederationSeam {
  /** Registers the remote (again, after a failed attempt) and resolves to the exposed module's exports. */
  loadExposed(request: ExposedModuleRequest): Promise<unknown>;
}

/** Where a seam comes from: the app's loads the federation chunk on first call. */
export type FederationProvider = () => Promise<FederationSeam>;

/** The id `loadRemote` takes for an exposed module: `erp_plugin_notes/plugin` for `./plugin`. */
export function exposedModuleId(container: string, expose: string): string {
  return `${container}/${expose.replace(/^\.\//, '')}`;
}
