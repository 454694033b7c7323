import type { RecordWriter, ResourceHooks } from '@core/sdk/server';
import {
  bizdevDealsResource,
  bizdevLimitsResource,
  bizdevRequestsResource,
  offersResource,
  streamsResource,
  trackersResource,
} from '../../shared/resources';
import { limitHooks } from './bizdev-limits';
import { requestHooks } from './bizdev-requests';
import { dealHooks } from './deal-overlap';
import { followOffer } from './stream-links';
import { streamHooks } from './stream-rules';
import { syncOffValues } from './sync-off';
import { trackerHooks } from './tracker-servers';

/**
 * The tracker's rules as engine hooks, run inside each write's transaction, by resource id; the
 * records they change in turn (other streams' defaults, links) go through `records`.
 */
export const trackerResourceHooks = (records: RecordWriter): Readonly<Record<string, ResourceHooks>> => ({
  [trackersResource.id]: trackerHooks(records),
  [offersResource.id]: { beforeWrite: async (context) => syncOffValues(context), afterWrite: followOffer(records) },
  [streamsResource.id]: streamHooks(records),
  [bizdevDealsResource.id]: dealHooks,
  [bizdevLimitsResource.id]: limitHooks,
  [bizdevRequestsResource.id]: requestHooks,
});
