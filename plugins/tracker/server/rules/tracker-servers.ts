import { validationError, type RecordWriter, type ResourceHooks } from '@core/sdk/server';
import { integerIn, idsIn, storesValues } from './snapshot';
import { followTracker } from './stream-links';

export const ACTIVE_SERVER_ON_HOLD = 'The active server cannot also be on hold.';

/**
 * A tracker's active Keitaro server is the one it runs on, so it cannot be among its servers on
 * hold. Its streams' links are built from its slug and active server, so they follow a change.
 */
export const trackerHooks = (records: RecordWriter): ResourceHooks => ({
  async beforeWrite({ action, next }) {
    if (!storesValues(action)) return;
    const active = integerIn(next, 'active_server');
    if (active !== null && idsIn(next, 'hold_servers').includes(active))
      throw validationError({ hold_servers: [ACTIVE_SERVER_ON_HOLD] });
  },
  afterWrite: followTracker(records),
});
