/** The issue tracker (YouTrack): groups, a user's service account and memberships. */

export interface IssueTrackerGroup {
  /** YouTrack's (Hub) group id, or the local adapter's number as text. */
  readonly id: string;
  readonly name: string;
}

export interface IssueTrackerAccount {
  readonly user_id: number;
  /** The account's id in the issue tracker. */
  readonly external_id: string;
  readonly login: string;
  readonly created_at: string;
}

/** Group ids travel in paths: letters, digits and `-_.:`, as YouTrack's are (`3-1`, UUIDs). */
export const GROUP_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$';
