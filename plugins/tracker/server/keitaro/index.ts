import type { FastifyInstance } from 'fastify';
import { recordPagePath } from '@core/sdk/shared';
import type { ResourceHooks, ServerPluginContext } from '@core/sdk/server';
import { trackerManifest } from '../../manifest';
import { KeitaroAdminApi } from './keitaro-api';
import { withKeitaroPush } from './push-hooks';
import { KeitaroSync, PUSH_KIND, type PushPayload, type PushResult } from './record-sync';
import { syncActionRoutes } from './sync-action';

/** The record page a push job's notification opens, from its subject (`tracker.offers:12` → `/offers/12`). */
function pushLink(subject: string | null): string | null {
  const match = /^(tracker\.\w+):(\d+)$/.exec(subject ?? '');
  return match?.[1] && match[2] ? recordPagePath(trackerManifest, match[1], Number(match[2])) : null;
}

/**
 * The Keitaro sync of offers and streams: a durable push job after each write that asks for one,
 * so a push survives a restart, and the `sync` row actions. Answers the tracker's hooks with the push
 * joined to the offers' and streams' rules, for the plugin to register.
 */
export function registerKeitaroSync(
  app: FastifyInstance,
  { db, records, routes, jobs }: ServerPluginContext,
  hooks: Readonly<Record<string, ResourceHooks>>,
): Record<string, ResourceHooks> {
  const sync = new KeitaroSync({
    db,
    records,
    jobs,
    keitaro: (connection) => new KeitaroAdminApi(connection),
    now: () => new Date(),
    log: app.log,
  });
  jobs.define<PushPayload, PushResult>({
    kind: PUSH_KIND,
    label: { en: 'Keitaro push', ru: 'Отправка в Keitaro' },
    requires: { anyOf: ['TO', 'TS'] },
    // A failed push is on its row, and the row action or the Jobs screen pushes it again.
    maxAttempts: 1,
    timeoutMs: 120_000,
    run: (_job, context) => sync.run(context.payload),
    link: (job) => pushLink(job.subject),
  });
  syncActionRoutes(app, routes, sync);
  return withKeitaroPush(hooks, sync);
}
export { KEITARO_SYNC_MESSAGES_RU } from './sync-failures';
