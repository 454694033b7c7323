import type { Queryable } from '../database/database';

/*
 * How a notification reaches the streams of every server copy: the publishing transaction sends
 * `NOTIFY erp_notifications` with the new rows' ids, which PostgreSQL delivers to every listening
 * connection when (and only if) that transaction commits; each server keeps one listening
 * connection and pushes the rows to the streams it holds. PGlite delivers the same NOTIFY to its
 * own process's listener, so both databases take one path.
 */

export const NOTIFICATIONS_CHANNEL = 'erp_notifications';

// A NOTIFY payload holds under 8000 bytes.
const MAX_PAYLOAD = 7900;

/** What a NOTIFY on the channel says: new notifications by id, or that a user's unread count changed. */
export type Announcement =
  | { readonly kind: 'new'; readonly ids: readonly number[] }
  | { readonly kind: 'unread'; readonly userId: number };

/** Announces new notifications (after the transaction `db` belongs to commits), in as many payloads as their ids need. */
export async function announceNew(db: Queryable, ids: readonly number[]): Promise<void> {
  let payload = '';
  for (const id of ids) {
    const next = payload === '' ? `n:${id}` : `${payload},${id}`;
    if (next.length > MAX_PAYLOAD) {
      await db.query('SELECT pg_notify($1, $2)', [NOTIFICATIONS_CHANNEL, payload]);
      payload = `n:${id}`;
    } else {
      payload = next;
    }
  }
  if (payload !== '') await db.query('SELECT pg_notify($1, $2)', [NOTIFICATIONS_CHANNEL, payload]);
}

/** Announces that a user read notifications, so their other open pages update the count. */
export async function announceUnread(db: Queryable, userId: number): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [NOTIFICATIONS_CHANNEL, `u:${userId}`]);
}

/** A payload read back; null for anything else on the channel. */
export function parseAnnouncement(payload: string): Announcement | null {
  if (payload.startsWith('u:')) {
    const userId = Number(payload.slice(2));
    return Number.isSafeInteger(userId) && userId > 0 ? { kind: 'unread', userId } : null;
  }
  if (!payload.startsWith('n:')) return null;
  const ids = payload.slice(2).split(',').map(Number);
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? { kind: 'new', ids } : null;
}
