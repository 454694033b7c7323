import type { FastifyInstance } from 'fastify';
import type { PermissionRequirement } from '@core/shared/permissions';
import type { DataEnvelope, ListEnvelope } from '@core/shared/envelopes';
import type { Database } from '../database/database';
import { notFound } from '../http/api-error';
import { actorOf } from '../resource/route-kit';
import { ID_PARAMS, USERS_ACCESS, type IdParams } from './users-common';
import { createUserSchema, readNewUser, readUserChanges, updateUserSchema, type UserBody } from './users-input';
import { usersLifecycleRoutes } from './users-lifecycle-routes';
import { usersPermissionsRoutes } from './users-permissions-routes';
import {
  listUsers,
  requireUserInfo,
  USER_LIST_PROPERTIES,
  userExists,
  type UserFilters,
  type UserInfo,
  type UserListItem,
  type UserListQuery,
} from './users-queries';
import { rolesReferenceRoute, usersReferenceRoutes } from './users-reference-routes';
import { usersSelfRoutes } from './users-self-routes';
import { insertUser, updateUser } from './users-store';
import { rethrowUniqueViolation } from './users-unique';

const listSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { ...USER_LIST_PROPERTIES, role_id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
  },
} as const;

/** User administration (code JU); also mounts the lifecycle, reference, self-service and grant routes. */
export function usersRoutes(
  app: FastifyInstance,
  db: Database,
  pickerRequirements: readonly PermissionRequirement[],
): void {
  const config = { access: USERS_ACCESS };

  app.get<{ Querystring: UserListQuery & Pick<UserFilters, 'role_id'> }>(
    '/users',
    { schema: listSchema, config },
    async (request): Promise<ListEnvelope<UserListItem>> => ({
      data: await listUsers(db, request.query, request.query),
    }),
  );

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
