import type { PluginManifest } from '@core/shared/manifest';
import { isValidRange, satisfiesRange } from './semver';
import { SDK_VERSION } from './version';

/**
 * Why the host must refuse a plugin written for another SDK, as one line naming the plugin, or
 * null when its `sdk` range admits this SDK. Server and browser both refuse with it.
 */
export function sdkRangeProblem(manifest: Pick<PluginManifest, 'id' | 'sdk'>, sdkVersion: string = SDK_VERSION): string | null {
  const range: unknown = manifest.sdk;
  if (typeof range !== 'string' || range.trim() === '') {
    return `plugin "${manifest.id}" does not say which SDK it was written for (manifest "sdk", e.g. "^${sdkVersion}")`;
  }
  if (!isValidRange(range)) return `plugin "${manifest.id}" has an SDK range "${range}" that cannot be read (use e.g. "^${sdkVersion}")`;
  if (!satisfiesRange(sdkVersion, range)) {
    return `plugin "${manifest.id}" was written for SDK ${range}; this host has SDK ${sdkVersion}`;
  }
  return null;
}
