import type { FieldErrors } from '@core/sdk/shared';
import { validationError, type RouteAccess } from '@core/sdk/server';
import { ARTICLE_CODE } from '../shared/article';
import { SERVERS_CODE } from '../shared/keitaro';
import { USERS_CODE } from '../shared/services';
import { SYSTEM_SETTINGS_CODE } from '../shared/system-settings';

/** The admin codes, as route access. */
export const ACCESS = {
  articles: { requires: ARTICLE_CODE },
  settings: { requires: SYSTEM_SETTINGS_CODE },
  users: { requires: USERS_CODE },
  servers: { requires: SERVERS_CODE },
} as const satisfies Record<string, RouteAccess>;

export function throwIfErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** ISO text for a timestamp whichever driver read it (PGlite and node-postgres give Dates). */
export function isoOf(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
