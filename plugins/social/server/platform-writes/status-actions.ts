import { ApiError, type ServerPluginContext } from '@core/sdk/server';
import type { ResourceDefinition } from '@core/sdk/shared';
import { adsetsResource, adsResource, campaignsResource, type DeliveryStatus } from '../../shared/resources';
import { platformFailure } from '../graph/api-failure';
import type { GraphClient } from '../graph/graph-client';
import { NO_SERVICE } from '../graph/messages';
import { platformTarget } from '../graph/service-token';

/*
 * Pause and activate (the definitions' row actions: campaigns MQ, adsets MS, ads MV). A record on
 * the platform is changed there first (`POST /{id}` with `status`), and only once the platform
 * took it is the status written through the engine (audited as `pause` or `activate`); the row stays
 * locked meanwhile, so two clicks cannot interleave. A planning record only changes here.
 */

const STATUS_OF: Readonly<Record<string, DeliveryStatus>> = { pause: 'PAUSED', activate: 'ACTIVE' };

export function registerStatusActions(context: ServerPluginContext, graph: GraphClient): void {
  const tree: readonly ResourceDefinition[] = [campaignsResource, adsetsResource, adsResource];
  for (const definition of tree) {
    for (const action of definition.rowActions ?? []) {
      const status = STATUS_OF[action.name];
      if (!status) continue;
      context.resources.rowAction(definition, action, async ({ tx, record }) => {
        const externalId = record.external_id;
        if (record.on_platform === true && typeof externalId === 'string') {
          const target = await platformTarget(tx, definition.id, record.id);
          if (!target?.token) throw new ApiError(503, NO_SERVICE);
          await graph
            .session(target.token)
            .setStatus(externalId, status === 'ACTIVE' ? 'ACTIVE' : 'PAUSED')
            .catch((error: unknown) => {
              throw platformFailure(error);
            });
        }
        return { status };
      });
    }
  }
}
