import type { FieldValue } from '@core/sdk/shared';
import type { WriteContext } from '@core/sdk/server';
import type { SyncState } from '../../shared/resources';
import { flagIn, storesValues, textIn } from './snapshot';

/**
 * An offer or stream saved with sync off shows no sync state, in the user's own write: the Keitaro
 * sync then has nothing to store afterwards, so the record's history holds no "Synced with
 * Keitaro" entry for a sync that never ran. Only values that differ are returned, so
 * a save that leaves the state as it was changes nothing more.
 */
export function syncOffValues({ action, next }: WriteContext): Record<string, FieldValue> {
  if (!storesValues(action) || flagIn(next, 'sync_enabled')) return {};
  const values: Record<string, FieldValue> = {};
  if (textIn(next, 'sync_state') !== ('off' satisfies SyncState)) values.sync_state = 'off' satisfies SyncState;
  if (textIn(next, 'sync_error') !== null) values.sync_error = null;
  return values;
}
