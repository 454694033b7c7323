import type { Actor, AuditService, Queryable, UserRef } from '@core/sdk/server';
import { ISSUE_TRACKER_SERVICE } from '../../shared/services';
import type { IssueTrackerAccount, IssueTrackerGroup } from '../../shared/you-track';
import { isoOf } from '../http';
import { insertServiceLink } from '../service-links/service-links-store';
import type { AccountRef, IssueTrackerAdapter } from './issue-tracker-adapter';

/*
 * The issue tracker's writes, each told to the adapter and audited with its actor in the caller's
 * transaction (the routes' and the demo data's). An account is recorded under its user's id; a
 * group under the local adapter's number, or 0 for an outside tracker's group (whose id is text,
 * kept in the entry's `after`).
 */

export const ISSUE_ACCOUNTS_RESOURCE = 'admin.you_track_accounts';
export const ISSUE_GROUPS_RESOURCE = 'admin.you_track_groups';
const auditId = (groupId: string): number => (/^[0-9]{1,15}$/.test(groupId) ? Number(groupId) : 0);

export interface AccountRow {
  readonly user_id: string | number;
  readonly external_id: string;
  readonly login: string;
  readonly created_at: Date | string;
}

export interface IssueTrackerWrites {
  readonly adapter: IssueTrackerAdapter;
  readonly audit: AuditService;
}

export const refOf = (row: AccountRow): AccountRef => ({
  userId: Number(row.user_id),
  externalId: row.external_id,
  login: row.login,
});
export const wireAccount = (row: AccountRow): IssueTrackerAccount => ({
  user_id: Number(row.user_id),
  external_id: row.external_id,
  login: row.login,
  created_at: isoOf(row.created_at),
});

/** A new group; null when the name is taken. */
export async function createGroup(
  tx: Queryable,
  { adapter, audit }: IssueTrackerWrites,
  name: string,
  actor: Actor,
): Promise<IssueTrackerGroup | null> {
  const group = await adapter.createGroup(tx, name);
  if (group)
    await audit.record(tx, {
      resource: ISSUE_GROUPS_RESOURCE,
      recordId: auditId(group.id),
      action: 'create',
      actorId: actor.id,
      before: null,
      after: { ...group },
    });
  return group;
}

/** The user's account in the tracker, and its service link. */
export async function openAccount(
  tx: Queryable,
  { adapter, audit }: IssueTrackerWrites,
  user: UserRef,
  actor: Actor,
): Promise<AccountRow> {
  const created = await adapter.createAccount(tx, { userId: user.id, username: user.username, email: user.email });
  const { rows } = await tx.query<AccountRow>(
    `INSERT INTO admin.you_track_accounts (user_id, external_id, login) VALUES ($1, $2, $3)
     RETURNING user_id, external_id, login, created_at`,
    [user.id, created.externalId, created.login],
  );
  const account = rows[0] as AccountRow;
  await audit.record(tx, {
    resource: ISSUE_ACCOUNTS_RESOURCE,
    recordId: user.id,
    action: 'create',
    actorId: actor.id,
    before: null,
    after: { ...wireAccount(account) },
  });
  await insertServiceLink(
    tx,
    audit,
    { userId: user.id, service: ISSUE_TRACKER_SERVICE, source: { you_track_user_id: user.id } },
    actor,
  );
  return account;
}

export async function joinGroup(
  tx: Queryable,
  { adapter, audit }: IssueTrackerWrites,
  account: AccountRef,
  group: IssueTrackerGroup,
  actor: Actor,
): Promise<void> {
  await adapter.addMember(tx, account, group.id);
  await audit.record(tx, {
    resource: ISSUE_ACCOUNTS_RESOURCE,
    recordId: account.userId,
    action: 'join_group',
    actorId: actor.id,
    before: null,
    after: { group_id: group.id, group: group.name },
  });
}
