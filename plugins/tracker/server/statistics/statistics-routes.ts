import type { FastifyInstance } from 'fastify';
import type { ServerPluginContext } from '@core/sdk/server';
import { utcToday } from '../report/report-routes';
import { postbackRoutes } from './postback-route';
import { PostbackSecrets } from './postback-secrets';
import { importRoute } from './statistics-import';

/**
 * The statistics table's inputs: the S2S postback with each tracker's postback URL, and the CSV
 * import. `publicUrl` (ERP_PUBLIC_URL) is the origin the postback URL names; without it, the
 * origin the admin reached the API through.
 */
export function statisticsRoutes(
  app: FastifyInstance,
  context: ServerPluginContext,
  env: Readonly<Record<string, string | undefined>> = process.env,
): void {
  const publicUrl = env.ERP_PUBLIC_URL?.trim().replace(/\/+$/, '') || null;
  postbackRoutes(app, context, { secrets: new PostbackSecrets(context.db), today: utcToday, publicUrl });
  importRoute(app, context);
}
