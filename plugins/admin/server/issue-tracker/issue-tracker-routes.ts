import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/sdk/shared';
import { ApiError, type IdParams, type Queryable, type ServerPluginContext } from '@core/sdk/server';
import { GROUP_ID_PATTERN, type IssueTrackerGroup } from '../../shared/you-track';
import { ACCESS } from '../http';
import { deleteServiceLink } from '../service-links/service-links-store';
import type { IssueTrackerAdapter } from './issue-tracker-adapter';
import {
  createGroup,
  ISSUE_ACCOUNTS_RESOURCE,
  joinGroup,
  openAccount,
  refOf,
  wireAccount,
  type AccountRow,
} from './issue-tracker-writes';

export const NO_ACCOUNT = 'This user has no issue-tracker account: create it first.';
export const ACCOUNT_EXISTS = 'This user already has an issue-tracker account.';

async function findAccount(db: Queryable, userId: number, forUpdate = false): Promise<AccountRow | null> {
  const { rows } = await db.query<AccountRow>(
    `SELECT user_id, external_id, login, created_at FROM admin.you_track_accounts WHERE user_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0] ?? null;
}

interface MembershipParams {
  readonly userId: number;
  readonly groupId: string;
}

const groupBody = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  // PostgreSQL text cannot hold a NUL character.
  properties: { name: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[^\\u0000]*$' } },
} as const;

/**
 * The issue tracker: its groups, each user's service account, and the user's groups.
 * Code JU: it is part of the user's detail (service tab).
 */
export function issueTrackerRoutes(
  app: FastifyInstance,
  { db, users, audit, routes }: ServerPluginContext,
  adapter: IssueTrackerAdapter,
): void {
  const config = { access: ACCESS.users };
  const { ID_PARAMS, ROW_ID, notFound, conflict, validationError, actorOf } = routes;
  const writes = { adapter, audit };
  const membershipParams = {
    type: 'object',
    required: ['userId', 'groupId'],
    properties: { userId: ROW_ID, groupId: { type: 'string', pattern: GROUP_ID_PATTERN } },
  } as const;

  /** The user's account, or 409 saying to create it; 404 for a missing user (or a deleted one, when `live`). */
  async function requireAccount(tx: Queryable, userId: number, live: boolean): Promise<AccountRow> {
    await users.require(tx, userId, { live });
    const account = await findAccount(tx, userId, true);
    if (!account) throw conflict(NO_ACCOUNT);
    return account;
  }

  async function requireGroup(tx: Queryable, groupId: string): Promise<IssueTrackerGroup> {
    const group = (await adapter.listGroups(tx)).find((candidate) => candidate.id === groupId);
    if (!group) throw notFound('Group');
    return group;
  }

  app.get(
    '/you-track/groups',
    { config },
    async (): Promise<DataEnvelope<IssueTrackerGroup[]>> => ({ data: await adapter.listGroups(db) }),
  );

  app.post<{ Body: { name: string } }>(
    '/you-track/groups',
    { schema: { body: groupBody }, config },
    async (request, reply) => {
      const name = request.body.name.trim();
      if (name === '') throw validationError({ name: ['This field is required.'] });
      const actor = actorOf(request);
      const group = await db.transaction((tx) => createGroup(tx, writes, name, actor));
      if (!group) throw validationError({ name: ['A group with this name already exists.'] });
      return reply.status(201).send({ data: group, message: 'New record successfully created' });
    },
  );

  app.get<{ Params: IdParams }>(
    '/you-track/users/groups/:id',
    { schema: { params: ID_PARAMS }, config },
    async (request): Promise<DataEnvelope<IssueTrackerGroup[]>> => {
      await users.require(db, request.params.id);
      const account = await findAccount(db, request.params.id);
      // No account, no groups: the service tab offers to create the account.
      return { data: account ? await adapter.groupsOf(db, refOf(account)) : [] };
    },
  );

  app.post<{ Params: IdParams }>(
    '/you-track/users/:id',
    { schema: { params: ID_PARAMS }, config },
    async (request, reply) => {
      const actor = actorOf(request);
      const row = await db.transaction(async (tx) => {
        // The lock serialises two creations for one user: the second waits, then finds the account.
        const user = await users.require(tx, request.params.id, { live: true, lock: true });
        if (await findAccount(tx, user.id)) throw conflict(ACCOUNT_EXISTS);
        return openAccount(tx, writes, user, actor);
      });
      return reply.status(201).send({ data: wireAccount(row), message: 'New record successfully created' });
    },
  );

  app.delete<{ Params: IdParams }>(
    '/you-track/users/:id',
    { schema: { params: ID_PARAMS }, config },
    async (request) => {
      const actor = actorOf(request);
      await db.transaction(async (tx) => {
        const account = await findAccount(tx, request.params.id, true);
        if (!account) throw notFound('Issue-tracker account');
        await adapter.deleteAccount(tx, refOf(account));
        await deleteServiceLink(tx, audit, { you_track_user_id: request.params.id }, actor);
        // The local memberships go with the account (ON DELETE CASCADE).
        await tx.query('DELETE FROM admin.you_track_accounts WHERE user_id = $1', [request.params.id]);
        await audit.record(tx, {
          resource: ISSUE_ACCOUNTS_RESOURCE,
          recordId: request.params.id,
          action: 'delete',
          actorId: actor.id,
          before: { ...wireAccount(account) },
          after: null,
        });
      });
      return { message: 'Successfully deleted' };
    },
  );

  app.post<{ Params: MembershipParams }>(
    '/you-track/users/groups/:userId/:groupId',
    { schema: { params: membershipParams }, config },
    async (request, reply) => {
      const { userId, groupId } = request.params;
      const actor = actorOf(request);
      const groups = await db.transaction(async (tx) => {
        const account = refOf(await requireAccount(tx, userId, true));
        const group = await requireGroup(tx, groupId);
        if ((await adapter.groupsOf(tx, account)).some((member) => member.id === groupId))
          throw conflict('The user is already in this group.');
        await joinGroup(tx, writes, account, group, actor);
        return adapter.groupsOf(tx, account);
      });
      return reply.status(201).send({ data: groups, message: 'Successfully updated' });
    },
  );

  app.delete<{ Params: MembershipParams }>(
    '/you-track/users/groups/:userId/:groupId',
    { schema: { params: membershipParams }, config },
    async (request) => {
      const { userId, groupId } = request.params;
      const actor = actorOf(request);
      const groups = await db.transaction(async (tx) => {
        const account = refOf(await requireAccount(tx, userId, false));
        const group = (await adapter.groupsOf(tx, account)).find((member) => member.id === groupId);
        if (!group) throw new ApiError(404, 'The user is not in this group.');
        await adapter.removeMember(tx, account, groupId);
        await audit.record(tx, {
          resource: ISSUE_ACCOUNTS_RESOURCE,
          recordId: userId,
          action: 'leave_group',
          actorId: actor.id,
          before: { group_id: group.id, group: group.name },
          after: null,
        });
        return adapter.groupsOf(tx, account);
      });
      return { data: groups, message: 'Successfully deleted' };
    },
  );
}
