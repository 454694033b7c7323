import type { FastifyInstance } from 'fastify';
import type { DataEnvelope, ListEnvelope } from '@core/shared/envelopes';
import type { Database } from '../database/database';
import { ApiError, validationError } from '../http/api-error';
import { ROLES_RESOURCE } from '@core/shared/resource/core-resources';
import { changeRecordIn, createRecordIn, hardDeleteIn } from '../resource/mutations';
import { actorOf, languageOf } from '../resource/route-kit';
import { ROLE_HELD, ROLE_HOOKS } from './account-resources';
import { replaceLinks, ROLE_PERMISSIONS, unknownMembers } from './permissions-links';
import { rolePermissions, type PermissionItem } from './permissions-queries';
import { permissionsRoutes } from './permissions-routes';
import { bumpRoleHolders } from './permissions-versions';
import { listRoles, lockRole, requireRole, type RoleItem } from './roles-queries';
import { ID_LIST, ID_PARAMS, ROLES_ACCESS, type IdParams } from './users-common';
import { listUserRecords, readUsersListQuery, type UserListRecord } from './users-list';
import { FOREIGN_KEY_VIOLATION, rethrowUniqueViolation, sqlState } from './users-unique';

interface NameBody {
  readonly name: string;
}

const nameBody = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

const assignSchema = {
  params: ID_PARAMS,
  body: {
    type: 'object',
    required: ['permissions'],
    additionalProperties: false,
    properties: { permissions: ID_LIST },
  },
} as const;

function roleName(body: NameBody): string {
  const name = body.name.trim();
  if (name === '') throw validationError({ name: ['The name field is required.'] });
  return name;
}

const roleHeld = (): ApiError => new ApiError(409, ROLE_HELD);

/**
 * Roles and their permissions (JQ/JT); also mounts the permission catalogue. A role's own writes go
 * through the engine's writer with the roles' hooks (account-resources.ts: the superadmin role keeps
 * its name, a held role stays), so the engine's routes of `core.roles` obey the same rules.
 */
export function rolesRoutes(app: FastifyInstance, db: Database, builtInCodes: ReadonlySet<string>): void {
  const config = { access: ROLES_ACCESS };

  app.get('/roles', { config }, async (): Promise<DataEnvelope<RoleItem[]>> => ({ data: await listRoles(db) }));

  app.get<{ Params: IdParams }>(
    '/roles/:id/permissions',
    { schema: { params: ID_PARAMS }, config },
    async (request): Promise<DataEnvelope<PermissionItem[]>> => {
      await requireRole(db, request.params.id);
      return { data: await rolePermissions(db, request.params.id) };
    },
  );

  // A role's holders: the users list narrowed to the role, for those who manage roles (not users).
  app.get<{ Params: IdParams }>(
    '/roles/:id/users',
    { schema: { params: ID_PARAMS }, config },
    async (request): Promise<ListEnvelope<UserListRecord>> => {
      const { id } = request.params;
      await requireRole(db, id);
      const language = languageOf(request);
      const asked = { ...(request.query as Record<string, unknown>), role_id: String(id) };
      return { data: await listUserRecords(db, readUsersListQuery(asked, language), language) };
    },
  );

  app.post<{ Body: NameBody }>('/roles/add', { schema: { body: nameBody }, config }, async (request, reply) => {
    const name = roleName(request.body);
    // The unique index answers a taken name, as the check before it would have.
    const created = await db
      .transaction((tx) => createRecordIn(tx, ROLES_RESOURCE, { name }, actorOf(request), ROLE_HOOKS))
      .catch(rethrowUniqueViolation);
    return reply.status(201).send({ data: await requireRole(db, created.id) });
  });

  app.put<{ Params: IdParams; Body: NameBody }>(
    '/roles/:id/update',
    { schema: { params: ID_PARAMS, body: nameBody }, config },
    async (request): Promise<DataEnvelope<RoleItem>> => {
      const { id } = request.params;
      const name = roleName(request.body);
      await db
        .transaction(async (tx) => {
          const role = await lockRole(tx, id);
          if (role.name === name) return;
          await changeRecordIn(
            tx,
            ROLES_RESOURCE,
            id,
            { action: 'update', values: { name } },
            actorOf(request),
            ROLE_HOOKS,
          );
        })
        .catch(rethrowUniqueViolation);
      return { data: await requireRole(db, id) };
    },
  );

  app.delete<{ Params: IdParams }>('/roles/:id', { schema: { params: ID_PARAMS }, config }, async (request) => {
    const { id } = request.params;
    await db
      .transaction(async (tx) => {
        await lockRole(tx, id);
        await hardDeleteIn(tx, ROLES_RESOURCE, id, actorOf(request), ROLE_HOOKS);
      })
      .catch((error: unknown) => {
        // user_roles restricts the delete should a holder appear regardless; the answer is the same.
        if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw roleHeld();
        throw error;
      });
    return { data: { id }, message: 'Successfully deleted' };
  });

  app.post<{ Params: IdParams; Body: { permissions: readonly number[] } }>(
    '/roles/:id/assign-permissions',
    { schema: assignSchema, config },
    async (request): Promise<DataEnvelope<PermissionItem[]>> => {
      const { id } = request.params;
      const { permissions } = request.body;
      await db.transaction(async (tx) => {
        await lockRole(tx, id);
        if ((await unknownMembers(tx, ROLE_PERMISSIONS, permissions)).length > 0) {
          throw validationError({ permissions: ['The selected permissions are invalid.'] });
        }
        if (await replaceLinks(tx, ROLE_PERMISSIONS, id, permissions)) await bumpRoleHolders(tx, id);
      });
      return { data: await rolePermissions(db, id) };
    },
  );

  permissionsRoutes(app, db, builtInCodes);
}
