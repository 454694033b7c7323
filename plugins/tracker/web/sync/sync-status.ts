import type { ResourceRecord } from '@core/sdk/shared';
import { SYNC_STATES, type SyncState } from '../../shared/resources';

/** Where an offer or a stream stands against Keitaro, as its record's sync fields hold it. */
export interface SyncStatus {
  readonly state: SyncState;
  /** Keitaro's message of the last failed write. */
  readonly error: string | null;
  /** ISO instant of the last successful write. */
  readonly syncedAt: string | null;
}

const isSyncState = (value: unknown): value is SyncState => (SYNC_STATES as readonly unknown[]).includes(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The sync fields of a row; a state the screen does not know reads as off rather than as a success. */
export function syncStatus(record: ResourceRecord): SyncStatus {
  return {
    state: isSyncState(record.sync_state) ? record.sync_state : 'off',
    error: text(record.sync_error),
    syncedAt: text(record.synced_at),
  };
}
