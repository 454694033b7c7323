import type { ContainerModule, ServiceIdentifier } from 'inversify';

/**
 * Binds and unbinds a plugin's ContainerModule in the app's container: all the plugin host does
 * with the container, so it is given this instead of the container itself.
 */
export interface ModuleLoader {
  load(module: ContainerModule): Promise<void>;
  unload(module: ContainerModule): Promise<void>;
}

export const ModuleLoader: ServiceIdentifier<ModuleLoader> = Symbol.for('erp.ModuleLoader');
