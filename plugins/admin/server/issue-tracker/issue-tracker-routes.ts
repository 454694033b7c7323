import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '@core/server/database/database';
import { ApiError, notFound, validationError } from '@core/server/http/api-error';
import type { DataEnvelope } from '@core/shared/envelopes';
import { ISSUE_TRACKER_SERVICE } from '../../shared/services';
import { GROUP_ID_PATTERN, type IssueTrackerAccount, type IssueTrackerGroup } from '../../shared/you-track';
import { ACCESS, conflict, ID_PARAMS, isoOf, requireLiveUser, requireUser, ROW_ID, type IdParams } from '../http';
import { insertServiceLink } from '../service-links/service-links-store';
import type { AccountRef, IssueTrackerAdapter } from './issue-tracker-adapter';

export const NO_ACCOUNT = 'This user has no issue-tracker account: create it first.';
export const ACCOUNT_EXISTS = 'This user already has an issue-tracker account.';

interface AccountRow {
  readonly user_id: string | number;
  readonly external_id: string;
  readonly login: string;
  readonly created_at: Date | string;
}

async function findAccount(db: Queryable, userId: number, forUpdate = false): Promise<AccountRow | null> {
  const { rows } = await db.query<AccountRow>(
    `SELECT user_id, external_id, login, created_at FROM admin.you_track_accounts WHERE user_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0] ?? null;
}

const refOf = (row: AccountRow): AccountRef => ({ userId: Number(row.user_id), externalId: row.external_id, login: row.login });
const wireAccount = (row: AccountRow): IssueTrackerAccount => ({
  user_id: Number(row.user_id),
  external_id: row.external_id,
  login: row.login,
  created_at: isoOf(row.created_at),
});

interface MembershipParams {
  readonly userId: number;
  readonly groupId: string;
}

const membershipParams = {
  type: 'object',
  required: ['userId', 'groupId'],
  properties: { userId: ROW_ID, groupId: { type: 'string', pattern: GROUP_ID_PATTERN } },
} as const;

const groupBody = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  // PostgreSQL text cannot hold a NUL character.
  properties: { name: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[^\\u0000]*$' } },
} as const;

/**
 * The issue tracker (spec §7): its groups, each user's service account, and the user's groups.
 * Code JU: it is part of the user's detail (service tab).
 */
export function issueTrackerRoutes(app: FastifyInstance, db: Database, adapter: IssueTrackerAdapter): void {
  const config = { access: ACCESS.users };

  /** The user's account, or 409 saying to create it; 404 for a missing user (or a deleted one, when `live`). */
  async function requireAccount(tx: Queryable, userId: number, live: boolean): Promise<AccountRow> {
    await requireUser(tx, userId, live);
    const account = await findAccount(tx, userId, true);
    if (!account) throw conflict(NO_ACCOUNT);
    return account;
  }

  async function requireGroup(tx: Queryable, groupId: string): Promise<IssueTrackerGroup> {
    const group = (await adapter.listGroups(tx)).find((candidate) => candidate.id === groupId);
    if (!group) throw notFound('Group');
    return group;
  }

  app.get('/you-track/groups', { config }, async (): Promise<DataEnvelope<IssueTrackerGroup[]>> => ({ data: await adapter.listGroups(db) }));

  app.post<{ Body: { name: string } }>('/you-track/groups', { schema: { body: groupBody }, config }, async (request, reply) => {
    const name = request.body.name.trim();
    if (name === '') throw validationError({ name: ['This field is required.'] });
    const group = await db.transaction((tx) => adapter.createGroup(tx, name));
    if (!group) throw validationError({ name: ['A group with this name already exists.'] });
    return reply.status(201).send({ data: group, message: 'New record successfully created' });
  });

  app.get<{ Params: IdParams }>(
    '/you-track/users/groups/:id',
    { schema: { params: ID_PARAMS }, config },
    async (request): Promise<DataEnvelope<IssueTrackerGroup[]>> => {
      await requireUser(db, request.params.id);
      const account = await findAccount(db, request.params.id);
      // No account, no groups: the service tab offers to create the account.
      return { data: account ? await adapter.groupsOf(db, refOf(account)) : [] };
    },
  );

  app.post<{ Params: IdParams }>('/you-track/users/:id', { schema: { params: ID_PARAMS }, config }, async (request, reply) => {
    const row = await db.transaction(async (tx) => {
      const user = await requireLiveUser(tx, request.params.id);
      // Serialises two creations for one user: the second waits, then finds the account.
      await tx.query('SELECT id FROM core.users WHERE id = $1 FOR UPDATE', [user.id]);
      if (await findAccount(tx, user.id)) throw conflict(ACCOUNT_EXISTS);
      const created = await adapter.createAccount(tx, { userId: user.id, username: user.username, email: user.email });
      const { rows } = await tx.query<AccountRow>(
        `INSERT INTO admin.you_track_accounts (user_id, external_id, login) VALUES ($1, $2, $3)
         RETURNING user_id, external_id, login, created_at`,
        [user.id, created.externalId, created.login],
      );
      await insertServiceLink(tx, { userId: user.id, service: ISSUE_TRACKER_SERVICE, source: { you_track_user_id: user.id } });
      return rows[0] as AccountRow;
    });
    return reply.status(201).send({ data: wireAccount(row), message: 'New record successfully created' });
  });

  app.delete<{ Params: IdParams }>('/you-track/users/:id', { schema: { params: ID_PARAMS }, config }, async (request) => {
    await db.transaction(async (tx) => {
      const account = await findAccount(tx, request.params.id, true);
      if (!account) throw notFound('Issue-tracker account');
      await adapter.deleteAccount(tx, refOf(account));
      // Memberships and the service link go with the account (ON DELETE CASCADE).
      await tx.query('DELETE FROM admin.you_track_accounts WHERE user_id = $1', [request.params.id]);
    });
    return { message: 'Successfully deleted' };
  });

  app.post<{ Params: MembershipParams }>(
    '/you-track/users/groups/:userId/:groupId',
    { schema: { params: membershipParams }, config },
    async (request, reply) => {
      const { userId, groupId } = request.params;
      const groups = await db.transaction(async (tx) => {
        const account = refOf(await requireAccount(tx, userId, true));
        await requireGroup(tx, groupId);
        if ((await adapter.groupsOf(tx, account)).some((group) => group.id === groupId)) throw conflict('The user is already in this group.');
        await adapter.addMember(tx, account, groupId);
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
      const groups = await db.transaction(async (tx) => {
        const account = refOf(await requireAccount(tx, userId, false));
        if (!(await adapter.groupsOf(tx, account)).some((group) => group.id === groupId)) {
          throw new ApiError(404, 'The user is not in this group.');
        }
        await adapter.removeMember(tx, account, groupId);
        return adapter.groupsOf(tx, account);
      });
      return { data: groups, message: 'Successfully deleted' };
    },
  );
}
