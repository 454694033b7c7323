import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { Database } from '../database/database';
import { notFound } from '../http/api-error';
import { actorOf } from '../resource/route-kit';
import { ID_PARAMS, USERS_ACCESS, type IdParams } from './users-common';
import { requireUserInfo } from './users-queries';
import { applyLifecycle, type LifecycleAction } from './users-store';

interface LifecycleRoute {
  readonly method: HTTPMethods;
  readonly url: string;
  readonly action: LifecycleAction;
  readonly message: string;
}

const ROUTES: readonly LifecycleRoute[] = [
  {
    method: 'DELETE',
    url: '/users/:id/delete',
    action: 'delete',
    message: 'Successfully deleted',
  },
  { method: 'POST', url: '/users/:id/restore', action: 'restore', message: 'Successfully restored' },
  {
    method: 'POST',
    url: '/users/:id/block',
    action: 'block',
    message: 'Successfully blocked',
  },
  { method: 'POST', url: '/users/:id/unblock', action: 'unblock', message: 'Successfully unblocked' },
];

/**
 * Soft delete and restore, block and unblock: each answers `{ data: user info, message }`. A user
 * already in the action's state is answered as they are; deleting or blocking oneself is refused by
 * the users' hooks (account-resources.ts), as on the engine's routes.
 */
export function usersLifecycleRoutes(app: FastifyInstance, db: Database): void {
  for (const route of ROUTES) {
    app.route<{ Params: IdParams }>({
      method: route.method,
      url: route.url,
      schema: { params: ID_PARAMS },
      config: { access: USERS_ACCESS },
      handler: async (request) => {
        const { id } = request.params;
        await db.transaction(async (tx) => {
          if (!(await applyLifecycle(tx, id, route.action, actorOf(request)))) throw notFound('User');
        });
        return { data: await requireUserInfo(db, id), message: route.message };
      },
    });
  }
}
