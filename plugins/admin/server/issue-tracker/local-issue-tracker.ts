import type { Queryable } from '@core/sdk/server';
import type { IssueTrackerGroup } from '../../shared/you-track';
import type { AccountRef, IssueTrackerAdapter } from './issue-tracker-adapter';

interface GroupRow {
  readonly id: string | number;
  readonly name: string;
}

const toGroup = (row: GroupRow): IssueTrackerGroup => ({ id: String(row.id), name: row.name });

/** Local group ids are row numbers; any other id names no local group. */
function localGroupId(groupId: string): number | null {
  return /^[1-9][0-9]{0,14}$/.test(groupId) ? Number(groupId) : null;
}

/** The default adapter: groups and memberships live in the admin schema; nothing outside is called. */
export const localIssueTracker: IssueTrackerAdapter = {
  name: 'local',

  async listGroups(db) {
    const { rows } = await db.query<GroupRow>('SELECT id, name FROM admin.you_track_groups ORDER BY lower(name), id');
    return rows.map(toGroup);
  },

  async createGroup(db, name) {
    const { rows } = await db.query<GroupRow>(
      `INSERT INTO admin.you_track_groups (name) SELECT $1
       WHERE NOT EXISTS (SELECT 1 FROM admin.you_track_groups WHERE lower(name) = lower($1)) RETURNING id, name`,
      [name],
    );
    return rows[0] ? toGroup(rows[0]) : null;
  },

  async createAccount(_db, user) {
    return { externalId: `local-${user.userId}`, login: user.username };
  },

  // The account row (and with it the memberships) is removed by the caller.
  async deleteAccount() {},

  async groupsOf(db: Queryable, account: AccountRef) {
    const { rows } = await db.query<GroupRow>(
      `SELECT g.id, g.name FROM admin.you_track_memberships m JOIN admin.you_track_groups g ON g.id = m.group_id
       WHERE m.user_id = $1 ORDER BY lower(g.name), g.id`,
      [account.userId],
    );
    return rows.map(toGroup);
  },

  async addMember(db, account, groupId) {
    const id = localGroupId(groupId);
    if (id === null) return;
    await db.query(
      'INSERT INTO admin.you_track_memberships (user_id, group_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [account.userId, id],
    );
  },

  async removeMember(db, account, groupId) {
    const id = localGroupId(groupId);
    if (id === null) return;
    await db.query('DELETE FROM admin.you_track_memberships WHERE user_id = $1 AND group_id = $2', [
      account.userId,
      id,
    ]);
  },
};
