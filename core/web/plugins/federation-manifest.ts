import { SERVED_SDK_RANGE, servesSdkRange } from '@core/sdk/compatibility';
import { isValidRange, satisfiesRange } from '@core/sdk/semver';
import { SHARED_SDK_ENTRIES } from '@core/shared/shared-packages';
import type { SharedMismatch } from './plugin-notices';
import { isRecord } from './remote-fetch';
import { hostShareVersion } from './shared-versions';

/** One entry of an mf-manifest.json's `shared` list, as far as the host reads it. */
export interface ManifestShared {
  readonly name: string;
  /** The range the remote's build asks for; null when it asks for none (`requiredVersion: false`). */
  readonly requiredVersion: string | null;
}

/**
 * The parts of a remote's mf-manifest.json the host checks before loading it; anything else is
 * the federation runtime's business. Throws when `value` is no federation manifest at all (e.g.
 * the server's HTML page for an unknown path).
 */
export function readManifestShared(value: unknown, url: string): ManifestShared[] {
  const shared = isRecord(value) ? value.shared : undefined;
  if (!isRecord(value) || !isRecord(value.metaData) || !Array.isArray(shared)) {
    throw new Error(`${url} is not a Module Federation manifest (it lacks metaData or shared)`);
  }
  return shared.filter(isRecord).flatMap((entry): ManifestShared[] => {
    if (typeof entry.name !== 'string') return [];
    const range = entry.requiredVersion;
    return [{ name: entry.name, requiredVersion: typeof range === 'string' && range.trim() !== '' ? range : null }];
  });
}

export interface SharedCheck {
  /** Packages the remote wants at versions the host does not have (or does not provide at all). */
  readonly mismatches: readonly SharedMismatch[];
  /** Ranges this host cannot read (only ^, >= and exact versions are understood), so left unchecked. */
  readonly unchecked: readonly ManifestShared[];
}

/** An SDK entry point serves the SDK ranges the host serves (a 1.x plugin on a 2.x host); a package must satisfy the range. */
const admits = (request: string, range: string, host: string): boolean =>
  (SHARED_SDK_ENTRIES as readonly string[]).includes(request)
    ? servesSdkRange(range, { version: host, served: SERVED_SDK_RANGE })
    : satisfiesRange(host, range);

/**
 * Compares each shared package's wanted range with the version the host provides. A mismatch is
 * only reported: the remote declares its shares `import: false`, so it runs on the host's copy
 * (there is no other), which may or may not work.
 */
export function checkSharedVersions(
  shared: readonly ManifestShared[],
  hostVersion: (request: string) => string | null = hostShareVersion,
): SharedCheck {
  const mismatches: SharedMismatch[] = [];
  const unchecked: ManifestShared[] = [];
  for (const entry of shared) {
    const host = hostVersion(entry.name);
    if (host === null) mismatches.push({ request: entry.name, wanted: entry.requiredVersion ?? '*', host: null });
    else if (entry.requiredVersion === null) continue;
    else if (!isValidRange(entry.requiredVersion)) unchecked.push(entry);
    else if (!admits(entry.name, entry.requiredVersion, host))
      mismatches.push({ request: entry.name, wanted: entry.requiredVersion, host });
  }
  return { mismatches, unchecked };
}
