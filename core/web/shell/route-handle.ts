/** Data every route carries for the shell: the i18n key of its title. */
export interface RouteHandle {
  readonly titleKey?: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'titleKey' in value;
}
