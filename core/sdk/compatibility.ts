import type { PluginManifest } from '@core/shared/manifest';
import { compareVersions, isValidRange, lowestAdmitted, satisfiesRange } from './semver';
import { SDK_VERSION } from './version';

/**
 * The SDK versions this host runs plugins written for, stated once: the guide and every check read
 * it. A plugin is served when the lowest SDK its manifest range admits lies in this range and is
 * not newer than SDK_VERSION. 1.x from 1.5: the 2.x line keeps the 1.x names as deprecated shims
 * (the services 1.5 offered through the context among them); plugins written for 1.4 or earlier
 * are older than the services' move to their plugins was tried against.
 */
export const SERVED_SDK_RANGE = '^1.5.0 || ^2.0.0';

/** The SDK a host has and the ranges it serves. */
export interface SdkHost {
  readonly version: string;
  readonly served: string;
}

export const THIS_HOST: SdkHost = { version: SDK_VERSION, served: SERVED_SDK_RANGE };

/**
 * Why the host must refuse a plugin written for another SDK, as one line naming the plugin, or
 * null when the lowest SDK its `sdk` range admits is one this host serves. Server, browser and
 * `erp-plugin build` all refuse with it.
 */
export function sdkRangeProblem(
  manifest: Pick<PluginManifest, 'id' | 'sdk'>,
  host: SdkHost = THIS_HOST,
): string | null {
  const range: unknown = manifest.sdk;
  if (typeof range !== 'string' || range.trim() === '') {
    return `plugin "${manifest.id}" does not say which SDK it was written for (manifest "sdk", e.g. "^${host.version}")`;
  }
  if (!isValidRange(range))
    return `plugin "${manifest.id}" has an SDK range "${range}" that cannot be read (use e.g. "^${host.version}")`;
  const lowest = lowestAdmitted(range);
  if (lowest === null)
    return `plugin "${manifest.id}" has an SDK range "${range}" that admits no version (use e.g. "^${host.version}")`;
  if (compareVersions(lowest, host.version) > 0)
    return `plugin "${manifest.id}" was written for SDK ${range}; this host has SDK ${host.version}`;
  if (!satisfiesRange(lowest, host.served)) {
    return `plugin "${manifest.id}" was written for SDK ${range}, from ${lowest}; this host serves SDK ${host.served} (it has ${host.version})`;
  }
  return null;
}

/** Whether the host serves code written for SDK `range` (a remote's shared SDK entry points ask with the manifest's range). */
export const servesSdkRange = (range: string, host: SdkHost = THIS_HOST): boolean =>
  sdkRangeProblem({ id: '', sdk: range }, host) === null;
