import type * as server from './server';
import type * as shared from './shared';

/**
 * Where a host process puts its own SDK modules before importing external plugins' server parts.
 * An external plugin's server bundle reads `@core/sdk/server` and `@core/sdk/shared` from here
 * (its build makes them globals), so it runs on the host's one kernel, never a copy of its own.
 */
export const HOSTED_SDK_GLOBAL = '__erpHostedSdk';

export interface HostedSdk {
  readonly version: string;
  readonly shared: typeof shared;
  readonly server: typeof server;
}
