/**
 * The API services the app calls. Each has its own HTTP client and base URL; a plugin may name a
 * service of its own (any valid id), whose base URL defaults like these unless configured.
 */
export const SPEC_SERVICES = ['auth', 'finance', 'tracker', 'shop', 'messenger', 'social', 'system'] as const;

/** A service id: one of the spec's or a plugin's own (`isServiceId`). */
export type ServiceName = string;

/** The shape of a service id, as a JSON-schema pattern too. */
export const SERVICE_ID_PATTERN = '^[a-z][a-z0-9-]{1,31}$';
const SERVICE_ID = new RegExp(SERVICE_ID_PATTERN);

/** Lower-case letters, digits and hyphens, starting with a letter: it becomes a URL segment (`/api/<id>/`). */
export function isServiceId(value: string): boolean {
  return SERVICE_ID.test(value);
}

export function defaultServiceBaseUrl(service: ServiceName): string {
  return `/api/${service}/`;
}

/** The spec's services and `extra` (the enabled plugins' own), each once, the spec's first. */
export function serviceIds(extra: readonly ServiceName[] = []): ServiceName[] {
  return [...new Set<ServiceName>([...SPEC_SERVICES, ...extra])];
}

/** Every service's base URL: `configured` where given, the default elsewhere. */
export function serviceBaseUrls(
  services: readonly ServiceName[],
  configured: Readonly<Record<ServiceName, string>> = {},
): Record<ServiceName, string> {
  return Object.fromEntries(
    services.map((service) => [service, configured[service] ?? defaultServiceBaseUrl(service)]),
  );
}
