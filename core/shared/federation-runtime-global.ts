/**
 * The Module Federation runtime is the host's, for every remote: a remote's build takes these packages
 * from `globalThis[FEDERATION_RUNTIME_GLOBAL][part]`, which the host fills before it loads a remote. A
 * remote's remoteEntry.js then holds only its container's glue (8 KB gzip for the example plugin) instead
 * of a second copy of the runtime (34 KB). The host and the SDK pin the same runtime version.
 */
export const FEDERATION_RUNTIME_GLOBAL = '__erp_federation_runtime__';

/** The runtime's packages a remote's bundler glue imports, each with its key in the global. */
export const FEDERATION_RUNTIME_PARTS = {
  '@module-federation/runtime': 'runtime',
  '@module-federation/runtime/helpers': 'helpers',
  '@module-federation/sdk': 'sdk',
} as const satisfies Readonly<Record<string, string>>;

export type FederationRuntimePart = (typeof FEDERATION_RUNTIME_PARTS)[keyof typeof FEDERATION_RUNTIME_PARTS];

/** The part a request names, or null when the request is no runtime package. */
export function federationRuntimePart(request: string): FederationRuntimePart | null {
  return Object.hasOwn(FEDERATION_RUNTIME_PARTS, request)
    ? FEDERATION_RUNTIME_PARTS[request as keyof typeof FEDERATION_RUNTIME_PARTS]
    : null;
}
