import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { Database } from '../database/database';
import { notFound, validationError } from '../http/api-error';
import { replaceLinks, unknownMembers, USER_PERMISSIONS } from './permissions-links';
import { bumpUser } from './permissions-versions';
import { ID_LIST, ID_PARAMS, ROLES_ACCESS, type IdParams } from './users-common';
import { requireUserInfo, userExists, type UserInfo } from './users-queries';

interface GrantBody {
  readonly permissions: readonly number[];
}

const grantSchema = {
  params: ID_PARAMS,
  body: {
    type: 'object',
    required: ['permissions'],
    additionalProperties: false,
    properties: { permissions: ID_LIST },
  },
} as const;

/** A user's additional permissions, on top of their roles'. Granting codes is the roles administrators' call (JQ/JT). */
export function usersPermissionsRoutes(app: FastifyInstance, db: Database): void {
  app.put<{ Params: IdParams; Body: GrantBody }>(
    '/users/:id/permissions',
    { schema: grantSchema, config: { access: ROLES_ACCESS } },
    async (request): Promise<DataEnvelope<UserInfo>> => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        if (!(await userExists(tx, id))) throw notFound('User');
        if ((await unknownMembers(tx, USER_PERMISSIONS, request.body.permissions)).length > 0) {
          throw validationError({ permissions: ['The selected permissions are invalid.'] });
        }
        if (await replaceLinks(tx, USER_PERMISSIONS, id, request.body.permissions)) await bumpUser(tx, id);
      });
      return { data: await requireUserInfo(db, id) };
    },
  );
}
