import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/shared/envelopes';
import { SERVICE_ID_PATTERN } from '@core/shared/services';
import type { Database } from '../database/database';
import { validationError } from '../http/api-error';
import {
  deletePermission,
  insertPermission,
  listPermissions,
  lockPermission,
  updatePermission,
  type PermissionColumns,
  type PermissionFilters,
  type PermissionItem,
} from './permissions-queries';
import { bumpPermissionHolders, bumpSuperadmins } from './permissions-versions';
import { ID_PARAMS, MAX_SEARCH_LENGTH, optionalText, ROLES_ACCESS, type IdParams } from './users-common';
import { assertUnique, rethrowUniqueViolation } from './users-unique';

/** A permission's name is the code routes and sidebar entries require. */
export const PERMISSION_CODE = '^[A-Z][A-Z0-9_]{0,31}$';

const PERMISSION_PROPERTIES = {
  name: { type: 'string', pattern: PERMISSION_CODE },
  description: { type: ['string', 'null'], maxLength: 255 },
  service: { type: 'string', pattern: SERVICE_ID_PATTERN },
} as const;

const listSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { service: PERMISSION_PROPERTIES.service, q: { type: 'string', maxLength: MAX_SEARCH_LENGTH } },
  },
} as const;

const addSchema = {
  body: {
    type: 'object',
    required: ['name', 'service'],
    additionalProperties: false,
    properties: PERMISSION_PROPERTIES,
  },
} as const;

const updateSchema = {
  params: ID_PARAMS,
  body: { type: 'object', additionalProperties: false, properties: PERMISSION_PROPERTIES },
} as const;

type PermissionBody = PermissionColumns;
type NewPermissionBody = PermissionBody & Required<Pick<PermissionColumns, 'name' | 'service'>>;

const columnsOf = (body: PermissionBody): PermissionColumns => ({
  ...body,
  description: optionalText(body.description),
});

/**
 * The permission catalogue (JQ/JT). Every change that alters someone's effective codes bumps their
 * permissions version. `builtIn` are the codes the enabled plugins' manifests (and the core) declare.
 */
export function permissionsRoutes(app: FastifyInstance, db: Database, builtIn: ReadonlySet<string>): void {
  const config = { access: ROLES_ACCESS };

  app.get<{ Querystring: PermissionFilters }>(
    '/permissions',
    { schema: listSchema, config },
    async (request): Promise<DataEnvelope<PermissionItem[]>> => ({ data: await listPermissions(db, request.query) }),
  );

  app.post<{ Body: NewPermissionBody }>('/permissions/add', { schema: addSchema, config }, async (request, reply) => {
    const { name, service } = request.body;
    const description = columnsOf(request.body).description ?? null;
    const created = await db
      .transaction(async (tx) => {
        await assertUnique(tx, 'permission_name', name, null);
        const permission = await insertPermission(tx, { name, service, description });
        await bumpSuperadmins(tx);
        return permission;
      })
      .catch(rethrowUniqueViolation);
    return reply.status(201).send({ data: created });
  });

  // The codes the product's own routes and pages require: renaming or deleting one would take it
  // from every role, superadmins included, and could lock everyone out of role management.
  const refuseBuiltIn = (name: string, action: string): void => {
    if (builtIn.has(name))
      throw validationError({ name: [`${name} is a built-in permission and cannot be ${action}.`] });
  };

  app.patch<{ Params: IdParams; Body: PermissionBody }>(
    '/permissions/:id',
    { schema: updateSchema, config },
    async (request): Promise<DataEnvelope<PermissionItem>> => {
      const { id } = request.params;
      const columns = columnsOf(request.body);
      const updated = await db
        .transaction(async (tx) => {
          const current = await lockPermission(tx, id);
          const newName = columns.name !== undefined && columns.name !== current.name ? columns.name : null;
          if (newName !== null) refuseBuiltIn(current.name, 'renamed');
          if (newName !== null) await assertUnique(tx, 'permission_name', newName, id);
          const permission = await updatePermission(tx, id, columns);
          // Holders' tokens carry the old code; they must fetch the new one.
          if (newName !== null) await bumpPermissionHolders(tx, id);
          return permission;
        })
        .catch(rethrowUniqueViolation);
      return { data: updated };
    },
  );

  app.delete<{ Params: IdParams }>('/permissions/:id', { schema: { params: ID_PARAMS }, config }, async (request) => {
    const { id } = request.params;
    await db.transaction(async (tx) => {
      refuseBuiltIn((await lockPermission(tx, id)).name, 'deleted');
      // Before the delete: its cascade removes the links that say who held it.
      await bumpPermissionHolders(tx, id);
      await deletePermission(tx, id);
    });
    return { data: { id }, message: 'Successfully deleted' };
  });
}
