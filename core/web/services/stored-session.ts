import type { SessionUser } from '@core/shared/session-user';
import { HOME_PATH, LOGIN_PATH } from '../shell/paths';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The session as local storage keeps it, read and written without the kernel: the
 * sign-in screen, shown before the kernel is loaded, decides with these whether anyone is signed in.
 */

/** Paths never remembered as the place to return to after sign-in. */
const UNREMEMBERED_PATHS: ReadonlySet<string> = new Set([HOME_PATH, LOGIN_PATH]);

/** The stored user; a missing or non-object one counts as signed out. */
export function readStoredUser(storage: Storage): SessionUser | null {
  const raw = storage.getItem(STORAGE_KEYS.userData);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as SessionUser) : null;
  } catch {
    return null;
  }
}

/** Remembers where a signed-out user was going, so signing in returns there. */
export function rememberRoute(storage: Storage, path: string): void {
  if (!UNREMEMBERED_PATHS.has(path)) storage.setItem(STORAGE_KEYS.lastRoute, path);
}
