import type { FastifyInstance } from 'fastify';
import type { PermissionRequirement } from '@core/shared/permissions';
import type { DataEnvelope, ListEnvelope } from '@core/shared/envelopes';
import type { Database } from '../database/database';
import { notFound } from '../http/api-error';
import { actorOf, languageOf } from '../resource/route-kit';
import { ID_PARAMS, USERS_ACCESS, type IdParams } from './users-common';
import { createUserSchema, readNewUser, readUserChanges, updateUserSchema, type UserBody } from './users-input';
import { usersLifecycleRoutes } from './users-lifecycle-routes';
import { usersPermissionsRoutes } from './users-permissions-routes';
import { listUserRecords, readUsersListQuery, type UserListRecord } from './users-list';
import { requireUserInfo, userExists, type UserInfo } from './users-queries';
import { rolesReferenceRoute, usersReferenceRoutes } from './users-reference-routes';
import { usersSelfRoutes } from './users-self-routes';
import { insertUser, updateUser } from './users-store';
import { rethrowUniqueViolation } from './users-unique';

/** User administration (code JU); also mounts the lifecycle, reference, self-service and grant routes. */
export function usersRoutes(
  app: FastifyInstance,
  db: Database,
  pickerRequirements: readonly PermissionRequirement[],
): void {
  const config = { access: USERS_ACCESS };

  app.get('/users', { config }, async (request): Promise<ListEnvelope<UserListRecord>> => {
    const language = languageOf(request);
    return { data: await listUserRecords(db, readUsersListQuery(request.query, language), language) };
  });

  app.get<{ Params: IdParams }>(
    '/users/:id/info',
    { schema: { params: ID_PARAMS }, config },
    async (request): Promise<DataEnvelope<UserInfo>> => ({ data: await requireUserInfo(db, request.params.id) }),
  );

  app.post<{ Body: UserBody }>('/users', { schema: createUserSchema, config }, async (request, reply) => {
    const input = await readNewUser(db, request.body);
    // A new user's roles are exactly those sent, none when the list is empty.
    const write = { ...input.write, roles: input.write.roles ?? [] };
    const id = await db
      .transaction((tx) => insertUser(tx, input.columns, write, actorOf(request)))
      .catch(rethrowUniqueViolation);
    return reply.status(201).send({ data: await requireUserInfo(db, id) });
  });

  app.patch<{ Params: IdParams; Body: UserBody }>(
    '/users/:id',
    { schema: updateUserSchema, config },
    async (request): Promise<DataEnvelope<UserInfo>> => {
      const { id } = request.params;
      if (!(await userExists(db, id))) throw notFound('User');
      const input = await readUserChanges(db, id, request.body);
      await db
        .transaction((tx) =>
          updateUser(tx, id, input.columns, input.write, actorOf(request), request.body.version ?? null),
        )
        .catch(rethrowUniqueViolation);
      return { data: await requireUserInfo(db, id) };
    },
  );

  usersLifecycleRoutes(app, db);
  usersPermissionsRoutes(app, db);
  usersReferenceRoutes(app, db, pickerRequirements);
  rolesReferenceRoute(app, db);
  usersSelfRoutes(app, db);
}
