/** The API services of spec §7; each has its own HTTP client and base URL. */
export const SERVICE_NAMES = ['auth', 'finance', 'tracker', 'shop', 'messenger', 'social', 'system'] as const;

export type ServiceName = (typeof SERVICE_NAMES)[number];

export function defaultServiceBaseUrl(service: ServiceName): string {
  return `/api/${service}/`;
}

export function isServiceName(value: string): value is ServiceName {
  return (SERVICE_NAMES as readonly string[]).includes(value);
}
