import type { ResourceHooks } from '@core/sdk/server';
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

/** The tracker's rules as engine hooks, run inside each write's transaction, by resource id. */
export const TRACKER_RESOURCE_HOOKS: Readonly<Record<string, ResourceHooks>> = {
  [trackersResource.id]: trackerHooks,
  [offersResource.id]: { beforeWrite: async (context) => syncOffValues(context), afterWrite: followOffer },
  [streamsResource.id]: streamHooks,
  [bizdevDealsResource.id]: dealHooks,
  [bizdevLimitsResource.id]: limitHooks,
  [bizdevRequestsResource.id]: requestHooks,
};
