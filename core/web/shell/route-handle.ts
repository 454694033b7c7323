import type { PermissionRequirement } from '@core/shared/permissions';

/** Data every route carries for the shell: the i18n key of its title, and a plugin page's codes. */
export interface RouteHandle {
  readonly titleKey?: string;
  /** Without these the page shows "no access", and so does the document title. */
  readonly requires?: PermissionRequirement;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'titleKey' in value;
}
