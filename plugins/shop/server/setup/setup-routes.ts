import type { FastifyInstance } from 'fastify';
import { actorOf, ID_PARAMS, type IdParams, type ServerPluginContext } from '@core/sdk/server';
import { NOTIFICATIONS } from '@plugins/messenger/server/services';
import { setupTasksResource } from '../../shared/resources';
import { SETUP_ACTIONS, type SetupActionAnswer, type SetupActionBody } from '../../shared/setup';
import { commentOf, setupBodySchema } from './setup-body';
import { notifyBuyer } from './buyer-notice';
import { moveSetupTask } from './setup-transitions';

/**
 * The setup queue's actions (SS): `POST setup-tasks/{id}/take|done|fail` with `{ version, comment? }`,
 * each one engine change of the task; done and fail then tell the buyer through the team's bot.
 */
export function registerSetupQueue(app: FastifyInstance, context: ServerPluginContext): void {
  const { db, users, records } = context;
  const notifications = context.service(NOTIFICATIONS);
  for (const action of SETUP_ACTIONS) {
    app.post<{ Params: IdParams; Body: SetupActionBody }>(
      `/${setupTasksResource.path}/:id/${action}`,
      { config: { access: { requires: 'SS' } }, schema: { params: ID_PARAMS, body: setupBodySchema(action) } },
      async (request): Promise<SetupActionAnswer> => {
        const actor = actorOf(request);
        const comment = commentOf(action, request.body);
        const task = await moveSetupTask(records, request.params.id, action, request.body.version, comment, actor);
        const notice = action === 'take' ? null : await notifyBuyer({ db, users, notifications, log: app.log }, task);
        return { data: task, notice };
      },
    );
  }
}
