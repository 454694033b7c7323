import type { Queryable } from '@core/sdk/server';
import type { IssueTrackerGroup } from '../../shared/you-track';

/** A user's issue-tracker account as the admin schema records it. */
export interface AccountRef {
  readonly userId: number;
  readonly externalId: string;
  readonly login: string;
}

export interface NewAccount {
  readonly userId: number;
  readonly username: string;
  readonly email: string | null;
}

/**
 * The issue tracker's groups, accounts and memberships. Every method gets the caller's database
 * handle (inside its transaction) for adapters that keep state locally; remote adapters ignore it.
 * Failures are `ApiError`s: 502 when the tracker refuses, 503 when it cannot be reached or is not
 * configured.
 */
export interface IssueTrackerAdapter {
  readonly name: string;
  listGroups(db: Queryable): Promise<IssueTrackerGroup[]>;
  /** A new group; `null` when the name is taken. */
  createGroup(db: Queryable, name: string): Promise<IssueTrackerGroup | null>;
  /** Creates the account; its id and login in the tracker. */
  createAccount(db: Queryable, user: NewAccount): Promise<{ externalId: string; login: string }>;
  deleteAccount(db: Queryable, account: AccountRef): Promise<void>;
  groupsOf(db: Queryable, account: AccountRef): Promise<IssueTrackerGroup[]>;
  addMember(db: Queryable, account: AccountRef, groupId: string): Promise<void>;
  removeMember(db: Queryable, account: AccountRef, groupId: string): Promise<void>;
}
